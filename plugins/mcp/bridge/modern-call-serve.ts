// Serving a 2026-07-28 tools/call the hot path admitted (modern-call.ts decides which): the registry call the
// SDK's per-request server would make, answered and encoded as it would answer, without building that server.
import type { IncomingHttpHeaders, ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { ClientCapabilities } from '@modelcontextprotocol/server'
import { actingFor, type Principal } from '../../../core/principal.js'
import { asBotPerson } from '../../../lib/people/bot-people.js'
import { buildToolContext } from './tool-context.js'
import { canShowForm } from '../apps/person-confirm.js'
import type { createClientExtensions } from './client-extensions.js'
import { admitModernCall, envelopeVerdicts, modernCallAnswer, sendModernAnswer, thrownAnswer, type ModernCall } from './modern-call.js'

export function createModernCallServer (app: FastifyInstance, extensions: ReturnType<typeof createClientExtensions>, serverInfo: { name: string, version: string }, log: FastifyBaseLogger) {
  const rules = {
    plainTool: (name: string) => { const def = app.tools.get(name); return def !== undefined && !def.taskSupport },
    cannotAskPerson: (capabilities: ClientCapabilities) => !canShowForm(capabilities),
    classified: envelopeVerdicts()
  }

  async function serve (call: ModernCall, principal: Principal, res: ServerResponse) {
    const abort = new AbortController()
    let answered = false
    res.once('close', () => { if (!answered) abort.abort() })
    // No progress token and no log level in the envelope: the SDK would send neither, so neither is sent.
    const ctx = { mcpReq: { _meta: call.meta, signal: abort.signal, notify: async () => {}, log: async () => {} } }
    let body: string
    try {
      const result = await app.tools.call(call.name, call.args ?? {}, buildToolContext(ctx, asBotPerson(actingFor(principal, call.meta), app.config.NOTIFY_PEOPLE), (o, m) => log.warn(o, m)))
      body = modernCallAnswer(call, extensions.resultFor(call.capabilities, call.name, result), serverInfo)
    } catch (err) {
      body = JSON.stringify(thrownAnswer(call.id, err))
    }
    answered = true
    if (!abort.signal.aborted) sendModernAnswer(res, body)
  }

  return {
    /** The admitted call, or undefined when the request must go to the SDK. */
    admit: (headers: IncomingHttpHeaders, body: unknown) => admitModernCall(headers, body, rules),
    serve
  }
}
