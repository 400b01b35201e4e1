// resources/subscribe and resources/unsubscribe (2025 sessions): a client subscribes to jobs://{id} or
// jobs://mine and gets notifications/resources/updated as the job's progress, message or state moves, at most
// a few per second per URI (the last change always arrives). Only the caller's own jobs can be subscribed.
// The job listener is attached on the first subscription and removed on the last unsubscribe or when the
// session closes, so a session that never subscribes costs nothing. The subscribed URIs are session state: a
// session that hibernates keeps them, and its rebuilt server re-arms them (bridge/session-server.ts).
// 2026-07-28 has no resources/subscribe: the SDK serves subscriptions/listen from the listen bus, which
// listen-jobs.ts feeds.
import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError } from '@modelcontextprotocol/server'
import type { JobRecord } from '../../../core/job-types.js'
import type { McpServerFeature } from './feature-types.js'
import { sharedFeature } from '../bridge/shared-catalogue.js'
import { callerOf } from './resource-context.js'
import { JOBS_LIST_URI, jobUri } from './resources-jobs.js'
import { createThrottle, type Throttle } from './throttle.js'

/** Spacing of updates for one URI (at most four a second). */
export const UPDATE_INTERVAL_MS = 250
/** Subscriptions one session may hold; enough for every job a person watches at once. */
export const MAX_SUBSCRIPTIONS = 200

let activeListeners = 0
/** How many sessions have a job listener attached now (tests check that closing a session detaches it). */
export const subscribedSessions = () => activeListeners

/** Once per app: every server built offers subscriptions (the handlers below are per server, they hold its state). */
export const subscribeCapability = sharedFeature(({ mcp }) => {
  mcp.server.registerCapabilities({ resources: { subscribe: true } })
})

const KEPT = 'resource-subscriptions'

export const resourceSubscriptions: McpServerFeature = ({ mcp, app, principal, sessionState }) => {
  const server = mcp.server
  // Made on the first subscription: a session that never subscribes holds only the two handlers.
  let watched: Map<string, Throttle> | undefined
  let detach: (() => void) | undefined

  const notify = (uri: string) => server.sendResourceUpdated({ uri }).catch(err => {
    app.log.debug({ err: err instanceof Error ? err.message : String(err) }, 'resource update not delivered')
  })

  function onJob (job: JobRecord) {
    if (job.owner !== principal.id) return
    watched?.get(jobUri(job.id))?.fire()
    watched?.get(JOBS_LIST_URI)?.fire()
  }

  function stopAll () {
    for (const throttle of watched?.values() ?? []) throttle.cancel()
    watched?.clear()
    if (detach) {
      detach()
      detach = undefined
      activeListeners--
    }
  }

  function watchedOf (): Map<string, Throttle> {
    if (watched) return watched
    const previous = server.onclose
    server.onclose = () => {
      stopAll()
      previous?.()
    }
    return (watched = new Map())
  }

  /** Watches a URI on this server: its throttle, and the job listener for a job URI. */
  function arm (uri: string) {
    const subscriptions = watchedOf()
    if (!subscriptions.has(uri)) subscriptions.set(uri, createThrottle(UPDATE_INTERVAL_MS, () => notify(uri)))
    if (uri.startsWith('jobs://') && !detach) {
      detach = app.jobs.subscribe(onJob)
      activeListeners++
    }
  }
  for (const uri of sessionState.get<Set<string>>(KEPT) ?? []) arm(uri)

  server.setRequestHandler('resources/subscribe', (request, ctx) => {
    const uri = request.params.uri
    const caller = callerOf(ctx)
    const isJob = uri.startsWith('jobs://')
    const id = isJob && uri !== JOBS_LIST_URI ? uri.slice('jobs://'.length) : undefined
    if ((isJob && !app.hasDecorator('jobs')) || (id !== undefined && app.jobs.get(id)?.owner !== caller.id)) {
      throw new ResourceNotFoundError(uri, `No job ${id ?? ''} among this credential's jobs to subscribe to. Read ${JOBS_LIST_URI} for yours.`)
    }
    let uris = sessionState.get<Set<string>>(KEPT)
    if (!uris?.has(uri) && (uris?.size ?? 0) >= MAX_SUBSCRIPTIONS) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `This session already holds ${MAX_SUBSCRIPTIONS} subscriptions; unsubscribe from finished jobs first.`)
    }
    if (!uris) sessionState.set(KEPT, uris = new Set())
    uris.add(uri)
    // Other URIs (the title and health resources, fixtures) are accepted: they simply send no updates.
    arm(uri)
    return {}
  })

  server.setRequestHandler('resources/unsubscribe', request => {
    sessionState.get<Set<string>>(KEPT)?.delete(request.params.uri)
    watched?.get(request.params.uri)?.cancel()
    watched?.delete(request.params.uri)
    if (watched?.size === 0) stopAll()
    return {}
  })
}
