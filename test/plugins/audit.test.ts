// The audit trail through the tool registry (the road MCP, the web chat and the bot take): writes are
// recorded with who, redacted arguments, targets and outcome; reads are not; a write whose entry cannot be
// stored is refused before it acts.
import t from 'tap'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, TEST_INTERNAL_KEY } from '../helpers/build.js'
import { defineTool, type ToolContext } from '../../core/tool-types.js'
import type { Principal } from '../../core/principal.js'
import { AUDIT_FILE } from '../../lib/audit/store.js'

const OAUTH: Principal = { id: 'oauth:grant-1', kind: 'oauth', clientId: 'client-kitchen-tablet', scopes: ['mcp'] }

function ctx (principal: Principal = OAUTH): ToolContext {
  return { principal, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
}

function probeTool (calls: string[]) {
  return defineTool({
    name: 'audit_probe',
    title: 'Audit probe',
    description: 'A write with secret-looking arguments (test fixture).',
    inputSchema: Type.Object({ url: Type.String(), password: Type.String(), note: Type.String() }, { additionalProperties: false }),
    outputSchema: Type.Object({ ok: Type.Boolean() }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async handler (args) {
      calls.push(args.note)
      return { data: { ok: true }, summary: 'done' }
    }
  })
}

function put (root: string, rel: string) {
  mkdirSync(join(root, rel, '..'), { recursive: true })
  writeFileSync(join(root, rel), rel)
}

const entries = (app: FastifyInstance) => app.audit.store.list({ offset: 0, limit: 100 }).items

t.test('a write is recorded with the principal, redacted arguments, targets and outcome', async t => {
  const calls: string[] = []
  const { app } = await buildTestApp(t, { build: { extraTools: [probeTool(calls)] } })
  const res = await app.tools.call('audit_probe', {
    url: 'https://bob:hunter2@tracker.example/dl/file.torrent?passkey=0123456789abcdef',
    password: 'correct horse battery staple',
    note: `key is ${TEST_INTERNAL_KEY}`
  }, ctx({ ...OAUTH, actor: 'telegram:5:7' }))
  t.notOk(res.isError)
  t.same(calls.length, 1)
  const [e] = entries(app)
  t.match(e, {
    source: 'tool',
    action: 'audit_probe',
    principal: { id: 'oauth:grant-1', kind: 'oauth', clientId: 'client-kitchen-tablet', actor: 'telegram:5:7' },
    args: { url: 'https://[redacted]@tracker.example/dl/file.torrent?passkey=[redacted]', password: '[redacted]', note: 'key is [redacted]' },
    targets: { url: 'https://[redacted]@tracker.example/dl/file.torrent?passkey=[redacted]' },
    outcome: 'ok'
  })
  t.type(e.durationMs, 'number')
  const raw = JSON.stringify(entries(app))
  for (const secret of ['hunter2', '0123456789abcdef', 'correct horse', TEST_INTERNAL_KEY]) t.notOk(raw.includes(secret), `${secret.slice(0, 6)}… is not stored`)
})

t.test('a read-only tool records nothing; a guard refusal is recorded as refused', async t => {
  const { app } = await buildTestApp(t)
  const read = await app.tools.call('check_jobs', {}, ctx())
  t.notOk(read.isError, read.content[0].text)
  t.same(entries(app), [], 'reads leave no entry')

  const refused = await app.tools.call('manage_files', { action: 'move', paths: ['/etc/passwd'], destination: 'movies' }, ctx())
  t.ok(refused.isError)
  const [e] = entries(app)
  t.match(e, { action: 'manage_files', outcome: 'refused', args: { action: 'move', paths: ['/etc/passwd'] }, targets: { paths: ['/etc/passwd'], destination: 'movies' } })
  t.match(e.error, /outside|not inside|allowed/i)
})

t.test('a move records the job it started; a delete is recorded once, at its confirmation, with the previewed targets', async t => {
  const { app, roots } = await buildTestApp(t)
  put(roots.downloads, 'Heat.1995/Heat.1995.mkv')
  const moved = await app.tools.call('manage_files', { action: 'move', paths: ['downloads/Heat.1995'], destination: 'movies' }, ctx())
  t.notOk(moved.isError, moved.content[0].text)
  const jobId = (moved.structuredContent as any).job.id
  t.match(entries(app)[0], { action: 'manage_files', outcome: 'ok', jobId })

  const args = { action: 'delete', paths: ['movies/Heat.1995'] }
  const preview = await app.tools.call('manage_files', args, ctx())
  const confirmation = (preview.structuredContent as any).confirmation
  t.ok(confirmation?.confirmToken, 'a preview first')
  t.equal(entries(app).length, 1, 'the preview is not a write: no entry')
  const done = await app.tools.call('manage_files', { ...args, confirmToken: confirmation.confirmToken }, ctx())
  t.notOk(done.isError, done.content[0].text)
  t.notOk(existsSync(join(roots.media, 'movies/Heat.1995')))
  const [e] = entries(app)
  t.match(e, { source: 'confirm', action: 'manage_files', outcome: 'ok', args: { action: 'delete', paths: ['movies/Heat.1995'] } })
  t.same(e.targets, confirmation.targets, 'the targets the person approved')
  t.notOk(JSON.stringify(e).includes(confirmation.confirmToken), 'the confirm token is never stored')
})

t.test('a write whose entry cannot be stored is refused and nothing moves; it works again once the file can be written', async t => {
  // Root ignores permission bits, so the database is made unopenable instead: a folder where the file goes.
  const { app, roots } = await buildTestApp(t, { beforeBuild: roots => mkdirSync(join(roots.state, AUDIT_FILE)) })
  const file = join(roots.state, AUDIT_FILE)
  put(roots.downloads, 'Alien.1979/Alien.1979.mkv')
  const move = { action: 'move', paths: ['downloads/Alien.1979'], destination: 'movies' }
  const res = await app.tools.call('manage_files', move, ctx())
  t.ok(res.isError)
  t.match(res.content[0].text, /^manage_files was not run: every change is recorded in the audit log first, and the audit log \(.*audit\.sqlite\) cannot be written: .*Check that STATE_DIR is writable/)
  t.match(res._meta, { error: { kind: 'refused_by_audit_guard' } })
  t.ok(existsSync(join(roots.downloads, 'Alien.1979/Alien.1979.mkv')), 'nothing moved')
  t.notOk(existsSync(join(roots.media, 'movies/Alien.1979')))
  const read = await app.tools.call('check_jobs', {}, ctx())
  t.notOk(read.isError, 'reads go on')
  const list = await app.tools.call('manage_files', { action: 'list', path: 'downloads' }, ctx())
  t.notOk(list.isError, 'a read of a tool that also writes goes on too (manage_files list)')
  t.match(JSON.stringify(list.structuredContent), /Alien\.1979/)

  rmSync(file, { recursive: true })
  const again = await app.tools.call('manage_files', move, ctx())
  t.notOk(again.isError, again.content[0].text)
  t.ok(existsSync(join(roots.media, 'movies/Alien.1979/Alien.1979.mkv')), 'the next write runs once the file can be created')
  t.match(entries(app), [{ action: 'manage_files', outcome: 'ok' }])
})

t.test('a closed audit log refuses writes through app.tools', async t => {
  const { app, roots } = await buildTestApp(t)
  put(roots.downloads, 'Up.2009/Up.2009.mkv')
  app.audit.store.close()
  const res = await app.tools.call('manage_files', { action: 'move', paths: ['downloads/Up.2009'], destination: 'movies' }, ctx())
  t.ok(res.isError)
  t.match(res.content[0].text, /was not run: .*audit log .* is closed/)
  t.ok(existsSync(join(roots.downloads, 'Up.2009/Up.2009.mkv')), 'nothing moved')
})
