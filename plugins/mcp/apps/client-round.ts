// Asking the client for input in the middle of a tools/call, one round at a time: the call answers with an
// input_required result (what to ask, keyed, plus a signed request state); the client answers and calls again
// with the answers and the state. On 2026-07-28 that is the client's retry (multi round-trip requests); on
// 2025-11-25 the SDK sends each question as a real request (elicitation/create, sampling, roots) within the
// same tools/call and calls the handler again with the answers, so one flow serves both eras.
//
// One codec per app signs every round's state: HMAC under a per-process key, bound to the caller's principal,
// expiring after CONFIRM_TTL_MS, and naming the purpose and tool it was minted for, so a state minted for one
// tool or purpose answers nothing for another. The SDK verifies it before any handler runs (the server-wide
// verify hook); a state without our prefix (a fixture's own) passes through unverified and never reads as ours.
// The person's confirmation of a destructive call (person-confirm.ts) is one purpose among others.
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import {
  inputRequired, createRequestStateCodec,
  type InputRequests, type InputRequiredResult, type ServerContext, type ServerOptions
} from '@modelcontextprotocol/server'
import type { Principal } from '../../../core/principal.js'
import { CONFIRM_TTL_MS } from '../../../lib/confirm/confirm-store.js'

/** Marks the request states this file mints. */
const STATE_PREFIX = 'round.'

interface Sealed { purpose: string, tool: string, state: unknown }

/** One call's view of its round with the client. */
export interface ClientRound<S> {
  /** The state sealed by this call's previous round (same purpose, tool and principal), if the client echoed one. */
  state?: S
  /** The client's answer under `key`, or undefined when it sent none. */
  answer: (key: string) => unknown
  /** The input_required result that asks `requests` and carries `state` (signed) into the next round. */
  ask: (requests: InputRequests, state: S) => Promise<InputRequiredResult>
}

export interface ClientRounds {
  /** For every McpServer of the app: verify echoed state, and give the client as long as a round lasts. */
  serverOptions: Pick<ServerOptions, 'requestState' | 'inputRequired'>
  /** The round of one tools/call of `tool`, for `purpose` (the feature asking). */
  forCall: <S>(ctx: ServerContext, purpose: string, tool: string) => ClientRound<S>
}

function principalId (ctx: ServerContext): string {
  return (ctx.http?.authInfo?.extra?.principal as Principal | undefined)?.id ?? ''
}

export function createClientRounds (): ClientRounds {
  const codec = createRequestStateCodec<Sealed>({ key: randomBytes(32), ttlSeconds: CONFIRM_TTL_MS / 1000, bind: principalId })
  return {
    serverOptions: {
      requestState: {
        verify: (state: string, ctx: ServerContext) => state.startsWith(STATE_PREFIX) ? codec.verify(state.slice(STATE_PREFIX.length), ctx) : undefined
      },
      inputRequired: { roundTimeoutMs: CONFIRM_TTL_MS }
    },
    forCall<S> (ctx: ServerContext, purpose: string, tool: string): ClientRound<S> {
      // Verified and decoded by the hook; a foreign state stays the raw string and reads as no state.
      const echoed = ctx.mcpReq.requestState<Sealed | string>()
      const ours = typeof echoed === 'object' && echoed !== null && echoed.purpose === purpose && echoed.tool === tool
      return {
        ...(ours && { state: echoed.state as S }),
        answer: key => ctx.mcpReq.inputResponses?.[key],
        ask: async (requests, state) => inputRequired({
          inputRequests: requests,
          requestState: STATE_PREFIX + await codec.mint({ purpose, tool, state }, ctx)
        })
      }
    }
  }
}

const perApp = new WeakMap<FastifyInstance, ClientRounds>()

/** The app's one set of rounds: every McpServer and every feature that asks shares its codec. */
export function clientRoundsOf (app: FastifyInstance): ClientRounds {
  let rounds = perApp.get(app)
  if (!rounds) {
    rounds = createClientRounds()
    perApp.set(app, rounds)
  }
  return rounds
}
