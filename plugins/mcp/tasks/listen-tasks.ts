// Task status for 2026-07-28 clients (tasks extension, SEP-2663 "Task Status Notifications"): a client opens
// subscriptions/listen with `notifications.taskIds` and gets `notifications/tasks`, each a complete DetailedTask
// as tasks/get would answer at that moment, whenever the task's status changes (message-only changes at most
// once a second). The SDK's listen router drops `taskIds`, so such a listen is served here (listen-stream.ts),
// together with any other change kinds it names; every other request goes to the SDK's handler untouched.
// Scoped per credential: only the caller's own tasks are honored (others' ids are left out of the
// acknowledgement, as unknown ids are), and a client that did not declare the extension gets -32021.
// Each honored task's current state is sent right after the acknowledgement, so a change between the task's
// creation and the listen is never lost; the stream closes gracefully once every honored task has ended and it
// carries nothing else.
import type { FastifyInstance } from 'fastify'
import {
  CLIENT_CAPABILITIES_META_KEY, MissingRequiredClientCapabilityError, PROTOCOL_VERSION_META_KEY,
  type AuthInfo, type McpHttpHandler, type McpServer
} from '@modelcontextprotocol/server'
import type { JobRecord } from '../../../core/job-types.js'
import type { Principal } from '../../../core/principal.js'
import type { ListenBus } from '../features/listen-bus.js'
import { changeNotification, honoredChanges, listenResponse, type ChangeFilter, type ListenStream } from './listen-stream.js'
import { TASKS_EXTENSION } from './tasks.js'
import { taskStoreOf } from './tasks-store.js'
import { detailedTask, isTerminal, type TaskView } from './tasks-wire.js'

/** Task ids one listen may name. */
export const MAX_LISTEN_TASKS = 100
/** Task status listens one credential may hold open at once. */
export const MAX_OPEN_LISTENS = 10
const MESSAGE_SPACING_MS = 1000

interface TaskListen {
  id: string | number
  protocolVersion: unknown
  filter: ChangeFilter & Record<string, unknown>
  taskIds: unknown
  capabilities: { extensions?: Record<string, unknown> } | undefined
}

export interface TaskListenOptions {
  app: FastifyInstance
  events: ListenBus
  /** A protocol server for the caller, to read the capabilities the SDK would acknowledge against. */
  serverFor: (principal: Principal) => McpServer
  /** Stamped on the listen's closing result, as the SDK does. */
  serverInfo: { name: string, version: string }
}

/**
 * The SDK's handler, with listens that name task ids served here. A listen whose routing headers disagree
 * with its body, or whose other filter fields are malformed, goes to the SDK's handler, which refuses it with
 * its own answer (SEP-2243 mismatch, -32602).
 */
export function withTaskListen (handler: McpHttpHandler, opts: TaskListenOptions): McpHttpHandler {
  const open = new Map<string, number>()
  return {
    ...handler,
    fetch: async (request, options) => {
      const listen = taskListenOf(options?.parsedBody)
      const principal = principalOf(options?.authInfo)
      if (!listen || !principal || !headersAgree(request, listen) || !wellFormed(listen.filter)) return await handler.fetch(request, options)
      const count = open.get(principal.id) ?? 0
      if (count >= MAX_OPEN_LISTENS) {
        return rpcError(listen.id, -32603, `Subscription limit reached: this credential already has ${MAX_OPEN_LISTENS} task status listens open. Close one (end its stream) or poll tasks/get.`)
      }
      open.set(principal.id, count + 1)
      const release = () => {
        const left = (open.get(principal.id) ?? 1) - 1
        if (left > 0) open.set(principal.id, left)
        else open.delete(principal.id)
      }
      return serveTaskListen(listen, principal, request.signal, opts, release)
    }
  }
}

function wellFormed (filter: Record<string, unknown>): boolean {
  const flagsOk = ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'].every(key => filter[key] === undefined || typeof filter[key] === 'boolean')
  const uris = filter.resourceSubscriptions
  return flagsOk && (uris === undefined || (Array.isArray(uris) && uris.every(uri => typeof uri === 'string')))
}

function headersAgree (request: Request, listen: TaskListen): boolean {
  return request.headers.get('mcp-method') === 'subscriptions/listen' && request.headers.get('mcp-protocol-version') === listen.protocolVersion
}

function taskListenOf (body: unknown): TaskListen | undefined {
  const message = body as { method?: unknown, id?: unknown, params?: { notifications?: Record<string, unknown>, _meta?: Record<string, unknown> } } | undefined
  if (message?.method !== 'subscriptions/listen' || (typeof message.id !== 'string' && typeof message.id !== 'number')) return undefined
  const notifications = message.params?.notifications
  if (typeof notifications !== 'object' || notifications === null || notifications.taskIds === undefined) return undefined
  const { taskIds, ...filter } = notifications
  const meta = message.params?._meta
  return {
    id: message.id,
    protocolVersion: meta?.[PROTOCOL_VERSION_META_KEY],
    filter,
    taskIds,
    capabilities: meta?.[CLIENT_CAPABILITIES_META_KEY] as TaskListen['capabilities']
  }
}

function principalOf (authInfo: AuthInfo | undefined): Principal | undefined {
  return authInfo?.extra?.principal as Principal | undefined
}

function serveTaskListen (listen: TaskListen, principal: Principal, signal: AbortSignal, opts: TaskListenOptions, release: () => void): Response {
  const refuse = (code: number, message: string, data?: unknown) => { release(); return rpcError(listen.id, code, message, data) }
  if (listen.capabilities?.extensions?.[TASKS_EXTENSION] === undefined) {
    const error = new MissingRequiredClientCapabilityError({ requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
      `Task status notifications need the ${TASKS_EXTENSION} extension: declare it in the listen request's client capabilities.`)
    return refuse(error.code, error.message, error.data)
  }
  const ids = listen.taskIds
  if (!Array.isArray(ids) || ids.length > MAX_LISTEN_TASKS || ids.some(id => typeof id !== 'string' || id.length === 0 || id.length > 200)) {
    return refuse(-32602, `Invalid params: notifications.taskIds must be a list of at most ${MAX_LISTEN_TASKS} task ids, as tools/call returned them.`)
  }
  const store = taskStoreOf(opts.app)
  const tasks = new Map<string, TaskView>()
  for (const id of ids as string[]) {
    const view = store.get(id, principal.id)
    if (view) tasks.set(id, view)
  }
  const server = opts.serverFor(principal)
  const changes = honoredChanges(listen.filter, server.server.getCapabilities())
  server.close().catch(() => {})
  const honored = { ...changes, ...(tasks.size > 0 && { taskIds: [...tasks.keys()] }) }
  return listenResponse(listen.id, opts.serverInfo, honored, signal, stream => {
    stream.onClose(release)
    const carriesChanges = Object.keys(changes).length > 0
    if (carriesChanges) {
      stream.onClose(opts.events.subscribe(event => {
        const note = changeNotification(changes, event)
        if (note) stream.send(note.method, note.params)
      }))
    }
    followTasks(stream, tasks, principal, opts.app, carriesChanges)
  })
}

/** Sends each task's current state, then its changes, until every one has ended. */
function followTasks (stream: ListenStream, tasks: Map<string, TaskView>, principal: Principal, app: FastifyInstance, carriesChanges: boolean) {
  const store = taskStoreOf(app)
  const sent = new Map<string, { status: string, message: string, at: number }>()
  const send = (view: TaskView) => {
    const task = detailedTask(view)
    sent.set(view.taskId, { status: task.status, message: task.statusMessage, at: Date.now() })
    stream.send('notifications/tasks', task as unknown as Record<string, unknown>)
    if (isTerminal(view)) tasks.delete(view.taskId)
  }
  const endIfDone = () => { if (tasks.size === 0 && !carriesChanges) stream.close(true) }
  for (const view of [...tasks.values()]) send(view)
  if (tasks.size === 0) return endIfDone()
  stream.onClose(app.jobs.subscribe((job: JobRecord) => {
    if (!tasks.has(job.id) || job.owner !== principal.id) return
    const view = store.get(job.id, principal.id)
    if (!view) return
    const last = sent.get(job.id)
    const task = detailedTask(view)
    const statusChanged = task.status !== last?.status
    if (!statusChanged && (task.statusMessage === last?.message || Date.now() - (last?.at ?? 0) < MESSAGE_SPACING_MS)) return
    send(view)
    endIfDone()
  }))
}

function rpcError (id: string | number, code: number, message: string, data?: unknown): Response {
  return Response.json({ jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined && { data }) } }, { status: 200 })
}
