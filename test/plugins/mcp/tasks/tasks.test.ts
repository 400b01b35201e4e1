// MCP tasks on job-starting tools, both eras: a task is its job (cancel through tasks/cancel or the jobs API
// ends the same way, check_jobs sees it), a client without tasks sees today's answers, tasks are per
// credential, and a destructive call run as a task is previewed first and executes once, only after confirm.
import t from 'tap'
import type { Principal } from '../../../../core/principal.js'
import { TEST_INTERNAL_KEY, buildTestApp } from '../../../helpers/build.js'
import { listenMcp } from '../../../helpers/mcp-client.js'
import { legacyRpc, modernRpc, openSession } from './task-rpc.js'
import { conformanceTaskTools } from '../../../helpers/conformance-task-tools.js'
import { taskTestTools, type TaskToolsHandle } from './task-tools.js'

const OTHER_TOKEN = 'other-principal-token-0123456789abcdef'
const OTHER: Principal = { id: 'oauth:grant-2', kind: 'oauth', clientId: 'client-2', scopes: ['mcp'] }
const HOLD = (label: string, ms = 600_000) => ({ name: 'hold_job', arguments: { label, ms } })
const AS_TASK = { task: { ttl: 60_000 } }

async function setup (t: { teardown: (fn: () => unknown) => void }) {
  const handle: TaskToolsHandle = { replaced: 0 }
  const { app } = await buildTestApp(t, { build: { extraTools: taskTestTools(handle) } })
  handle.app = app
  app.setAccessTokenVerifier(token => token === OTHER_TOKEN ? OTHER : undefined)
  const url = await listenMcp(app)
  return { app, url, handle }
}

t.test('tools/list advertises task support on the job-starting tools only', async t => {
  const { url } = await setup(t)
  const sid = await openSession(url)
  const { result } = await legacyRpc(url, sid, 'tools/list', {})
  const support = Object.fromEntries(result.tools.map((tool: { name: string, execution?: { taskSupport: string } }) => [tool.name, tool.execution?.taskSupport]))
  for (const name of ['manage_files', 'rename_episodes', 'fix_subtitles', 'optimize_media', 'download_direct', 'download_status', 'hold_job']) {
    t.equal(support[name], 'optional', `${name} may run as a task`)
  }
  t.equal(support.check_jobs, undefined, 'a tool that starts no job does not offer tasks')
  const init = await legacyRpc(url, await openSession(url), 'tools/list', {})
  t.ok(init.result)
  const modern = await modernRpc(url, 'tools/list', {})
  t.notOk(modern.result.tools.some((tool: { execution?: unknown }) => tool.execution), '2026-07-28 has no execution field: the extension is negotiated per request')
})

t.test('a client without tasks sees the job id as before, in both eras', async t => {
  const { app, url } = await setup(t)
  const sid = await openSession(url)
  const legacy = await legacyRpc(url, sid, 'tools/call', HOLD('plain', 0))
  t.notOk(legacy.result.task)
  t.match(legacy.result.structuredContent, { job: { id: String, status: 'succeeded' } }, 'the tool waited for its short job as always')
  const modern = await modernRpc(url, 'tools/call', HOLD('plain-modern', 0))
  t.equal(modern.result.resultType, 'complete')
  t.notOk(modern.result.taskId)
  t.match(modern.result.structuredContent, { job: { id: String } })
  t.notOk(app.jobs.get(modern.result.structuredContent.job.id)?.task, 'the job is not a task')
  const forbidden = await legacyRpc(url, sid, 'tools/call', { name: 'check_jobs', arguments: {}, ...AS_TASK })
  t.equal(forbidden.error?.code, -32601, '2025-11-25: a tool without task support refuses a task request')
  const tolerated = await modernRpc(url, 'tools/call', { name: 'check_jobs', arguments: {} }, { tasks: true })
  t.equal(tolerated.result.resultType, 'complete', '2026-07-28: a tool without task support just answers')
  const get = await modernRpc(url, 'tasks/get', { taskId: modern.result.structuredContent.job.id })
  t.equal(get.error?.code, -32021, 'without the extension, task methods are refused')
  t.same(get.error?.data, { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } })
})

t.test('2025-11-25: a task is its job; tasks/cancel, check_jobs and the jobs API end it the same way', async t => {
  const { app, url } = await setup(t)
  const sid = await openSession(url)
  const ended: Record<string, unknown> = {}
  for (const via of ['tasks/cancel', 'check_jobs', 'jobs API'] as const) {
    const created = await legacyRpc(url, sid, 'tools/call', { ...HOLD(via), ...AS_TASK })
    const task = created.result.task
    t.match(task, { taskId: String, status: 'working', ttl: app.jobs.retentionMs, pollInterval: Number })
    t.match(app.jobs.get(task.taskId), { id: task.taskId, owner: 'internal', task: { tool: 'hold_job' } }, 'the task id is the job id')
    const listed = await legacyRpc(url, sid, 'tools/call', { name: 'check_jobs', arguments: { id: task.taskId } })
    t.match(listed.result.structuredContent, { items: [{ id: task.taskId, status: 'running' }] }, 'check_jobs sees the task as its job')
    if (via === 'tasks/cancel') {
      const cancelled = await legacyRpc(url, sid, 'tasks/cancel', { taskId: task.taskId })
      t.equal(cancelled.result.status, 'cancelled', 'cancelled before the response, as the spec asks')
    } else if (via === 'check_jobs') {
      const cancelled = await legacyRpc(url, sid, 'tools/call', { name: 'check_jobs', arguments: { id: task.taskId, cancel: true } })
      t.notOk(cancelled.result.isError, 'check_jobs cancel stops the task\'s job')
    } else {
      const res = await app.inject({ method: 'POST', url: `/api/dashboard/jobs/${task.taskId}/cancel`, headers: { authorization: `Bearer ${TEST_INTERNAL_KEY}` } })
      t.equal(res.statusCode, 200)
    }
    const job = await app.jobs.wait(task.taskId)
    const get = await legacyRpc(url, sid, 'tasks/get', { taskId: task.taskId })
    const result = await legacyRpc(url, sid, 'tasks/result', { taskId: task.taskId })
    const again = await legacyRpc(url, sid, 'tasks/cancel', { taskId: task.taskId })
    t.equal(again.error?.code, -32602, 'a finished task cannot be cancelled again')
    ended[via] = { job: job.status, task: get.result.status, message: get.result.statusMessage, isError: result.result.isError, job2: result.result.structuredContent.job.status }
  }
  t.same(ended['tasks/cancel'], ended['jobs API'], 'the same end state either way')
  t.same(ended['check_jobs'], ended['jobs API'], 'and through check_jobs')
  t.match(ended['tasks/cancel'], { job: 'cancelled', task: 'cancelled', isError: true, job2: 'cancelled' })
})

t.test('2025-11-25: tasks/result waits for the job and returns the tool result; tasks/list pages', async t => {
  const { url } = await setup(t)
  const sid = await openSession(url)
  const created = await legacyRpc(url, sid, 'tools/call', { ...HOLD('quick', 150), ...AS_TASK })
  const taskId = created.result.task.taskId
  const result = await legacyRpc(url, sid, 'tasks/result', { taskId })
  t.match(result.result, {
    content: [{ type: 'text', text: /finished\. Result: \{"label":"quick"\}/ }],
    structuredContent: { job: { id: taskId, status: 'succeeded', result: { label: 'quick' } } },
    _meta: { 'io.modelcontextprotocol/related-task': { taskId } }
  })
  t.notOk(result.result.isError)
  const list = await legacyRpc(url, sid, 'tasks/list', {})
  t.match(list.result.tasks, [{ taskId, status: 'completed' }])
  const badCursor = await legacyRpc(url, sid, 'tasks/list', { cursor: 'nope' })
  t.equal(badCursor.error?.code, -32602)
})

t.test('2025-11-25: status notifications arrive on the session stream as the job moves', async t => {
  const { app, url } = await setup(t)
  const sid = await openSession(url)
  const stream = await fetch(url, { headers: { accept: 'text/event-stream', authorization: `Bearer ${TEST_INTERNAL_KEY}`, 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' } })
  t.equal(stream.status, 200)
  const statuses: string[] = []
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader()
  const created = await legacyRpc(url, sid, 'tools/call', { ...HOLD('watched'), ...AS_TASK })
  const taskId = created.result.task.taskId
  app.jobs.cancel(taskId)
  let buffer = ''
  while (!statuses.includes('cancelled')) {
    const { value, done } = await reader.read()
    if (done) break
    buffer += value
    for (const line of buffer.split('\n').filter(l => l.startsWith('data: '))) {
      const message = JSON.parse(line.slice(6))
      if (message.method === 'notifications/tasks/status' && message.params.taskId === taskId && !statuses.includes(message.params.status)) statuses.push(message.params.status)
    }
  }
  await reader.cancel()
  t.same(statuses, ['cancelled'], 'the cancel reached the session without polling')
})

t.test('tasks belong to the credential that created them', async t => {
  const { url } = await setup(t)
  const sid = await openSession(url)
  const created = await legacyRpc(url, sid, 'tools/call', { ...HOLD('mine'), ...AS_TASK })
  const taskId = created.result.task.taskId
  const otherSid = await openSession(url, OTHER_TOKEN)
  for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel']) {
    const reply = await legacyRpc(url, otherSid, method, { taskId }, OTHER_TOKEN)
    t.equal(reply.error?.code, -32602, `${method} refuses another credential's task`)
  }
  const list = await legacyRpc(url, otherSid, 'tasks/list', {}, OTHER_TOKEN)
  t.same(list.result.tasks, [])
  const modern = await modernRpc(url, 'tasks/cancel', { taskId }, { tasks: true, token: OTHER_TOKEN })
  t.equal(modern.error?.code, -32602)
  const still = await legacyRpc(url, sid, 'tasks/get', { taskId })
  t.equal(still.result.status, 'working', 'the owner\'s task kept running')
  await legacyRpc(url, sid, 'tasks/cancel', { taskId })
})

t.test('2026-07-28: a task per job-starting call; cancel acks; check_jobs and the task agree', async t => {
  const { app, url } = await setup(t)
  const created = await modernRpc(url, 'tools/call', HOLD('modern'), { tasks: true })
  t.match(created.result, { resultType: 'task', taskId: String, status: 'working', ttlMs: app.jobs.retentionMs, pollIntervalMs: Number })
  t.notOk('task' in created.result || 'ttl' in created.result || 'result' in created.result)
  const { taskId } = created.result
  const working = await modernRpc(url, 'tasks/get', { taskId }, { tasks: true })
  t.match(working.result, { resultType: 'complete', taskId, status: 'working' })
  t.notOk('result' in working.result)
  const ack = await modernRpc(url, 'tasks/cancel', { taskId }, { tasks: true })
  t.match(ack.result, { resultType: 'complete' })
  t.notOk('status' in ack.result || 'taskId' in ack.result)
  await app.jobs.wait(taskId)
  const cancelled = await modernRpc(url, 'tasks/get', { taskId }, { tasks: true })
  t.equal(cancelled.result.status, 'cancelled')
  const checked = await modernRpc(url, 'tools/call', { name: 'check_jobs', arguments: { id: taskId } })
  t.match(checked.result.structuredContent, { items: [{ id: taskId, status: 'cancelled' }] })
  const idempotent = await modernRpc(url, 'tasks/cancel', { taskId }, { tasks: true })
  t.match(idempotent.result, { resultType: 'complete' }, 'cancelling a finished task is acknowledged again')

  const done = await modernRpc(url, 'tools/call', HOLD('done', 10), { tasks: true })
  await app.jobs.wait(done.result.taskId)
  const completed = await modernRpc(url, 'tasks/get', { taskId: done.result.taskId }, { tasks: true })
  t.match(completed.result, { status: 'completed', result: { content: [{ type: 'text' }], structuredContent: { job: { result: { label: 'done' } } } } })
  t.notOk(completed.result.result._meta?.['io.modelcontextprotocol/related-task'])

  const failing = await modernRpc(url, 'tools/call', { name: 'hold_job', arguments: { label: 'bad', fail: true } }, { tasks: true })
  await app.jobs.wait(failing.result.taskId)
  const toolError = await modernRpc(url, 'tasks/get', { taskId: failing.result.taskId }, { tasks: true })
  t.match(toolError.result, { status: 'completed', result: { isError: true, structuredContent: { job: { error: 'bad failed on purpose' } } } }, 'a tool error is a completed task with isError')

  for (const method of ['tasks/result', 'tasks/list']) {
    const gone = await modernRpc(url, method, { taskId }, { tasks: true })
    t.equal(gone.error?.code, -32601, `${method} does not exist on 2026-07-28`)
  }
  const unknown = await modernRpc(url, 'tasks/get', { taskId: 'no-such-task-000' }, { tasks: true })
  t.equal(unknown.error?.code, -32602)
})

t.test('a destructive job-starting call run as a task: previewed, then executed once, only after confirm', async t => {
  const { app, url, handle } = await setup(t)
  const sid = await openSession(url)
  // 2025-11-25: the preview is a task that finished at once; nothing ran.
  const preview = await legacyRpc(url, sid, 'tools/call', { name: 'replace_file', arguments: { name: 'a.mkv' }, ...AS_TASK })
  t.equal(preview.result.task.status, 'completed')
  const previewResult = await legacyRpc(url, sid, 'tasks/result', { taskId: preview.result.task.taskId })
  const token = previewResult.result.structuredContent.confirmation.confirmToken
  t.match(previewResult.result.structuredContent.confirmation, { summary: 'Replace a.mkv.', targets: { name: 'a.mkv' } })
  t.equal(handle.replaced, 0, 'the preview changed nothing')
  t.notOk(app.jobs.get(preview.result.task.taskId), 'and started no job')

  const run = await legacyRpc(url, sid, 'tools/call', { name: 'replace_file', arguments: { name: 'a.mkv', confirmToken: token }, ...AS_TASK })
  const taskId = run.result.task.taskId
  await app.jobs.wait(taskId)
  t.equal(handle.replaced, 1, 'confirmed: the job ran once')
  const retry = await legacyRpc(url, sid, 'tools/call', { name: 'replace_file', arguments: { name: 'a.mkv', confirmToken: token }, ...AS_TASK })
  t.not(retry.result.task.taskId, taskId)
  t.equal(handle.replaced, 1, 'a retry with the spent token returns the stored outcome and runs nothing')

  // 2026-07-28: the preview comes back directly (no job, no task), the confirmed call as a task.
  const modernPreview = await modernRpc(url, 'tools/call', { name: 'replace_file', arguments: { name: 'b.mkv' } }, { tasks: true })
  t.equal(modernPreview.result.resultType, 'complete')
  const modernToken = modernPreview.result.structuredContent.confirmation.confirmToken
  t.equal(handle.replaced, 1)
  const modernRun = await modernRpc(url, 'tools/call', { name: 'replace_file', arguments: { name: 'b.mkv', confirmToken: modernToken } }, { tasks: true })
  t.equal(modernRun.result.resultType, 'task')
  await app.jobs.wait(modernRun.result.taskId)
  t.equal(handle.replaced, 2)
  const wrong = await modernRpc(url, 'tools/call', { name: 'replace_file', arguments: { name: 'c.mkv', confirmToken: modernToken } }, { tasks: true })
  t.equal(wrong.result.isError, true, 'a token for other targets is refused')
  t.equal(handle.replaced, 2, 'never without the person\'s confirm')
})

t.test('2026-07-28: a task waiting for input is input_required until tasks/update answers every request', async t => {
  const handle: TaskToolsHandle = { replaced: 0 }
  const { app } = await buildTestApp(t, { build: { extraTools: [...taskTestTools(handle), ...conformanceTaskTools(handle)] } })
  handle.app = app
  app.setAccessTokenVerifier(token => token === OTHER_TOKEN ? OTHER : undefined)
  const url = await listenMcp(app)
  const created = await modernRpc(url, 'tools/call', { name: 'multi_input', arguments: {} }, { tasks: true })
  const { taskId } = created.result
  let view = await modernRpc(url, 'tasks/get', { taskId }, { tasks: true })
  for (let i = 0; i < 50 && view.result.status !== 'input_required'; i++) view = await modernRpc(url, 'tasks/get', { taskId }, { tasks: true })
  t.match(view.result, { status: 'input_required', inputRequests: { name: { method: 'elicitation/create' }, confirm: { method: 'elicitation/create' } } })
  const partial = await modernRpc(url, 'tasks/update', { taskId, inputResponses: { name: { action: 'accept', content: { name: 'Ann' } } } }, { tasks: true })
  t.match(partial.result, { resultType: 'complete' })
  view = await modernRpc(url, 'tasks/get', { taskId }, { tasks: true })
  t.same(Object.keys(view.result.inputRequests), ['confirm'])
  const other = await modernRpc(url, 'tasks/update', { taskId, inputResponses: { confirm: { action: 'accept' } } }, { tasks: true, token: OTHER_TOKEN })
  t.equal(other.error?.code, -32602, 'another credential cannot answer')
  await modernRpc(url, 'tasks/update', { taskId, inputResponses: { confirm: { action: 'accept', content: { confirm: true } } } }, { tasks: true })
  await app.jobs.wait(taskId)
  view = await modernRpc(url, 'tasks/get', { taskId }, { tasks: true })
  t.match(view.result, { status: 'completed', result: { structuredContent: { job: { result: { answers: { name: { content: { name: 'Ann' } } } } } } } })
})
