// The 2026-07-28 suite's multi-round-trip fixture tools (scenarios input-required-result-* and the server-stateless
// diagnostics of @modelcontextprotocol/conformance 0.2.0-alpha.12): each asks the client for input through an
// input_required result and completes once the answers come back. requestState is sealed with the SDK's HMAC
// codec under a per-process key and bound to the tool, so a tampered or replayed state is refused.
import { randomBytes } from 'node:crypto'
import {
  CLIENT_CAPABILITIES_META_KEY, ProtocolError, ProtocolErrorCode, createRequestStateCodec, inputRequired, inputResponse,
  type CallToolResult, type ClientCapabilities, type InputRequest, type InputRequests, type InputRequiredResult, type ServerContext
} from '@modelcontextprotocol/server'
import type { RawTool } from '../../plugins/mcp/features/installed.js'
import { rawTool, text } from './conformance-content.js'

type Step = { step: string }
// Bound to the method; each tool's step names are its own, so one tool's state means nothing to another.
const codec = createRequestStateCodec<Step>({ key: randomBytes(32), bind: ctx => ctx.mcpReq.method })

/** The payload of an echoed requestState, verified; a forged, altered or expired one is refused with -32602. */
async function stateOf (ctx: ServerContext): Promise<Step | undefined> {
  const raw = ctx.mcpReq.requestState()
  if (raw === undefined) return undefined
  try {
    return await codec.verify(String(raw), ctx)
  } catch {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid or expired requestState: it failed its integrity check. Call the tool again without requestState to start over.')
  }
}

const nameForm = (message: string, field: string): InputRequest => inputRequired.elicit({
  message, requestedSchema: { type: 'object', properties: { [field]: { type: 'string' } }, required: [field] }
})
const sample = (prompt: string, maxTokens: number): InputRequest =>
  inputRequired.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens })
const answered = (ctx: ServerContext, key: string) => inputResponse(ctx.mcpReq.inputResponses, key)
const field = (ctx: ServerContext, key: string, name: string): string => {
  const answer = answered(ctx, key)
  return answer.kind === 'elicit' ? String(answer.content?.[name] ?? '') : ''
}
const sampled = (ctx: ServerContext, key: string): string => {
  const answer = answered(ctx, key)
  const content = answer.kind === 'sampling' ? answer.result.content : undefined
  return content && !Array.isArray(content) && content.type === 'text' ? content.text : ''
}

/** Asks for every request not yet answered (with a fresh state when `step` is given), or returns `done()`. */
async function round (ctx: ServerContext, requests: InputRequests, done: () => CallToolResult, step?: string): Promise<CallToolResult | InputRequiredResult> {
  const missing = Object.entries(requests).filter(([key]) => answered(ctx, key).kind === 'missing')
  if (missing.length === 0) return done()
  const inputRequests = Object.fromEntries(missing)
  return step === undefined ? inputRequired({ inputRequests }) : await sealed(ctx, inputRequests, step)
}

/** Asks for `requests` with a freshly sealed state for `step`. */
async function sealed (ctx: ServerContext, requests: InputRequests, step: string): Promise<InputRequiredResult> {
  return inputRequired({ inputRequests: requests, requestState: await codec.mint({ step }, ctx) })
}

function clientCapabilities (ctx: ServerContext): ClientCapabilities | undefined {
  return (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined
}

export const mrtrTools: RawTool[] = [
  rawTool('test_input_required_result_elicitation', 'Asks for the person\'s name, then greets them', async (_args, ctx) =>
    round(ctx, { user_name: nameForm('What is your name?', 'name') }, () => text(`Hello, ${field(ctx, 'user_name', 'name')}!`))),
  rawTool('test_input_required_result_sampling', 'Asks the client to sample an answer, then returns it', async (_args, ctx) =>
    round(ctx, { capital_question: sample('What is the capital of France?', 100) }, () => text(`The model answered: ${sampled(ctx, 'capital_question')}`))),
  rawTool('test_input_required_result_list_roots', 'Asks the client for its roots, then lists them', async (_args, ctx) =>
    round(ctx, { client_roots: inputRequired.listRoots() }, () => {
      const answer = answered(ctx, 'client_roots')
      return text(`Client roots: ${answer.kind === 'roots' ? answer.roots.map(r => r.uri).join(', ') : 'none'}`)
    })),
  rawTool('test_input_required_result_request_state', 'Asks for a confirmation and checks its sealed state', async (_args, ctx) => {
    const state = await stateOf(ctx)
    if (state?.step === 'confirm' && answered(ctx, 'confirm').kind !== 'missing') return text('state-ok: the confirmation arrived with its sealed state')
    const confirm = inputRequired.elicit({ message: 'Please confirm', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } })
    return sealed(ctx, { confirm }, 'confirm')
  }),
  rawTool('test_input_required_result_multiple_inputs', 'Asks for a name, a sampled greeting and the roots at once', async (_args, ctx) => {
    const requests = { user_name: nameForm('What is your name?', 'name'), greeting: sample('Generate a greeting', 50), client_roots: inputRequired.listRoots() }
    if ((await stateOf(ctx))?.step !== 'all') return sealed(ctx, requests, 'all')
    return round(ctx, requests, () => text(`${sampled(ctx, 'greeting')} ${field(ctx, 'user_name', 'name')}`.trim()), 'all')
  }),
  rawTool('test_input_required_result_multi_round', 'Asks for a name, then a colour, in two rounds', async (_args, ctx) => {
    const step1 = nameForm('Step 1: What is your name?', 'name')
    const step2 = nameForm('Step 2: What is your favorite color?', 'color')
    const state = await stateOf(ctx)
    if (state?.step === 'step2') return round(ctx, { step2 }, () => text(`Done: ${field(ctx, 'step2', 'color')} it is`), 'step2')
    if (state?.step === 'step1' && answered(ctx, 'step1').kind !== 'missing') return sealed(ctx, { step2 }, 'step2')
    return sealed(ctx, { step1 }, 'step1')
  }),
  rawTool('test_input_required_result_tampered_state', 'Seals its state; a tampered state is refused', async (_args, ctx) => {
    if ((await stateOf(ctx))?.step === 'sealed') return text('The sealed state came back intact.')
    return sealed(ctx, { ok: nameForm('Continue?', 'ok') }, 'sealed')
  }),
  rawTool('test_input_required_result_capabilities', 'Asks only for the kinds of input the client declared', async (_args, ctx) => {
    const caps = clientCapabilities(ctx) ?? { elicitation: {}, sampling: {} }
    const requests: InputRequests = {}
    if (caps.sampling) requests.summary = sample('Summarize the situation', 50)
    if (caps.elicitation) requests.user_name = nameForm('What is your name?', 'name')
    if (Object.keys(requests).length === 0) return text('The client declared no input capability; nothing to ask.')
    return round(ctx, requests, () => text('Every declared input arrived.'))
  }),
  // server-stateless diagnostics: needs sampling (the SDK answers -32021 when the client did not declare it) ...
  rawTool('test_missing_capability', 'Needs the client\'s sampling capability', async (_args, ctx) =>
    round(ctx, { probe: sample('Reply with OK', 10) }, () => text('Sampling answered.'))),
  // ... and asks for elicitation on its response stream as an input_required result, never as a request.
  rawTool('test_streaming_elicitation', 'Asks for elicitation through an input_required result', async (_args, ctx) =>
    round(ctx, { user_name: nameForm('What is your name?', 'name') }, () => text(`Hello, ${field(ctx, 'user_name', 'name')}!`)))
]
