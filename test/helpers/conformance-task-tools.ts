// The tasks-* conformance scenarios' fixture tools (SEP-2663 reference names), registered only in the
// conformance test server. The task-supporting ones start a real background job, so the suite exercises the
// same task = job path as the library tools: slow_compute sleeps (and ends cancelled when cancelled),
// failing_job ends with a tool error, protocol_error_job with an internal one, and confirm_delete and
// multi_input park their job until the client answers their elicitations through tasks/update (they change
// nothing; only the answers come back).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../core/errors.js'
import type { JobHandle } from '../../core/job-types.js'
import { defineTool, type ToolDefinition } from '../../core/tool-types.js'
import { JobSummarySchema, startJobAndWait } from '../../lib/library/run-job.js'

const KIND = 'conformance-task'
const effects = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false }
const JobOutput = Type.Object({ job: JobSummarySchema })

/** `app` is set once the app is built (the fixtures start jobs on it). */
export interface TaskFixtureHost { app?: FastifyInstance }

export function conformanceTaskTools (host: TaskFixtureHost): ToolDefinition<any, any>[] {
  function startJob (ctx: Parameters<ToolDefinition['handler']>[1], description: string, run: (job: JobHandle) => Promise<unknown>) {
    const jobs = host.app!.jobs
    jobs.defineKind(KIND, { concurrency: 20, queueLimit: 50 })
    return startJobAndWait(jobs, ctx, { kind: KIND, owner: ctx.principal.id, description, run }, 0)
  }
  const jobTool = (name: string, description: string, taskSupport: 'optional' | 'required', input: ReturnType<typeof Type.Object>, run: (args: any, job: JobHandle) => Promise<unknown>) =>
    defineTool({
      name,
      title: name,
      description,
      inputSchema: input,
      outputSchema: JobOutput,
      annotations: effects,
      taskSupport,
      handler: async (args, ctx) => {
        const job = await startJob(ctx, `${name} fixture`, handle => run(args, handle))
        return { data: { job }, summary: `Started job ${job.id}.` }
      }
    })
  return [
    defineTool({
      name: 'greet',
      title: 'Greet',
      description: 'Says hello (sync-only tasks fixture).',
      inputSchema: Type.Object({ name: Type.String({ maxLength: 100, description: 'Who to greet' }) }, { additionalProperties: false }),
      outputSchema: Type.Object({ greeting: Type.String({ description: 'The greeting' }) }),
      annotations: { ...effects, readOnlyHint: true },
      handler: async ({ name }) => ({ data: { greeting: `Hello, ${name}!` }, summary: `Hello, ${name}!` })
    }),
    jobTool('slow_compute', 'Sleeps `seconds` in a background job, then answers with its label (tasks fixture).', 'optional',
      Type.Object({
        seconds: Type.Number({ minimum: 0, maximum: 120, description: 'How long the job sleeps' }),
        label: Type.Optional(Type.String({ maxLength: 100, description: 'Echoed in the result' }))
      }, { additionalProperties: false }),
      async ({ seconds, label }, job) => { await sleep(seconds * 1000, job.signal); return { label: label ?? '', seconds } }),
    jobTool('failing_job', 'Fails with a tool error after about a second (tasks fixture; runs only as a task).', 'required',
      Type.Object({}, { additionalProperties: false }),
      async (_args, job) => { await sleep(1000, job.signal); throw new ToolError('failing_job failed on purpose') }),
    jobTool('protocol_error_job', 'Fails with an internal error (tasks fixture).', 'optional',
      Type.Object({}, { additionalProperties: false }),
      async () => { throw new Error('protocol_error_job: internal failure on purpose') }),
    jobTool('confirm_delete', 'Asks the client to confirm (one elicitation), then reports the answer; deletes nothing (tasks fixture).', 'required',
      Type.Object({ filename: Type.String({ maxLength: 200, description: 'Named in the question' }) }, { additionalProperties: false }),
      async ({ filename }, job) => ({ filename, answers: await job.requestInput!({ confirm: elicit(`Delete ${filename}?`, { confirm: { type: 'boolean' } }) }) })),
    jobTool('multi_input', 'Asks two questions at once, then reports the answers (tasks fixture).', 'required',
      Type.Object({}, { additionalProperties: false }),
      async (_args, job) => ({
        answers: await job.requestInput!({
          name: elicit('Your name?', { name: { type: 'string' } }),
          confirm: elicit('Go ahead?', { confirm: { type: 'boolean' } })
        })
      }))
  ]
}

function elicit (message: string, properties: Record<string, unknown>) {
  return { method: 'elicitation/create', params: { mode: 'form', message, requestedSchema: { type: 'object', properties, required: Object.keys(properties) } } }
}

function sleep (ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => { clearTimeout(timer); reject(signal.reason) }, { once: true })
  })
}
