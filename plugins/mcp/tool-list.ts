// tools/list per client: the registry's precomputed list, plus the `_meta` an extension adds to tool entries
// for clients that declared that extension (SEP-1724 `capabilities.extensions`). A client that declared none
// gets exactly the registry's list. Each combination is computed once and reused.
import type { FastifyInstance } from 'fastify'
import type { ClientCapabilities, Tool } from '@modelcontextprotocol/server'
import type { PublishedTool } from '../../core/tool-types.js'

export interface McpToolListExtension {
  /** Whether the client declared this extension in its capabilities. */
  declaredBy: (capabilities: ClientCapabilities | undefined) => boolean
  /** The `_meta` of one tool's entry for such a client, or undefined for none. */
  metaFor: (tool: PublishedTool, app: FastifyInstance) => Record<string, unknown> | undefined
}

export function createToolListVariants (app: FastifyInstance, extensions: McpToolListExtension[]) {
  const variants = new Map<string, Tool[]>()
  return function toolsFor (capabilities: ClientCapabilities | undefined): Tool[] {
    const active = extensions.filter(extension => extension.declaredBy(capabilities))
    const key = active.map(extension => extensions.indexOf(extension)).join(',')
    let tools = variants.get(key)
    if (!tools) {
      tools = app.tools.list().map(tool => {
        const meta = Object.assign({}, ...active.map(extension => extension.metaFor(tool, app)))
        return (Object.keys(meta).length > 0 ? { ...tool, _meta: meta } : tool) as unknown as Tool
      })
      variants.set(key, tools)
    }
    return tools
  }
}
