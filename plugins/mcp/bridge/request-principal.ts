// The credential behind one MCP request (set by plugins/mcp.ts from the authenticated HTTP request).
import { ProtocolError, ProtocolErrorCode, type ServerContext } from '@modelcontextprotocol/server'
import type { Principal } from '../../../core/principal.js'

export function principalOf (ctx: ServerContext): Principal {
  const principal = ctx.http?.authInfo?.extra?.principal as Principal | undefined
  if (!principal) throw new ProtocolError(ProtocolErrorCode.InternalError, 'Internal error: unauthenticated request reached a tool')
  return principal
}
