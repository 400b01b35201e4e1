// Decorates the tool registry (lib/tools/registry.ts: the one road to every tool) onto the app as app.tools,
// wired to the guards the app has installed.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createToolRegistry, type ToolRegistry } from '../lib/tools/registry.js'
import { auditedTools } from '../lib/audit/tool-calls.js'
import { changedNothing } from '../lib/tools/no-change.js'
import { createChangeSignal, type ChangeSignal } from '../core/change-signal.js'
import { FINISHED_STATUSES, type JobRecord } from '../core/job-types.js'
import type { ToolCallResult, ToolDefinition } from '../core/tool-types.js'

declare module 'fastify' {
  interface FastifyInstance {
    tools: ToolRegistry
    /** Emits the tool name or job kind when a call or job that changes the media library has ended. */
    libraryChanges: ChangeSignal<string>
  }
}

/** How long shutdown waits for tool calls in flight (server.ts gives the whole close 10 s). */
const CALL_GRACE_MS = 5_000

export default fp<{ callGraceMs?: number }>(async function toolRegistryPlugin (app: FastifyInstance, opts) {
  const registry = createToolRegistry({
    log: app.log,
    sandbox: app.hasDecorator('sandbox') ? app.sandbox : undefined,
    urlGuard: app.hasDecorator('urlGuard') ? app.urlGuard : undefined,
    confirm: app.hasDecorator('confirm') ? app.confirm : undefined,
    // Read at error time: the probe plugin may register after this one.
    backendWarning: service => app.hasDecorator('backendWarning') ? app.backendWarning(service) : undefined
  })
  // Every call of a tool with effects is recorded in the audit log first (plugins/audit.ts).
  const tools = app.hasDecorator('audit') ? auditedTools(registry, app.audit.store, app.audit.redact) : registry
  const inFlight = new Set<Promise<unknown>>()
  const libraryChanges = createChangeSignal<string>(err => app.log.error({ err }, 'library change listener failed'))
  app.decorate('libraryChanges', libraryChanges)
  // A job that ends, even failed or cancelled, may have changed part of what it was to change.
  const settled = (job: JobRecord) => FINISHED_STATUSES.includes(job.status) && app.jobs.changesLibrary(job.kind)
  if (app.hasDecorator('jobs')) {
    const stop = app.jobs.subscribe(job => { if (settled(job)) libraryChanges.emit(job.kind) })
    app.addHook('onClose', async () => { stop() })
  }
  app.decorate('tools', {
    ...tools,
    call: (name, args, ctx) => {
      const call = tools.call(name, args, ctx)
      inFlight.add(call)
      call.then(result => { if (changedLibrary(tools.get(name), args, result)) libraryChanges.emit(name) }, () => {})
      call.finally(() => inFlight.delete(call)).catch(() => {})
      return call
    }
  } satisfies ToolRegistry)
  // Calls in flight are answered before the MCP plugin closes their sessions (its preClose runs after this one,
  // and the jobs plugin's, which stops running jobs so calls waiting on one return at once, runs before).
  app.addHook('preClose', async () => {
    let timer: NodeJS.Timeout | undefined
    const grace = new Promise(resolve => { timer = setTimeout(resolve, opts.callGraceMs ?? CALL_GRACE_MS) })
    await Promise.race([Promise.allSettled([...inFlight]), grace])
    clearTimeout(timer)
    // Let the answers just produced be written before the sessions carrying them close.
    await new Promise(resolve => setImmediate(resolve))
  })
}, { name: 'tool-registry' })

/** A call changed the library when its tool says so for these arguments and it did change something. */
function changedLibrary (def: ToolDefinition | undefined, args: unknown, result: ToolCallResult): boolean {
  const flag = def?.changesLibrary
  // A preview (it carries a confirmation) and a call that found nothing to do changed nothing.
  if (!flag || result.isError || changedNothing(result) || result.structuredContent?.confirmation !== undefined) return false
  return flag === true || flag((args !== null && typeof args === 'object' ? args : {}) as Record<string, unknown>)
}
