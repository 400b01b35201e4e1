// What an extension changes for the clients that declared it (SEP-1724 `capabilities.extensions`): `_meta` on
// tools/list entries, and the shape of a tool result. A client that declared none gets exactly the registry's
// list and results. Each tools/list combination is computed once and reused.
import type { FastifyInstance } from 'fastify'
import type { CallToolResult, ClientCapabilities, Tool } from '@modelcontextprotocol/server'
import type { PublishedTool, ToolCallResult } from '../../../core/tool-types.js'

export interface McpClientExtension {
  /** Whether the client declared this extension in its capabilities. */
  declaredBy: (capabilities: ClientCapabilities | undefined) => boolean
  /** The `_meta` of one tool's tools/list entry for such a client, or undefined for none. */
  toolMeta?: (tool: PublishedTool, app: FastifyInstance) => Record<string, unknown> | undefined
  /** A tool's result as such a client gets it. */
  callResult?: (result: ToolCallResult, toolName: string) => ToolCallResult
}

export function createClientExtensions (app: FastifyInstance, extensions: McpClientExtension[]) {
  const variants = new Map<string, Tool[]>()
  const declared = (capabilities: ClientCapabilities | undefined) => extensions.filter(e => e.declaredBy(capabilities))

  const keyOf = (active: McpClientExtension[]) => active.map(extension => extensions.indexOf(extension)).join(',')

  return {
    /** Which combination of extensions the client declared, as a key (the same list for the same key). */
    keyFor: (capabilities: ClientCapabilities | undefined): string => keyOf(declared(capabilities)),
    toolsFor (capabilities: ClientCapabilities | undefined): Tool[] {
      const active = declared(capabilities)
      const key = keyOf(active)
      let tools = variants.get(key)
      if (!tools) {
        tools = app.tools.list().map(tool => {
          const meta = Object.assign({}, ...active.map(extension => extension.toolMeta?.(tool, app)))
          return (Object.keys(meta).length > 0 ? { ...tool, _meta: meta } : tool) as unknown as Tool
        })
        variants.set(key, tools)
      }
      return tools
    },
    resultFor (capabilities: ClientCapabilities | undefined, toolName: string, result: ToolCallResult): CallToolResult {
      return declared(capabilities).reduce((r, extension) => extension.callResult?.(r, toolName) ?? r, result) as CallToolResult
    }
  }
}
