// Bridges one MCP request to the registry's ToolContext: who is calling, cancellation, progress, logging, and
// the person at the client when the client can ask them (plugins/mcp/apps/person-confirm.ts).
import type { Principal } from '../../../core/principal.js'
import type { PersonConfirmation, ToolContext } from '../../../core/tool-types.js'

/** The part of the SDK's per-request context the bridge needs (structural, so this file stays SDK-free). */
export interface McpRequestLike {
  mcpReq: {
    _meta?: { progressToken?: string | number, [key: string]: unknown }
    signal: AbortSignal
    notify: (notification: { method: string, params?: Record<string, unknown> }) => Promise<void>
    log: (level: 'debug' | 'info' | 'warning' | 'error', data: unknown) => Promise<void>
  }
}

type Warn = (obj: Record<string, unknown>, msg: string) => void

export function buildToolContext (ctx: McpRequestLike, principal: Principal, warn: Warn, person?: PersonConfirmation): ToolContext {
  const token = ctx.mcpReq._meta?.progressToken
  // A client that went away must not fail the tool: notification errors are logged and dropped.
  const safely = async (what: string, send: () => Promise<void>) => {
    try {
      await send()
    } catch (err) {
      warn({ what, err: err instanceof Error ? err.message : String(err) }, 'MCP notification not delivered')
    }
  }
  return {
    principal,
    signal: ctx.mcpReq.signal,
    progress: token === undefined
      ? async () => {}
      : (progress, total, message) => safely('progress', () => ctx.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken: token, progress, ...(total !== undefined && { total }), ...(message !== undefined && { message }) }
        })),
    log: (level, data) => safely('log', () => ctx.mcpReq.log(level, data)),
    ...(person && { person })
  }
}
