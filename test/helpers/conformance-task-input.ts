// The 2026-07-28 suite's tasks-mrtr-composition fixture (@modelcontextprotocol/conformance 0.2.0-alpha.12,
// SEP-2663): test_tool_with_task runs only as a task, first asks the client for user_name through the server's
// generic client round (plugins/mcp/apps/client-round.ts: input_required with a signed requestState, no task yet),
// then, with the answer, starts a job that becomes the task; the task's result greets the name it gathered.
import { inputRequired, inputResponse, type ServerContext } from '@modelcontextprotocol/server'
import type { FastifyInstance } from 'fastify'
import type { McpFeature, RawTool } from '../../plugins/mcp/features/installed.js'
import { clientRoundsOf } from '../../plugins/mcp/apps/client-round.js'
import { principalOf } from '../../plugins/mcp/bridge/request-principal.js'
import { summarizeJob } from '../../lib/library/run-job.js'

export const TASK_INPUT_TOOL = 'test_tool_with_task'
const KIND = 'conformance-task-input'
/** The round's purpose: the fixture's own, so no other round's state answers it. */
const PURPOSE = 'conformance-greeting'

interface AskedForName { asked: 'user_name' }

function nameOf (ctx: ServerContext): string | undefined {
  const answer = inputResponse(ctx.mcpReq.inputResponses, 'user_name')
  if (answer.kind !== 'elicit' || answer.action !== 'accept') return undefined
  const name = answer.content?.name
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : undefined
}

export function taskWithInputTool (app: FastifyInstance): RawTool {
  const rounds = clientRoundsOf(app)
  return {
    definition: {
      name: TASK_INPUT_TOOL,
      description: 'Asks for the person\'s name, then greets them from a background task (conformance fixture)',
      inputSchema: { type: 'object', properties: {} },
      execution: { taskSupport: 'required' }
    },
    handler: async (_args, ctx) => {
      const round = rounds.forCall<AskedForName>(ctx, PURPOSE, TASK_INPUT_TOOL)
      const name = round.state?.asked === 'user_name' ? nameOf(ctx) : undefined
      if (name === undefined) {
        const question = inputRequired.elicit({
          mode: 'form',
          message: 'What is your name?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] }
        })
        return await round.ask({ user_name: question }, { asked: 'user_name' })
      }
      app.jobs.defineKind(KIND, { concurrency: 5, queueLimit: 20 })
      const job = app.jobs.start({
        kind: KIND,
        owner: principalOf(ctx).id,
        description: `${TASK_INPUT_TOOL} fixture`,
        run: async () => ({ greeting: `Hello, ${name}!` })
      })
      return { content: [{ type: 'text', text: `Started job ${job.id} to greet ${name}.` }], structuredContent: { job: summarizeJob(job) } }
    }
  }
}

export const taskWithInput: McpFeature = ({ app, addTool }) => { addTool(taskWithInputTool(app)) }
