// The job registry as app.jobs (contract: core/job-types.ts, logic: lib/jobs/), journaled under STATE_DIR.
// Shutdown happens in two steps: preClose refuses new jobs and aborts running ones (so requests waiting
// on a job return before the HTTP server waits for them), onClose lets the runs checkpoint for a moment,
// records the rest as interrupted and flushes the journal.
import fp from 'fastify-plugin'
import { createJobRegistry, type JobRegistryOptions, type JobRegistryService } from '../lib/jobs/registry.js'

export type JobsPluginOptions = Pick<JobRegistryOptions, 'retentionMs' | 'maxJobs' | 'progressThrottleMs' | 'shutdownGraceMs' | 'maxResultBytes' | 'now' | 'sleep'>

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRegistryService
  }
}

export default fp<JobsPluginOptions>(async function jobsPlugin (app, opts) {
  const registry = await createJobRegistry({ ...opts, dir: app.config.STATE_DIR, log: app.log.child({ plugin: 'jobs' }) })
  app.decorate('jobs', registry)
  app.addHook('preClose', async () => { registry.beginShutdown() })
  app.addHook('onClose', async () => { await registry.close() })
}, { name: 'jobs', dependencies: ['config'] })
