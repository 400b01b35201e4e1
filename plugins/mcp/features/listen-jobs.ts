// 2026-07-28 clients have no resources/subscribe: they open subscriptions/listen with the URIs they want,
// served by the SDK from the listen bus. This feeds the bus from the job registry, once per app: a job's
// jobs://{id} and its owner's jobs://mine, throttled like the 2025 subscriptions, to the owner's streams only.
import type { FastifyInstance } from 'fastify'
import { FINISHED_STATUSES, type JobRecord } from '../../../core/job-types.js'
import type { McpFeature } from './feature-types.js'
import { JOBS_LIST_URI, jobUri } from './resources-jobs.js'
import { UPDATE_INTERVAL_MS } from './resource-subscriptions.js'
import { createThrottle, type Throttle } from './throttle.js'

const fed = new WeakSet<FastifyInstance>()

export const listenJobUpdates: McpFeature = ({ app, events }) => {
  if (fed.has(app) || !app.hasDecorator('jobs')) return
  fed.add(app)
  const throttles = new Map<string, Throttle>()
  const update = (owner: string, uri: string, finished: boolean) => {
    const key = `${owner} ${uri}`
    let throttle = throttles.get(key)
    if (!throttle) {
      throttle = createThrottle(UPDATE_INTERVAL_MS, () => events.publishTo(owner, { kind: 'resource_updated', uri }))
      throttles.set(key, throttle)
    }
    throttle.fire()
    // A finished job changes no more: its throttle goes once its last update is out.
    if (finished) setTimeout(() => throttles.delete(key), UPDATE_INTERVAL_MS * 2).unref()
  }
  app.jobs.subscribe((job: JobRecord) => {
    const finished = FINISHED_STATUSES.includes(job.status)
    update(job.owner, jobUri(job.id), finished)
    update(job.owner, JOBS_LIST_URI, false)
  })
}
