// The MCP features beyond tools (resources, prompts, completions, tasks, app views): each is an installer that
// adds its handlers. Shared features ({ shared }) register once per app on the catalogue every server is served
// from (plugins/mcp/bridge/shared-catalogue.ts); the others run once per session (2025 era) or per request
// (2026-07-28, stateless), so they hold only what is truly per server and must be cheap: never scan or fetch.
import type { McpFeature } from './feature-types.js'
import { installTasks, taskMethods } from '../tasks/tasks.js'
import { appViews, installAppViews } from '../apps/apps.js'
import type { McpClientExtension } from '../bridge/client-extensions.js'
import { healthResource } from './resources-health.js'
import { jobResources } from './resources-jobs.js'
import { titleResources } from './resources-titles.js'
import { resourceSubscriptions, subscribeCapability } from './resource-subscriptions.js'
import { prompts } from './prompts.js'
import { listenJobUpdates } from './listen-jobs.js'

export type { McpFeature, McpFeatureContext, McpServerFeature, McpSharedFeature, RawTool, ToolCallHandler } from './feature-types.js'

/** The server's own features, in registration order. Each feature adds one line here. */
export const mcpFeatures: McpFeature[] = [
  installTasks,
  taskMethods,
  installAppViews,
  jobResources,
  titleResources,
  healthResource,
  subscribeCapability,
  resourceSubscriptions,
  listenJobUpdates,
  prompts
]

/** What extensions change (tools/list entries, results) for the clients that declared them. One line each. */
export const mcpClientExtensions: McpClientExtension[] = [
  appViews
]
