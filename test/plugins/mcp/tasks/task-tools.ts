// Job-starting tools for the MCP task tests: one whose job runs until told (or cancelled), and a destructive
// one behind the registry's confirm step whose job counts how often it really ran.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../../../core/errors.js'
import { defineTool, type ToolDefinition } from '../../../../core/tool-types.js'
import { JobSummarySchema, startJobAndWait } from '../../../../lib/library/run-job.js'

export const HOLD_KIND = 'test-hold'

export interface TaskToolsHandle {
  app?: FastifyInstance
  /** How many times replace_file's job really ran. */
  replaced: number
}

const Output = Type.Object({ job: JobSummarySchema })

export function taskTestTools (handle: TaskToolsHandle): ToolDefinition<any, any>[] {
  const jobs = () => {
    const app = handle.app!
    app.jobs.defineKind(HOLD_KIND, { concurrency: 10, queueLimit: 10 })
    return app.jobs
  }
  return [
    defineTool({
      name: 'hold_job',
      title: 'Hold a job',
      description: 'Starts a job that runs ms milliseconds (or until cancelled), then answers with its label.',
      inputSchema: Type.Object({
        label: Type.String({ maxLength: 40, description: 'Returned by the job' }),
        ms: Type.Integer({ minimum: 0, maximum: 600_000, default: 0, description: 'How long the job runs' }),
        fail: Type.Boolean({ default: false, description: 'End with a tool error instead' })
      }, { additionalProperties: false }),
      outputSchema: Output,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      taskSupport: 'optional',
      handler: async ({ label, ms, fail }, ctx) => {
        const job = await startJobAndWait(jobs(), ctx, {
          kind: HOLD_KIND,
          owner: ctx.principal.id,
          description: `Hold ${label}`,
          run: async j => {
            await new Promise<void>((resolve, reject) => {
              const timer = setTimeout(resolve, ms)
              j.signal.addEventListener('abort', () => { clearTimeout(timer); reject(j.signal.reason) }, { once: true })
            })
            j.progress(100, `held ${label}`)
            if (fail) throw new ToolError(`${label} failed on purpose`)
            return { label }
          }
        }, 5)
        return { data: { job }, summary: `Job ${job.id}: ${job.status}` }
      }
    }),
    defineTool({
      name: 'replace_file',
      title: 'Replace a file',
      description: 'Replaces the named thing (confirm first), in a job.',
      inputSchema: Type.Object({ name: Type.String({ maxLength: 40, description: 'What to replace' }) }, { additionalProperties: false }),
      outputSchema: Output,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
      taskSupport: 'optional',
      confirm: { preview: async ({ name }) => ({ summary: `Replace ${name}.`, targets: { name } }) },
      handler: async ({ name }, ctx) => {
        const job = await startJobAndWait(jobs(), ctx, {
          kind: HOLD_KIND,
          owner: ctx.principal.id,
          description: `Replace ${name}`,
          run: async () => { handle.replaced++; return { replaced: name } }
        }, 5)
        return { data: { job }, summary: `Job ${job.id}: ${job.status}` }
      }
    })
  ]
}
