// "The library changed" (app.libraryChanges, plugins/tool-registry.ts): emitted when a call of a tool that says it
// changes the library did change something, and when a job of a kind that changes it ends; never for a read, a
// failed call, a call whose arguments change nothing there, or a job of another kind. The dashboard's library
// counts listen (test/scenario/household-day.test.ts shows them agree with server_status after a scan and a cleanup).
import t from 'tap'
import { Type } from '@sinclair/typebox'
import { buildTestApp } from '../helpers/build.js'
import { defineTool } from '../../core/tool-types.js'
import { toolContext } from '../helpers/sim-app.js'
import { ToolError } from '../../core/errors.js'

const ctx = toolContext()

const probe = defineTool({
  name: 'library_probe',
  title: 'Library probe',
  description: 'Changes the library when asked (test fixture).',
  inputSchema: Type.Object({ deleteFiles: Type.Boolean(), fail: Type.Optional(Type.Boolean()) }),
  outputSchema: Type.Object({ ok: Type.Boolean() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  changesLibrary: args => args.deleteFiles === true,
  async handler (args) {
    if (args.fail) throw new ToolError('The probe failed as asked.')
    return { data: { ok: true }, summary: 'done' }
  }
})

t.test('a tool call signals a library change only when it changed the library', async t => {
  const { app } = await buildTestApp(t, { build: { extraTools: [probe] } })
  const seen: string[] = []
  app.libraryChanges.subscribe(what => seen.push(what))
  const settle = () => new Promise(resolve => setImmediate(resolve))

  await app.tools.call('library_probe', { deleteFiles: false }, ctx)
  await settle()
  t.same(seen, [], 'arguments that leave the library alone: no signal')
  const failed = await app.tools.call('library_probe', { deleteFiles: true, fail: true }, ctx)
  await settle()
  t.ok(failed.isError)
  t.same(seen, [], 'a failed call: no signal')
  await app.tools.call('server_status', {}, ctx)
  await settle()
  t.same(seen, [], 'a read: no signal')
  const done = await app.tools.call('library_probe', { deleteFiles: true }, ctx)
  await settle()
  t.notOk(done.isError, done.content[0].text)
  t.same(seen, ['library_probe'], 'a call that changed the library signals it once done')
})

t.test('a job of a kind that changes the library signals when it ends, whatever its end', async t => {
  const { app } = await buildTestApp(t)
  const seen: string[] = []
  app.libraryChanges.subscribe(what => seen.push(what))
  app.jobs.defineKind('probe-library', { concurrency: 1, queueLimit: 5, changesLibrary: true })
  app.jobs.defineKind('probe-other', { concurrency: 1, queueLimit: 5 })
  const run = (kind: string, fail = false) => app.jobs.start({ kind, owner: 'internal', description: kind, run: async () => { if (fail) throw new ToolError('failed'); return {} } })

  await app.jobs.wait(run('probe-other').id)
  t.same(seen, [], 'another kind: no signal')
  const job = run('probe-library')
  t.same(seen, [], 'nothing while it has not ended')
  await app.jobs.wait(job.id)
  t.same(seen, ['probe-library'], 'signalled when it succeeded')
  await app.jobs.wait(run('probe-library', true).id)
  t.same(seen, ['probe-library', 'probe-library'], 'and when it failed: it may have changed part of it')
})
