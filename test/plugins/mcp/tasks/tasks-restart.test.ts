// A task is a journaled job: after a restart tasks/get still finds it, with the result of a job that
// finished and the interruption of one that was running.
import t from 'tap'
import { buildTestApp } from '../../../helpers/build.js'
import { listenMcp } from '../../../helpers/mcp-client.js'
import { legacyRpc, modernRpc, openSession } from './task-rpc.js'
import { taskTestTools, type TaskToolsHandle } from './task-tools.js'

t.test('tasks survive an app restart', async t => {
  const handle: TaskToolsHandle = { replaced: 0 }
  const first = await buildTestApp(t, { build: { extraTools: taskTestTools(handle), plugins: { jobs: { shutdownGraceMs: 50 } } } })
  handle.app = first.app
  const firstUrl = await listenMcp(first.app)
  const sid = await openSession(firstUrl)
  const done = (await legacyRpc(firstUrl, sid, 'tools/call', { name: 'hold_job', arguments: { label: 'before', ms: 0 }, task: {} })).result.task.taskId
  const running = (await legacyRpc(firstUrl, sid, 'tools/call', { name: 'hold_job', arguments: { label: 'long', ms: 600_000 }, task: {} })).result.task.taskId
  await first.app.jobs.wait(done)

  // The same settings, roots and state dir: the first app is closed (its running job interrupted) first.
  const second = await first.restart()
  handle.app = second.app
  const url = await listenMcp(second.app)
  const sid2 = await openSession(url)
  const finished = await legacyRpc(url, sid2, 'tasks/result', { taskId: done })
  t.match(finished.result, { structuredContent: { job: { id: done, status: 'succeeded', result: { label: 'before' } } } }, 'the finished task keeps its result')
  const interrupted = await legacyRpc(url, sid2, 'tasks/get', { taskId: running })
  t.match(interrupted.result, { taskId: running, status: 'failed', statusMessage: /shut down while this job was running/ })
  const result = await legacyRpc(url, sid2, 'tasks/result', { taskId: running })
  t.equal(result.error?.code, -32603, 'the interrupted task reports its protocol-level failure')
  const modern = await modernRpc(url, 'tasks/get', { taskId: running }, { tasks: true })
  t.match(modern.result, { status: 'failed', error: { code: -32603, message: /shut down/ } })
  t.notOk('result' in modern.result)
  const list = await legacyRpc(url, sid2, 'tasks/list', {})
  t.same(list.result.tasks.map((task: { taskId: string }) => task.taskId).sort(), [done, running].sort())
})
