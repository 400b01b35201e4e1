// Confirmation by the person for MCP clients that can show a form (elicitation, form mode): one purpose of the
// generic round with the client (client-round.ts). A destructive call answers with an input_required result
// carrying the question; the client shows it to the person and calls again with the answer and the request
// state, which the round signs, binds to the caller's principal and the tool, and expires with the
// confirmation (5 minutes). It carries the handle of the pending confirmation, which the confirm gate never
// accepts as a confirmToken.
import type { FastifyInstance } from 'fastify'
import { inputRequired, type ClientCapabilities, type InputRequiredResult, type ServerContext } from '@modelcontextprotocol/server'
import type { PersonConfirmation, PersonDecision, PersonQuestion } from '../../../core/tool-types.js'
import { clientRoundsOf } from './client-round.js'

/** The key of our one input request, in inputRequests and in the client's inputResponses. */
const ANSWER = 'confirm'
/** The round's purpose: only a state minted for a confirmation answers one. */
const PURPOSE = 'confirm'

interface PendingState {
  /** The pending confirmation's handle. */
  confirmation: string
}

/** Form mode is declared explicitly, or implied by a bare `elicitation: {}` (the 2025 meaning). */
export function canShowForm (capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation as Record<string, unknown> | undefined
  if (!elicitation || typeof elicitation !== 'object') return false
  return elicitation.form !== undefined || elicitation.url === undefined
}

export function questionMessage (q: PersonQuestion): string {
  return [
    `${q.title} (${q.tool}) asks for your confirmation.`,
    q.summary,
    'Exactly these targets:',
    ...q.targets.map(line => `- ${line}`),
    'Nothing happens unless you tick Confirm and accept.'
  ].join('\n')
}

function decisionOf (response: unknown): PersonDecision {
  const r = response as { action?: unknown, content?: { confirm?: unknown } } | undefined
  if (r?.action === 'accept') return r.content?.confirm === true ? 'accept' : 'decline'
  return r?.action === 'decline' ? 'decline' : 'cancel'
}

export function createPersonConfirm (app: FastifyInstance) {
  const rounds = clientRoundsOf(app)
  return {
    /** For every McpServer: verify returned request state, and give the person as long as a confirmation lasts. */
    serverOptions: rounds.serverOptions,

    /**
     * The person of one tools/call of `tool`, or undefined when the client cannot show a form. `asked()` is the
     * input_required result to answer with when the call ended by asking.
     */
    forCall (ctx: ServerContext, capabilities: ClientCapabilities | undefined, tool: string) {
      if (!canShowForm(capabilities)) return undefined
      let asked: InputRequiredResult | undefined
      const round = rounds.forCall<PendingState>(ctx, PURPOSE, tool)
      const response = round.answer(ANSWER)
      // Without both our verified state and a response, the call starts over: a fresh preview and question.
      const answer = typeof round.state?.confirmation === 'string' && response !== undefined
        ? { confirmation: round.state.confirmation, decision: decisionOf(response) }
        : undefined
      const person: PersonConfirmation = {
        ...(answer && { answer }),
        ask: async question => {
          asked = await round.ask({
            [ANSWER]: inputRequired.elicit({
              mode: 'form',
              message: questionMessage(question),
              requestedSchema: {
                type: 'object',
                properties: {
                  confirm: { type: 'boolean', title: 'Confirm', description: 'Yes, do exactly this', default: false }
                },
                required: ['confirm']
              }
            })
          }, { confirmation: question.confirmation })
        }
      }
      return { person, asked: () => asked }
    }
  }
}
