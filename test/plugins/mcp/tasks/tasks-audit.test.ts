// tasks/cancel is a change like check_jobs cancel: recorded in the audit trail (who, which job), and refused —
// the job goes on — while the audit log cannot be written.
import t from 'tap'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { buildTestApp } from '../../../helpers/build.js'
import { listenMcp } from '../../../helpers/mcp-client.js'
import { AUDIT_FILE } from '../../../../lib/audit/store.js'
import { legacyRpc, openSession } from './task-rpc.js'
import { taskTestTools, type TaskToolsHandle } from './task-tools.js'

const HOLD = (label: string) => ({ name: 'hold_job', arguments: { label, ms: 600_000 }, task: { ttl: 60_000 } })

t.test('tasks/cancel is recorded, and refused while the audit log cannot be written', async t => {
  const handle: TaskToolsHandle = { replaced: 0 }
  const { app, roots } = await buildTestApp(t, { build: { extraTools: taskTestTools(handle) } })
  handle.app = app
  const url = await listenMcp(app)
  const sid = await openSession(url)

  const first = (await legacyRpc(url, sid, 'tools/call', HOLD('kept'))).result.task.taskId
  // The audit database made unopenable (root ignores permission bits): a folder where the file goes.
  app.audit.store.close()
  const file = join(roots.state, AUDIT_FILE)
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true })
  mkdirSync(file)
  const refused = await legacyRpc(url, sid, 'tasks/cancel', { taskId: first })
  t.match(refused.error?.message, new RegExp(`^The cancel of task ${first} was not run: every change is recorded in the audit log first, .*Check that STATE_DIR is writable`))
  t.equal(app.jobs.get(first)?.status, 'running', 'the job goes on')
  app.jobs.cancel(first)
  await app.jobs.wait(first)
})

t.test('a cancelled task leaves an entry naming who and which job', async t => {
  const handle: TaskToolsHandle = { replaced: 0 }
  const { app } = await buildTestApp(t, { build: { extraTools: taskTestTools(handle) } })
  handle.app = app
  const url = await listenMcp(app)
  const sid = await openSession(url)
  const taskId = (await legacyRpc(url, sid, 'tools/call', HOLD('Heat'))).result.task.taskId
  const before = app.audit.store.list({ offset: 0, limit: 10 }).total
  const cancelled = await legacyRpc(url, sid, 'tasks/cancel', { taskId })
  t.equal(cancelled.result?.status, 'cancelled')
  const [e] = app.audit.store.list({ offset: 0, limit: 10 }).items
  t.equal(app.audit.store.list({ offset: 0, limit: 10 }).total, before + 1)
  t.match(e, { source: 'task', action: 'tasks/cancel', outcome: 'ok', principal: { id: 'internal' }, jobId: taskId, targets: { name: 'Hold Heat', jobId: taskId } })
})
