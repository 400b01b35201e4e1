// Confirmation by the person for MCP clients that can show a form (elicitation, form mode). A destructive call
// answers with an input_required result carrying the question; the client shows it to the person and calls
// again with the answer and the request state. On 2026-07-28 that is the client's retry (multi round-trip
// requests); on 2025-11-25 the SDK sends the question as an elicitation/create request within the same
// tools/call and re-enters the handler with the answer, so one flow serves both eras.
//
// The request state is HMAC-signed with a per-process key, bound to the caller's principal and expiring with
// the confirmation (5 minutes); a state that fails any check is refused by the SDK before our handler runs.
// It carries the handle of the pending confirmation, which the confirm gate never accepts as a confirmToken.
// Our states carry a prefix of their own: the verify hook is server-wide, so a state without it (another
// feature's) passes through unverified and can never answer a confirmation.
import { randomBytes } from 'node:crypto'
import {
  createRequestStateCodec, inputRequired,
  type ClientCapabilities, type InputRequiredResult, type ServerContext, type ServerOptions
} from '@modelcontextprotocol/server'
import type { Principal } from '../../core/principal.js'
import type { PersonConfirmation, PersonDecision, PersonQuestion } from '../../core/tool-types.js'
import { CONFIRM_TTL_MS } from '../../lib/confirm/confirm-store.js'

/** The key of our one input request, in inputRequests and in the client's inputResponses. */
const ANSWER = 'confirm'
/** Marks the request states this file mints. */
const STATE_PREFIX = 'confirm.'

interface PendingState {
  /** The pending confirmation's handle. */
  confirmation: string
  tool: string
}

function principalId (ctx: ServerContext): string {
  return (ctx.http?.authInfo?.extra?.principal as Principal | undefined)?.id ?? ''
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

export function createPersonConfirm () {
  const codec = createRequestStateCodec<PendingState>({
    key: randomBytes(32),
    ttlSeconds: CONFIRM_TTL_MS / 1000,
    bind: principalId
  })

  return {
    /** For every McpServer: verify returned request state, and give the person as long as a confirmation lasts. */
    serverOptions: {
      requestState: {
        verify: (state: string, ctx: ServerContext) => state.startsWith(STATE_PREFIX) ? codec.verify(state.slice(STATE_PREFIX.length), ctx) : undefined
      },
      inputRequired: { roundTimeoutMs: CONFIRM_TTL_MS }
    } satisfies ServerOptions,

    /**
     * The person of one tools/call, or undefined when the client cannot show a form. `asked()` is the
     * input_required result to answer with when the call ended by asking.
     */
    forCall (ctx: ServerContext, capabilities: ClientCapabilities | undefined) {
      if (!canShowForm(capabilities)) return undefined
      let asked: InputRequiredResult | undefined
      // Verified and decoded by the hook; a foreign state stays the raw string and answers nothing.
      const state = ctx.mcpReq.requestState<PendingState | string>()
      const response = ctx.mcpReq.inputResponses?.[ANSWER]
      // Without both our verified state and a response, the call starts over: a fresh preview and question.
      const answer = typeof state === 'object' && typeof state.confirmation === 'string' && response !== undefined
        ? { confirmation: state.confirmation, decision: decisionOf(response) }
        : undefined
      const person: PersonConfirmation = {
        ...(answer && { answer }),
        ask: async question => {
          asked = inputRequired({
            inputRequests: {
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
            },
            requestState: STATE_PREFIX + await codec.mint({ confirmation: question.confirmation, tool: question.tool }, ctx)
          })
        }
      }
      return { person, asked: () => asked }
    }
  }
}
