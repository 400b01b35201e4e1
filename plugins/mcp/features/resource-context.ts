// What resource reads and prompts share: the caller from the request (as tools/call finds it), reads that go
// through the tool registry (the same validation, guards, error shaping and logging as a tool call), and JSON
// contents. A resource shows exactly what the tool's structuredContent shows, serialized as JSON.
import type { FastifyInstance } from 'fastify'
import { ProtocolError, ProtocolErrorCode, type ReadResourceResult, type ServerContext } from '@modelcontextprotocol/server'
import type { Principal } from '../../../core/principal.js'
import { buildToolContext } from '../bridge/tool-context.js'

export const JSON_MIME = 'application/json'

/** The authenticated caller of this request (the auth plugin put it there before the SDK saw the request). */
export function callerOf (ctx: ServerContext): Principal {
  const principal = ctx.http?.authInfo?.extra?.principal as Principal | undefined
  if (!principal) throw new ProtocolError(ProtocolErrorCode.InternalError, 'Internal error: unauthenticated request reached a resource')
  return principal
}

/**
 * Calls a read-only tool for a resource read, as the caller, and returns its structuredContent. A tool error
 * (bad input, a backend refusing) becomes an InvalidParams error with the tool's own recovery text.
 */
export async function readThroughTool (app: FastifyInstance, ctx: ServerContext, tool: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const principal = callerOf(ctx)
  const result = await app.tools.call(tool, args, buildToolContext(ctx, principal, (o, m) => app.log.warn(o, m)))
  if (result.isError || !result.structuredContent) {
    const text = result.content.map(c => c.text).join(' ')
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, text || `${tool} gave no result`)
  }
  return result.structuredContent as Record<string, unknown>
}

export function jsonContents (uri: string, data: unknown): ReadResourceResult {
  return { contents: [{ uri, mimeType: JSON_MIME, text: JSON.stringify(data) }] }
}
