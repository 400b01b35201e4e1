// MCP tasks for the job-starting tools (taskSupport on their definition), in both protocol eras:
// - 2025-11-25: the client adds `task` to tools/call; capability `tasks`; tasks/get, tasks/result (blocks
//   until the task ends), tasks/list, tasks/cancel; notifications/tasks/status on the session's stream.
// - 2026-07-28 (extension io.modelcontextprotocol/tasks, SEP-2663): a request whose client capabilities name
//   the extension gets a task for every call that starts a job; tasks/get inlines the result, tasks/cancel
//   and tasks/update answer with an empty ack. tasks/result and tasks/list do not exist there (the SDK answers
//   -32601 for them on that era). Status notifications go over subscriptions/listen (listen-tasks.ts).
// A task is its job (tasks-store.ts): check_jobs, the jobs API and tasks/cancel act on the same record.
// A client without tasks sees no difference: the tool returns its job id as always.
import {
  CLIENT_CAPABILITIES_META_KEY, MissingRequiredClientCapabilityError, isInputRequiredResult, ProtocolError, ProtocolErrorCode, RELATED_TASK_META_KEY,
  type ServerContext
} from '@modelcontextprotocol/server'
import { runAsTask } from '../../../lib/jobs/call-scope.js'
import { recordAction } from '../../../lib/audit/action.js'
import { AuditUnavailableError } from '../../../lib/audit/store.js'
import { auditPrincipal, auditRefusal } from '../../../lib/audit/tool-calls.js'
import type { McpFeatureContext, RawTool } from '../features/feature-types.js'
import { principalOf } from '../bridge/request-principal.js'
import { sharedFeature } from '../bridge/shared-catalogue.js'
import { taskStoreOf, type TaskStore } from './tasks-store.js'
import { createStatusNotifier, followsTasks } from './tasks-notify.js'
import { listParams, taskParams } from './tasks-params.js'
import { createTaskResult, detailedTask, isTerminal, legacyTask, type TaskView, type ToolAnswer } from './tasks-wire.js'

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks'
const LIST_PAGE = 50

/** Per protocol server: the tools/call wrapper, and status notifications for the tasks this session starts. */
export function installTasks ({ mcp, app, wrapToolCall, rawTool, sessionState }: McpFeatureContext): void {
  const store = taskStoreOf(app)
  // Made on the first task this session starts (most sessions never start one), or at once on the rebuilt
  // server of a woken session that was following some.
  let notifier = followsTasks(sessionState) ? createStatusNotifier(mcp.server, app, sessionState) : undefined

  wrapToolCall(next => async (request, ctx) => {
    const name = request.params.name
    const support = app.tools.get(name)?.taskSupport ?? rawTaskSupport(rawTool(name))
    const modern = isModern(ctx)
    const asked = modern ? declaresTasks(ctx) : (request.params as { task?: unknown }).task !== undefined
    if (!support) {
      // 2026-07-28 tolerates a leftover `task` hint on any tool; 2025-11-25 says a forbidden tool SHOULD refuse it.
      if (asked && !modern) throw new ProtocolError(ProtocolErrorCode.MethodNotFound, `${name} does not run as a task: call it without the task parameter.`)
      return await next(request, ctx)
    }
    if (!asked) {
      if (support === 'required') throw requiresTasks(name, modern)
      return await next(request, ctx)
    }
    const owner = principalOf(ctx).id
    const { value, scope } = await runAsTask(name, () => next(request, ctx))
    const answer = value as ToolAnswer
    let view: TaskView | undefined
    if (scope.job) {
      scope.keepAnswer?.(answer)
      view = store.get(scope.job.id, owner)
    }
    if (!view) {
      // No job: a preview, a refusal, a quick answer or a question for the client. 2026-07-28 lets the server
      // answer directly; a question goes back as asked in both eras (on 2025-11-25 the SDK turns it into
      // requests to the client and calls again with the answers, when the job may start). 2025-11-25 promised
      // a task otherwise, so the answer becomes one that has already finished.
      if (modern || isInputRequiredResult(value)) return value
      view = store.keepAnswer(owner, answer)
    }
    if (!modern) (notifier ??= createStatusNotifier(mcp.server, app, sessionState)).watch(view)
    return createTaskResult(view, modern) as unknown as typeof value
  })
}

/** Once per app, on the shared catalogue: the task capability and the task methods, which hold no per-server state. */
export const taskMethods = sharedFeature(({ mcp, app }) => {
  const server = mcp.server
  server.registerCapabilities({
    tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
    extensions: { [TASKS_EXTENSION]: {} }
  })
  const store = taskStoreOf(app)

  /** A cancel is a change like check_jobs cancel: recorded first, and not done when it cannot be recorded. */
  async function audited (ctx: ServerContext, taskId: string, cancel: () => void): Promise<void> {
    if (!app.hasDecorator('audit')) return cancel()
    const job = app.jobs.get(taskId)
    const start = {
      source: 'task' as const,
      action: 'tasks/cancel',
      principal: auditPrincipal(principalOf(ctx)),
      args: { taskId },
      targets: app.audit.redact({ name: job?.description ?? taskId, jobId: taskId })
    }
    try {
      await recordAction(app.audit.store, start, async () => cancel(), () => ({ outcome: 'ok', jobId: taskId }))
    } catch (err) {
      if (err instanceof AuditUnavailableError) throw new ProtocolError(ProtocolErrorCode.InternalError, auditRefusal(`The cancel of task ${taskId}`, err))
      throw err
    }
  }

  server.setRequestHandler('tasks/get', { params: taskParams }, (params, ctx) => {
    const modern = gate(ctx)
    const view = find(store, params.taskId, ctx)
    return modern ? detailedTask(view) : legacyTask(view)
  })

  server.setRequestHandler('tasks/cancel', { params: taskParams }, async (params, ctx) => {
    const modern = gate(ctx)
    const view = find(store, params.taskId, ctx)
    if (isTerminal(view)) {
      // 2026-07-28: cancelling a finished task is acknowledged like any other; 2025-11-25 refuses it.
      if (modern) return {}
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${view.taskId} already ended (${legacyTask(view).status}); there is nothing to cancel.`)
    }
    await audited(ctx, view.taskId, () => store.cancel(view.taskId))
    return modern ? {} : legacyTask(find(store, params.taskId, ctx))
  })

  // The SDK lifts `inputResponses` out of the params (ctx.mcpReq.inputResponses); only the task id is checked here.
  server.setRequestHandler('tasks/update', { params: taskParams }, (params, ctx) => {
    if (!isModern(ctx)) throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found: tasks/update belongs to protocol revision 2026-07-28.')
    gate(ctx)
    const view = find(store, params.taskId, ctx)
    // Answers for keys the job is not waiting for are ignored; the ack is the same either way.
    app.jobs.provideInput(view.taskId, (ctx.mcpReq.inputResponses ?? {}) as Record<string, unknown>)
    return {}
  })

  server.setRequestHandler('tasks/list', { params: listParams }, (params, ctx) => {
    const all = store.list(principalOf(ctx).id)
    const start = params.cursor === undefined ? 0 : decodeCursor(params.cursor)
    const page = all.slice(start, start + LIST_PAGE)
    const more = start + LIST_PAGE < all.length
    return { tasks: page.map(legacyTask), ...(more && { nextCursor: encodeCursor(start + LIST_PAGE) }) }
  })

  server.setRequestHandler('tasks/result', { params: taskParams }, async (params, ctx) => {
    let view = find(store, params.taskId, ctx)
    if (!isTerminal(view)) {
      await waitForEnd(app.jobs.wait(view.taskId), ctx.mcpReq.signal)
      view = find(store, params.taskId, ctx)
    }
    if (!view.result) throw new ProtocolError(view.error?.code ?? ProtocolErrorCode.InternalError, view.error?.message ?? view.statusMessage)
    return { ...view.result, _meta: { [RELATED_TASK_META_KEY]: { taskId: view.taskId } } }
  })
})

/** A raw tool (a protocol fixture) offers tasks through its published definition. */
function rawTaskSupport (tool: RawTool | undefined): 'optional' | 'required' | undefined {
  const support = tool?.definition.execution?.taskSupport
  return support === 'optional' || support === 'required' ? support : undefined
}

function isModern (ctx: ServerContext): boolean {
  return ctx.mcpReq.envelope !== undefined
}

/** 2026-07-28 clients name the extension in each request's capabilities (a per-request opt-in counts). */
function declaresTasks (ctx: ServerContext): boolean {
  const caps = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as { extensions?: Record<string, unknown> } | undefined
  return caps?.extensions?.[TASKS_EXTENSION] !== undefined
}

/** The task methods of 2026-07-28 answer only clients that declared the extension. Returns whether the request is 2026-era. */
function gate (ctx: ServerContext): boolean {
  const modern = isModern(ctx)
  if (modern && !declaresTasks(ctx)) {
    throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
      `Tasks need the ${TASKS_EXTENSION} extension: declare it in the request's client capabilities.`)
  }
  return modern
}

function requiresTasks (name: string, modern: boolean): Error {
  if (modern) {
    return new MissingRequiredClientCapabilityError({ requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
      `${name} runs only as a task: declare the ${TASKS_EXTENSION} extension in the request's client capabilities.`)
  }
  return new ProtocolError(ProtocolErrorCode.MethodNotFound, `${name} runs only as a task: call it with the task parameter.`)
}

/** Unknown ids and other credentials' tasks get the same answer, so ids of others cannot be probed. */
function find (store: TaskStore, taskId: string, ctx: ServerContext): TaskView {
  const view = store.get(taskId, principalOf(ctx).id)
  if (!view) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `No task ${taskId} for this credential: it never existed, was started by another credential, or has expired.`)
  return view
}

async function waitForEnd (ended: Promise<unknown>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return
  let stop: () => void = () => {}
  const aborted = new Promise<void>(resolve => { stop = resolve; signal.addEventListener('abort', () => resolve(), { once: true }) })
  await Promise.race([ended, aborted])
  stop()
}

function encodeCursor (offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url')
}

function decodeCursor (cursor: string): number {
  const m = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString())
  if (!m) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor: pass the nextCursor of the previous tasks/list page unchanged.')
  return Number(m[1])
}
