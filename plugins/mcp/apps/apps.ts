// MCP Apps (the io.modelcontextprotocol/ui extension, package @modelcontextprotocol/ext-apps): three views
// served as ui:// resources, and the tools they show linked by `_meta.ui.resourceUri` in tools/list.
// - every tool with a confirm step → the confirm card (the person confirms there; the card calls the tool
//   with the token through the host, and the model never gets the token: apps-confirm.ts);
// - check_jobs, download_status → the jobs and downloads view;
// - get_library_state → the title card.
// A client that did not declare Apps gets none of this: its tools/list and results are as before.
import type { FastifyInstance } from 'fastify'
import { RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY, getUiCapability, registerAppResource } from '@modelcontextprotocol/ext-apps/server'
import type { McpClientExtension } from '../bridge/client-extensions.js'
import { sharedFeature } from '../bridge/shared-catalogue.js'
import { holdTokenForCard } from './apps-confirm.js'
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
 * For clients that render app views (the spec: servers SHOULD check the client's capability first): each tool
 * linked to its view, with both the `ui.resourceUri` key and the older flat one that earlier hosts read; and a
 * destructive preview's token held for the confirm card.
 */
export const appViews: McpClientExtension = {
  declaredBy: capabilities => getUiCapability(capabilities)?.mimeTypes?.includes(RESOURCE_MIME_TYPE) === true,
  toolMeta: (tool, app: FastifyInstance) => {
    const uri = app.tools.get(tool.name)?.confirm ? VIEW_URIS.confirm : VIEW_OF_TOOL[tool.name]
    return uri ? { ui: { resourceUri: uri }, [RESOURCE_URI_META_KEY]: uri } : undefined
  },
  callResult: holdTokenForCard
}

/** Feature: the views as resources (text/html;profile=mcp-app), read from memory. */
export const installAppViews = sharedFeature(({ mcp }) => {
  views ??= loadAppViews()
  for (const view of views) {
    registerAppResource(mcp, view.name, view.uri, { title: view.title, description: view.description, _meta: VIEW_META },
      async () => ({ contents: [{ uri: view.uri, mimeType: RESOURCE_MIME_TYPE, text: view.html, _meta: VIEW_META }] }))
  }
})
