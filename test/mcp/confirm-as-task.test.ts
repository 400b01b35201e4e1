// The tasks row of the capability table (confirm-by-capability.test.ts has none and elicitation): the same
// destructive action, manage_files delete of a file in a temp media root, called by a client that runs tool
// calls as tasks. Previewed, executed exactly once with the confirm, never without, in both eras.
import t from 'tap'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildTestApp } from '../helpers/build.js'
import { listenMcp } from '../helpers/mcp-client.js'
import { legacyRpc, modernRpc, openSession } from '../plugins/mcp/tasks/task-rpc.js'

const AS_TASK = { task: { ttl: 60_000 } }
const args = { action: 'delete', paths: ['movies/a.mkv'] }

t.test('2025-11-25 tasks: preview and confirmed delete each come back as a task; the file goes exactly once', async t => {
  const { app, roots } = await buildTestApp(t)
  const url = await listenMcp(app)
  const file = join(roots.media, 'movies', 'a.mkv')
  writeFileSync(file, 'film')
  const sid = await openSession(url)

  const preview = await legacyRpc(url, sid, 'tools/call', { name: 'manage_files', arguments: args, ...AS_TASK })
  t.equal(preview.result.task.status, 'completed', 'a call that starts no job is a task that has already completed')
  const previewResult = (await legacyRpc(url, sid, 'tasks/result', { taskId: preview.result.task.taskId })).result
  const token = previewResult.structuredContent.confirmation.confirmToken as string
  t.ok(existsSync(file), 'the preview deleted nothing')

  const forged = await legacyRpc(url, sid, 'tools/call', { name: 'manage_files', arguments: { ...args, confirmToken: `${token.slice(0, -2)}xx` }, ...AS_TASK })
  const forgedResult = (await legacyRpc(url, sid, 'tasks/result', { taskId: forged.result.task.taskId })).result
  t.equal(forgedResult.isError, true, 'a token that is not the preview\'s is refused')
  t.ok(existsSync(file), 'never without the confirm')

  const run = await legacyRpc(url, sid, 'tools/call', { name: 'manage_files', arguments: { ...args, confirmToken: token }, ...AS_TASK })
  const runResult = (await legacyRpc(url, sid, 'tasks/result', { taskId: run.result.task.taskId })).result
  t.notOk(runResult.isError, 'the confirmed delete succeeds')
  t.notOk(existsSync(file), 'deleted')

  writeFileSync(file, 'a new film under the old name')
  const replay = await legacyRpc(url, sid, 'tools/call', { name: 'manage_files', arguments: { ...args, confirmToken: token }, ...AS_TASK })
  await legacyRpc(url, sid, 'tasks/result', { taskId: replay.result.task.taskId })
  t.ok(existsSync(file), 'a replayed token deletes nothing more: exactly once')
})

t.test('2026-07-28 tasks extension: the delete starts no job, so both calls answer directly; exactly once', async t => {
  const { app, roots } = await buildTestApp(t)
  const url = await listenMcp(app)
  const file = join(roots.media, 'movies', 'a.mkv')
  writeFileSync(file, 'film')

  const preview = await modernRpc(url, 'tools/call', { name: 'manage_files', arguments: args }, { tasks: true })
  t.equal(preview.result.resultType, 'complete')
  const token = preview.result.structuredContent.confirmation.confirmToken as string
  t.ok(existsSync(file), 'the preview deleted nothing')

  const other = await modernRpc(url, 'tools/call', { name: 'manage_files', arguments: { action: 'delete', paths: ['movies/b.mkv'], confirmToken: token } }, { tasks: true })
  t.equal(other.result.isError, true, 'the token is bound to the previewed targets (and spent by the misuse)')
  t.ok(existsSync(file))

  const fresh = (await modernRpc(url, 'tools/call', { name: 'manage_files', arguments: args }, { tasks: true })).result.structuredContent.confirmation.confirmToken as string
  const run = await modernRpc(url, 'tools/call', { name: 'manage_files', arguments: { ...args, confirmToken: fresh } }, { tasks: true })
  t.notOk(run.result.isError, 'the confirmed delete succeeds')
  t.notOk(existsSync(file), 'deleted')
  writeFileSync(file, 'a new film under the old name')
  await modernRpc(url, 'tools/call', { name: 'manage_files', arguments: { ...args, confirmToken: fresh } }, { tasks: true })
  t.ok(existsSync(file), 'a replayed token deletes nothing more: exactly once')
})
