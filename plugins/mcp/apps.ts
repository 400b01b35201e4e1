// MCP Apps (the io.modelcontextprotocol/ui extension, package @modelcontextprotocol/ext-apps): three views
// served as ui:// resources, and the tools they show linked by `_meta.ui.resourceUri` in tools/list.
// - every tool with a confirm step → the confirm card (the person confirms there; the card calls the tool
//   with the token through the host);
// - check_jobs, download_status → the jobs and downloads view;
// - get_library_state → the title card.
// A client without Apps ignores both: the tools' text and structuredContent are the same for every client.
import type { FastifyInstance } from 'fastify'
import { RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY, getUiCapability, registerAppResource } from '@modelcontextprotocol/ext-apps/server'
import type { McpServer } from '@modelcontextprotocol/server'
import type { McpToolListExtension } from './tool-list.js'
import { VIEW_URIS, loadAppViews, type AppView } from './app-views.js'

/** Views reach no origin and load nothing: hosts build the strictest CSP from this (spec: "Host Behavior"). */
const VIEW_META = { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } }

const VIEW_OF_TOOL: Record<string, string> = {
  check_jobs: VIEW_URIS.jobs,
  download_status: VIEW_URIS.jobs,
  get_library_state: VIEW_URIS.title
}

let views: AppView[] | undefined

/**
 * Links each tool to its view for clients that render app views (the spec: servers SHOULD check the client's
 * capability first), with both the `ui.resourceUri` key and the older flat one that earlier hosts read.
 */
export const appViewLinks: McpToolListExtension = {
  declaredBy: capabilities => getUiCapability(capabilities)?.mimeTypes?.includes(RESOURCE_MIME_TYPE) === true,
  metaFor: (tool, app: FastifyInstance) => {
    const uri = app.tools.get(tool.name)?.confirm ? VIEW_URIS.confirm : VIEW_OF_TOOL[tool.name]
    return uri ? { ui: { resourceUri: uri }, [RESOURCE_URI_META_KEY]: uri } : undefined
  }
}

/** Feature: the views as resources (text/html;profile=mcp-app), read from memory. */
export function installAppViews ({ mcp }: { mcp: McpServer }): void {
  views ??= loadAppViews()
  for (const view of views) {
    registerAppResource(mcp, view.name, view.uri, { title: view.title, description: view.description, _meta: VIEW_META },
      async () => ({ contents: [{ uri: view.uri, mimeType: RESOURCE_MIME_TYPE, text: view.html, _meta: VIEW_META }] }))
  }
}
