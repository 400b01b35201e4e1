// Task status for 2026-07-28 clients over subscriptions/listen (SEP-2663): notifications/tasks with the full
// DetailedTask as the task moves, only for the caller's own tasks, together with resource updates on the same
// stream; refused without the tasks extension or with malformed ids. Raw HTTP: the SDK client drops taskIds.
import t, { type Test } from 'tap'
import type { Principal } from '../../../../core/principal.js'
import { TEST_INTERNAL_KEY, buildTestApp } from '../../../helpers/build.js'
import { listenMcp } from '../../../helpers/mcp-client.js'
import { until } from '../../../helpers/until.js'
import { modernRpc } from './task-rpc.js'
import { taskTestTools, type TaskToolsHandle } from './task-tools.js'

const OTHER_TOKEN = 'other-principal-token-0123456789abcdef'
const OTHER: Principal = { id: 'oauth:grant-2', kind: 'oauth', clientId: 'client-2', scopes: ['mcp'] }
const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } }
const HOLD = (label: string, ms: number) => ({ name: 'hold_job', arguments: { label, ms } })

async function setup (t: Test) {
  const handle: TaskToolsHandle = { replaced: 0 }
  const { app } = await buildTestApp(t, { build: { extraTools: taskTestTools(handle) } })
  handle.app = app
  app.setAccessTokenVerifier(token => token === OTHER_TOKEN ? OTHER : undefined)
  return { app, url: await listenMcp(app) }
}

type Message = { method?: string, id?: unknown, params?: Record<string, any>, result?: Record<string, any>, error?: { code: number, message: string, data?: any } }

/** Opens subscriptions/listen and reads its messages one by one (SSE), or its JSON-RPC error. */
async function listen (t: Test, url: URL, notifications: Record<string, unknown>, opts: { capabilities?: Record<string, unknown>, token?: string, method?: string } = {}) {
  const abort = new AbortController()
  t.teardown(() => abort.abort())
  const res = await fetch(url, {
    method: 'POST',
    signal: abort.signal,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${opts.token ?? TEST_INTERNAL_KEY}`,
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': opts.method ?? 'subscriptions/listen'
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 'sub-1',
      method: 'subscriptions/listen',
      params: {
        notifications,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
          'io.modelcontextprotocol/clientCapabilities': opts.capabilities ?? TASKS
        }
      }
    })
  })
  if (!res.headers.get('content-type')?.includes('text/event-stream')) return { error: (await res.json() as Message).error, next: async () => undefined, close: () => abort.abort() }
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  /** The next message, or undefined when the stream ended. */
  const next = async (): Promise<Message | undefined> => {
    for (;;) {
      const end = buffer.indexOf('\n\n')
      if (end >= 0) {
        const frame = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const data = frame.split('\n').find(line => line.startsWith('data: '))
        if (data) return JSON.parse(data.slice(6)) as Message
        continue
      }
      const { value, done } = await reader.read()
      if (done) return undefined
      buffer += value
    }
  }
  return { error: undefined, next, close: () => abort.abort() }
}

t.test('notifications/tasks follows my task to its end; the stream then closes', async t => {
  const { url } = await setup(t)
  const created = (await modernRpc(url, 'tools/call', HOLD('followed', 600_000), { tasks: true })).result
  const taskId = created.taskId as string
  const sub = await listen(t, url, { taskIds: [taskId] })
  const ack = await sub.next()
  t.match(ack, { method: 'notifications/subscriptions/acknowledged', params: { notifications: { taskIds: [taskId] }, _meta: { 'io.modelcontextprotocol/subscriptionId': 'sub-1' } } })
  t.match(await sub.next(), { method: 'notifications/tasks', params: { taskId, status: 'working', ttlMs: Number, pollIntervalMs: Number } }, 'the current state first')
  t.match((await modernRpc(url, 'tasks/cancel', { taskId }, { tasks: true })).result, { resultType: 'complete' }, 'cancelled through the task API')
  const cancelled = await sub.next()
  t.match(cancelled, { method: 'notifications/tasks', params: { taskId, status: 'cancelled' } })
  t.match(await sub.next(), { id: 'sub-1', result: { resultType: 'complete' } }, 'a graceful close once the task ended')
  t.equal(await sub.next(), undefined)
})

t.test('a finished task arrives with its result inlined, as tasks/get has it', async t => {
  const { url } = await setup(t)
  const created = (await modernRpc(url, 'tools/call', HOLD('quick', 300), { tasks: true })).result
  const sub = await listen(t, url, { taskIds: [created.taskId] })
  await sub.next()
  let note = await sub.next()
  while (note?.params?.status === 'working') note = await sub.next()
  t.match(note, { method: 'notifications/tasks', params: { taskId: created.taskId, status: 'completed', result: { content: [{ text: /quick/ }] } } })
  const got = (await modernRpc(url, 'tasks/get', { taskId: created.taskId }, { tasks: true })).result
  const { _meta: noteMeta, ...notified } = note!.params!
  const { _meta: getMeta, resultType, ...answered } = got
  t.same(notified, answered, 'identical to tasks/get')
})

t.test('another credential\'s task is not honored and nothing about it is sent', async t => {
  const { url } = await setup(t)
  const mine = (await modernRpc(url, 'tools/call', HOLD('mine', 600_000), { tasks: true })).result
  const sub = await listen(t, url, { taskIds: [mine.taskId, 'no-such-task'] }, { token: OTHER_TOKEN })
  t.match(await sub.next(), { method: 'notifications/subscriptions/acknowledged', params: { notifications: {} } })
  const closing = await sub.next()
  t.match(closing, { id: 'sub-1', result: { resultType: 'complete' } }, 'nothing honored: the stream closes at once')
  await modernRpc(url, 'tasks/cancel', { taskId: mine.taskId }, { tasks: true })
})

t.test('task status and resource updates share one stream', async t => {
  const { url } = await setup(t)
  const created = (await modernRpc(url, 'tools/call', HOLD('shared', 600_000), { tasks: true })).result
  const uri = `jobs://${created.taskId}`
  const sub = await listen(t, url, { taskIds: [created.taskId], resourceSubscriptions: [uri] })
  t.match(await sub.next(), { params: { notifications: { taskIds: [created.taskId], resourceSubscriptions: [uri] } } })
  await sub.next()
  await modernRpc(url, 'tasks/cancel', { taskId: created.taskId }, { tasks: true })
  const seen = new Set<string>()
  while (seen.size < 2) {
    const message = await sub.next()
    if (!message) break
    if (message.method === 'notifications/tasks') seen.add(`task ${message.params!.status}`)
    if (message.method === 'notifications/resources/updated') seen.add(`resource ${message.params!.uri}`)
  }
  t.same([...seen].sort(), [`resource ${uri}`, 'task cancelled'])
})

t.test('refused without the tasks extension, and with malformed ids', async t => {
  const { url } = await setup(t)
  const missing = await listen(t, url, { taskIds: ['x'] }, { capabilities: {} })
  t.equal(missing.error?.code, -32021)
  t.match(missing.error?.data, { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } })
  for (const taskIds of ['x', [1], Array.from({ length: 101 }, (_, i) => `t${i}`)]) {
    const bad = await listen(t, url, { taskIds })
    t.equal(bad.error?.code, -32602)
    t.match(bad.error?.message, /taskIds must be a list of at most 100 task ids/)
  }
})

t.test('a listen whose routing header or filter is wrong is the SDK\'s to refuse', async t => {
  const { url } = await setup(t)
  const mismatched = await listen(t, url, { taskIds: ['x'] }, { method: 'tools/list' })
  t.equal(mismatched.error?.code, -32020, 'the SDK\'s header mismatch answer')
  const malformed = await listen(t, url, { taskIds: ['x'], resourceSubscriptions: 'jobs://mine' })
  t.equal(malformed.error?.code, -32602, 'and a malformed filter the SDK\'s invalid-params answer')
})

t.test('one credential holds at most 10 task listens open; closing one makes room', async t => {
  const { app, url } = await setup(t)
  const created = (await modernRpc(url, 'tools/call', HOLD('watched', 600_000), { tasks: true })).result
  const open = []
  for (let i = 0; i < 10; i++) {
    const sub = await listen(t, url, { taskIds: [created.taskId] })
    t.match(await sub.next(), { method: 'notifications/subscriptions/acknowledged' })
    open.push(sub)
  }
  const refused = await listen(t, url, { taskIds: [created.taskId] })
  t.equal(refused.error?.code, -32603)
  t.match(refused.error?.message, /already has 10 task status listens open/)
  const other = await listen(t, url, { taskIds: [] }, { token: OTHER_TOKEN })
  t.equal(other.error, undefined, 'another credential is not held back')
  open[0]!.close()
  let again = await listen(t, url, { taskIds: [created.taskId] })
  await until(async () => {
    if (!again.error) return true
    again = await listen(t, url, { taskIds: [created.taskId] })
    return false
  }, 20)
  t.equal(again.error, undefined, 'room again once a stream ended')
  app.jobs.cancel(created.taskId)
})
