// Resources for background jobs: jobs://mine (the caller's jobs, newest first) and jobs://{id} (one job), with
// the fields check_jobs gives, read through check_jobs itself. A principal only ever sees its own jobs here:
// another's job id reads as not found, so its existence is not revealed either.
import { ResourceNotFoundError, ResourceTemplate, type ServerContext } from '@modelcontextprotocol/server'
import type { JobRecord } from '../../../core/job-types.js'
import { completeFrom } from './completions.js'
import { JSON_MIME, callerOf, jsonContents, readThroughTool } from './resource-context.js'
import { requestCaller, sharedFeature } from '../bridge/shared-catalogue.js'

export const JOBS_LIST_URI = 'jobs://mine'
export const jobUri = (id: string) => `jobs://${id}`
/** Jobs listed in resources/list and in jobs://mine: check_jobs's largest page. */
const LIST_LIMIT = 100

export const jobResources = sharedFeature(({ mcp, app }) => {
  if (!app.hasDecorator('jobs')) return // an app built without jobs (some tests) has none to show
  const own = (ctx: ServerContext): JobRecord[] => app.jobs.list({ owner: callerOf(ctx).id })

  mcp.registerResource('jobs', JOBS_LIST_URI, {
    title: 'My background jobs',
    description: `Background jobs started with this credential, newest first (at most ${LIST_LIMIT}), with the fields check_jobs gives. Subscribe for updates as they progress.`,
    mimeType: JSON_MIME
  }, async (uri, ctx) => jsonContents(uri.href, await readThroughTool(app, ctx, 'check_jobs', { mine: true, limit: LIST_LIMIT })))

  mcp.registerResource('job', new ResourceTemplate('jobs://{id}', {
    list: async ctx => ({
      resources: own(ctx).slice(0, LIST_LIMIT).map(job => ({
        uri: jobUri(job.id),
        name: `job-${job.id}`,
        title: `${job.kind}: ${job.description}`.slice(0, 200),
        mimeType: JSON_MIME
      }))
    }),
    complete: {
      // The caller's own ids only (the SDK calls completers without the request, so the catalogue scopes it).
      id: typed => {
        const caller = requestCaller()
        return caller ? completeFrom(app.jobs.list({ owner: caller.id }).map(job => job.id), typed) : []
      }
    }
  }), {
    title: 'Background job',
    description: 'One background job started with this credential (id as a tool returned it): status, progress, message, result or error. Subscribe for updates as it progresses.',
    mimeType: JSON_MIME
  }, async (uri, variables, ctx) => {
    const id = String(variables.id)
    const job = app.jobs.get(id)
    if (!job || job.owner !== callerOf(ctx).id) {
      throw new ResourceNotFoundError(uri.href, `No job ${id} among this credential's jobs (finished jobs are kept for a while, then dropped). Read ${JOBS_LIST_URI} for yours.`)
    }
    const data = await readThroughTool(app, ctx, 'check_jobs', { id })
    return jsonContents(uri.href, (data.items as unknown[])[0])
  })
})
