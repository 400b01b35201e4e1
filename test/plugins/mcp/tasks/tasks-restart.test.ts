// A task is a journaled job: after a restart tasks/get still finds it, with the result of a job that
// finished and the interruption of one that was running.
import t from 'tap'
import { buildApp } from '../../../../app.js'
import { makeRoots, testConfig } from '../../../helpers/build.js'
import { listenMcp } from '../../../helpers/mcp-client.js'
import { legacyRpc, modernRpc, openSession } from './task-rpc.js'
import { taskTestTools, type TaskToolsHandle } from './task-tools.js'

t.test('tasks survive an app restart', async t => {
  const roots = makeRoots()
  t.teardown(roots.cleanup)
  const config = testConfig(roots)
  async function start () {
    const handle: TaskToolsHandle = { replaced: 0 }
    const app = await buildApp(config, { logger: false, extraTools: taskTestTools(handle), plugins: { backendProbe: { autoStart: false }, jobs: { shutdownGraceMs: 50 } } })
    handle.app = app
    return { app, url: await listenMcp(app) }
  }

  const first = await start()
  const sid = await openSession(first.url)
  const done = (await legacyRpc(first.url, sid, 'tools/call', { name: 'hold_job', arguments: { label: 'before', ms: 0 }, task: {} })).result.task.taskId
  const running = (await legacyRpc(first.url, sid, 'tools/call', { name: 'hold_job', arguments: { label: 'long', ms: 600_000 }, task: {} })).result.task.taskId
  await first.app.jobs.wait(done)
  await first.app.close()

  const second = await start()
  t.teardown(() => second.app.close())
  const sid2 = await openSession(second.url)
  const finished = await legacyRpc(second.url, sid2, 'tasks/result', { taskId: done })
  t.match(finished.result, { structuredContent: { job: { id: done, status: 'succeeded', result: { label: 'before' } } } }, 'the finished task keeps its result')
  const interrupted = await legacyRpc(second.url, sid2, 'tasks/get', { taskId: running })
  t.match(interrupted.result, { taskId: running, status: 'failed', statusMessage: /shut down while this job was running/ })
  const result = await legacyRpc(second.url, sid2, 'tasks/result', { taskId: running })
  t.equal(result.error?.code, -32603, 'the interrupted task reports its protocol-level failure')
  const modern = await modernRpc(second.url, 'tasks/get', { taskId: running }, { tasks: true })
  t.match(modern.result, { status: 'failed', error: { code: -32603, message: /shut down/ } })
  t.notOk('result' in modern.result)
  const list = await legacyRpc(second.url, sid2, 'tasks/list', {})
  t.same(list.result.tasks.map((task: { taskId: string }) => task.taskId).sort(), [done, running].sort())
})
