// Decorates the tool registry (lib/tools/registry.ts: the one road to every tool) onto the app as app.tools,
// wired to the guards the app has installed.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createToolRegistry, type ToolRegistry } from '../lib/tools/registry.js'
import { auditedTools } from '../lib/audit/tool-calls.js'

declare module 'fastify' {
  interface FastifyInstance {
    tools: ToolRegistry
  }
}

export default fp(async function toolRegistryPlugin (app: FastifyInstance) {
  const registry = createToolRegistry({
    log: app.log,
    sandbox: app.hasDecorator('sandbox') ? app.sandbox : undefined,
    urlGuard: app.hasDecorator('urlGuard') ? app.urlGuard : undefined,
    confirm: app.hasDecorator('confirm') ? app.confirm : undefined,
    // Read at error time: the probe plugin may register after this one.
    backendWarning: service => app.hasDecorator('backendWarning') ? app.backendWarning(service) : undefined
  })
  // Every call of a tool with effects is recorded in the audit log first (plugins/audit.ts).
  app.decorate('tools', app.hasDecorator('audit') ? auditedTools(registry, app.audit.store, app.audit.redact) : registry)
}, { name: 'tool-registry' })
