// A destructive call confirmed by the person rather than through a token the model relays. The first call
// previews and asks (the client shows the question and calls again with the answer); the answering call
// re-checks the preview against the pending confirmation and runs only on the person's accept. The pending
// confirmation is the confirm gate's own record (via 'person'): the same binding to tool, arguments,
// principal and previewed targets, single use, 5 minutes, and never redeemable as a confirmToken.
import { plainLine } from '../../core/untrusted-text.js'
import type {
  ConfirmBinding, ConfirmGate, ConfirmPreview, PersonConfirmation, PersonDecision, ToolCallResult
} from '../../core/tool-types.js'
import { targetLines } from '../confirm/target-lines.js'
import { markUnchanged } from './no-change.js'

export interface PersonFlow {
  gate: ConfirmGate
  binding: ConfirmBinding
  title: string
  /** The tool's preview for these arguments (run again on the answering call). */
  preview: () => Promise<ConfirmPreview>
  /** The checked result of a preview that found nothing to do. */
  nothingToDo: (outcome: NonNullable<ConfirmPreview['nothingToDo']>) => ToolCallResult
  /** Redeems the confirmation against these targets, runs the tool on them and stores the outcome. */
  runConfirmed: (confirmation: string, binding: ConfirmBinding, targets: unknown) => Promise<ToolCallResult>
}

export async function confirmByPerson (person: PersonConfirmation, flow: PersonFlow): Promise<ToolCallResult> {
  const binding: ConfirmBinding = { ...flow.binding, via: 'person' }
  const tool = binding.tool
  const answer = person.answer
  if (!answer) {
    const preview = await flow.preview()
    if (preview.nothingToDo) return flow.nothingToDo(preview.nothingToDo)
    const { confirmToken } = flow.gate.issue(binding, preview.targets)
    const summary = plainLine(preview.summary)
    await person.ask({ confirmation: confirmToken, tool, title: flow.title, summary, targets: targetLines(preview.targets) })
    // Transports that can ask replace this with their own question; its text is what the call amounts to.
    return markUnchanged({ content: [{ type: 'text', text: `Asked the person to confirm: ${summary} Nothing has changed yet.` }], _meta: { confirm: 'asked' } })
  }
  const stored = flow.gate.replay(answer.confirmation, binding)
  if (stored) return markUnchanged(stored)
  if (answer.decision !== 'accept') {
    const outcome = notConfirmed(tool, answer.decision)
    flow.gate.decline(answer.confirmation, binding, outcome)
    return outcome
  }
  const preview = await flow.preview()
  return await flow.runConfirmed(answer.confirmation, binding, preview.targets)
}

function notConfirmed (tool: string, decision: Exclude<PersonDecision, 'accept'>): ToolCallResult {
  const what = decision === 'decline' ? 'The person declined' : 'The person closed the confirmation without answering'
  const text = `${what}: ${tool} did not run and nothing was changed. Do not retry unless the person asks for it again.`
  return {
    content: [{ type: 'text', text }],
    isError: true,
    _meta: { confirm: decision === 'decline' ? 'declined' : 'cancelled', error: { error: text, kind: 'not_confirmed_by_person' } }
  }
}
