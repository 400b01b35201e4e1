// The registry applies the safety core to every tool: argument validation, path/name/URL guards before the
// handler, and the two-step confirmation for destructive tools (preview, execute once, replay, refusals).
import t from 'tap'
import { stat, unlink, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Type } from '@sinclair/typebox'
import { defineTool, type PersonConfirmation, type PersonQuestion, type ToolContext } from '../../../core/tool-types.js'
import { createToolRegistry } from '../../../lib/tools/registry.js'
import { createConfirmStore } from '../../../lib/confirm/confirm-store.js'
import { ToolError } from '../../../core/errors.js'
import { INTERNAL_PRINCIPAL, type Principal } from '../../../core/principal.js'
import type { PathSandbox } from '../../../lib/sandbox/sandbox.js'
import { buildTestApp, TEST_INTERNAL_KEY } from '../../helpers/build.js'
import { text } from '../../helpers/results.js'

const runs = { delete: 0, echo: 0, fetch: 0 }
/** Filled in once the app is built; the tool definitions need it first. */
const box = {} as { sandbox: PathSandbox }

const deleteFile = defineTool({
  name: 'test_delete_file',
  title: 'Delete a file (test)',
  description: 'Test tool: deletes one file after confirmation.',
  inputSchema: Type.Object({
    path: Type.String({ description: 'File to delete' }),
    reason: Type.Optional(Type.String({ description: 'Why' }))
  }, { additionalProperties: false }),
  outputSchema: Type.Object({ deleted: Type.String() }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  guards: { paths: ['path'] },
  confirm: {
    preview: async ({ path }) => {
      const abs = await box.sandbox.resolve(path)
      const st = await stat(abs)
      return { summary: `Delete ${box.sandbox.display(abs)} (${st.size} bytes).`, targets: { path: box.sandbox.display(abs), size: st.size, ino: st.ino, mtimeMs: st.mtimeMs } }
    }
  },
  handler: async ({ path }, ctx) => {
    runs.delete++
    const abs = await box.sandbox.assertMutable(await box.sandbox.resolve(path))
    await unlink(abs)
    return { data: { deleted: box.sandbox.display(abs) }, summary: `Deleted ${box.sandbox.display(abs)}; previewed ${JSON.stringify(ctx.confirmed?.targets)}` }
  }
})

const echo = defineTool({
  name: 'test_echo',
  title: 'Echo (test)',
  description: 'Test tool with typed, named and path fields.',
  inputSchema: Type.Object({
    count: Type.Integer({ minimum: 1, maximum: 10, description: 'How many' }),
    mode: Type.Optional(Type.Union([Type.Literal('fast'), Type.Literal('slow')], { description: 'Mode' })),
    name: Type.Optional(Type.String({ description: 'A file name' })),
    folder: Type.Optional(Type.String({ description: 'A folder' })),
    fail: Type.Optional(Type.Union([Type.Literal('user'), Type.Literal('bug')], { description: 'Make it fail' }))
  }, { additionalProperties: false }),
  outputSchema: Type.Object({ count: Type.Integer() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  guards: { names: ['name'], paths: ['folder'] },
  handler: async ({ count, fail }) => {
    runs.echo++
    if (fail === 'user') throw new ToolError('No series with id 12. Call series_status to list ids.')
    if (fail === 'bug') throw new Error(`connect failed with key ${TEST_INTERNAL_KEY}`)
    return { data: { count }, summary: `echo ${count}` }
  }
})

const queue = defineTool({
  name: 'test_queue_url',
  title: 'Queue a URL (test)',
  description: 'Test tool with a guarded URL field.',
  inputSchema: Type.Object({ url: Type.String({ description: 'Download URL' }) }, { additionalProperties: false }),
  outputSchema: Type.Object({ ok: Type.Boolean() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  guards: { urls: { url: 'direct' } },
  handler: async () => { runs.fetch++; return { data: { ok: true }, summary: 'queued' } }
})

const { app, roots } = await buildTestApp(t, {
  build: {
    extraTools: [deleteFile, echo, queue],
    resolver: async () => [{ address: '93.184.216.34', family: 4 }]
  }
})
box.sandbox = app.sandbox

function ctx (principal: Principal = INTERNAL_PRINCIPAL): ToolContext {
  return { principal, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
}
const other: Principal = { id: 'oauth:grant-2', kind: 'oauth', clientId: 'c2', scopes: ['mcp'] }

async function newFile (name: string, body = 'data') {
  await writeFile(join(roots.media, 'movies', name), body)
  return `movies/${name}`
}
async function preview (path: string, extra: Record<string, unknown> = {}, who = INTERNAL_PRINCIPAL) {
  const r = await app.tools.call('test_delete_file', { path, ...extra }, ctx(who))
  const token = (r.structuredContent as { confirmation?: { confirmToken: string } } | undefined)?.confirmation?.confirmToken
  return { r, token: token! }
}

t.test('no token: preview only, nothing deleted', async t => {
  const path = await newFile('a.mkv')
  const before = runs.delete
  const { r, token } = await preview(path)
  t.notOk(r.isError)
  t.match(r.structuredContent, { confirmation: { summary: /Delete movies\/a\.mkv \(4 bytes\)/, targets: { path: 'movies/a.mkv', size: 4 } } })
  t.match(text(r), /Nothing has changed yet/)
  t.ok(token)
  t.equal(runs.delete, before, 'the handler did not run')
  t.ok(existsSync(join(roots.media, 'movies/a.mkv')))
})

t.test('token + same arguments executes once; a retry returns the same outcome without running again', async t => {
  const path = await newFile('b.mkv')
  const { token } = await preview(path, { reason: 'dup' })
  const before = runs.delete
  const done = await app.tools.call('test_delete_file', { reason: 'dup', path, confirmToken: token }, ctx())
  t.notOk(done.isError, text(done))
  t.match(done.structuredContent, { deleted: 'movies/b.mkv' })
  t.match(text(done), /previewed .*"size":4/, 'the handler saw the previewed targets')
  t.notOk(existsSync(join(roots.media, 'movies/b.mkv')))
  const retry = await app.tools.call('test_delete_file', { path, reason: 'dup', confirmToken: token }, ctx())
  t.same(retry.structuredContent, done.structuredContent)
  t.match(retry, { _meta: { confirm: 'already_consumed' } })
  t.equal(runs.delete, before + 1, 'ran exactly once')
})

t.test('different arguments: refused and the token burnt', async t => {
  const path = await newFile('c.mkv')
  const { token } = await preview(path)
  const r = await app.tools.call('test_delete_file', { path: 'movies/a.mkv', confirmToken: token }, ctx())
  t.ok(r.isError)
  t.match(text(r), /arguments differ from the preview \(path\).*cancelled/)
  const again = await app.tools.call('test_delete_file', { path, confirmToken: token }, ctx())
  t.match(text(again), /can no longer be used/)
  t.ok(existsSync(join(roots.media, 'movies/c.mkv')))
})

t.test('another principal: refused', async t => {
  const path = await newFile('d.mkv')
  const { token } = await preview(path)
  const r = await app.tools.call('test_delete_file', { path, confirmToken: token }, ctx(other))
  t.ok(r.isError)
  t.match(text(r), /issued to a different caller/)
  t.ok(existsSync(join(roots.media, 'movies/d.mkv')))
})

t.test('target changed between preview and confirm: refused', async t => {
  const path = await newFile('e.mkv')
  const { token } = await preview(path)
  await writeFile(join(roots.media, 'movies/e.mkv'), 'a different, longer body')
  const r = await app.tools.call('test_delete_file', { path, confirmToken: token }, ctx())
  t.ok(r.isError)
  t.match(text(r), /changed since the preview.*fresh preview/)
  t.ok(existsSync(join(roots.media, 'movies/e.mkv')))
})

t.test('expired token: refused (registry with an injected clock)', async t => {
  let clock = Date.now()
  const registry = createToolRegistry({ log: app.log, sandbox: app.sandbox, urlGuard: app.urlGuard, confirm: createConfirmStore({ now: () => clock }) })
  registry.register(deleteFile)
  const path = await newFile('f.mkv')
  const first = await registry.call('test_delete_file', { path }, ctx())
  const token = (first.structuredContent as { confirmation: { confirmToken: string } }).confirmation.confirmToken
  clock += 5 * 60_000 + 1
  const r = await registry.call('test_delete_file', { path, confirmToken: token }, ctx())
  t.ok(r.isError)
  t.match(text(r), /expired/)
  t.ok(existsSync(join(roots.media, 'movies/f.mkv')))
})

t.test('a failed confirmed run is stored too: the retry reports it instead of running again', async t => {
  const path = await newFile('g.mkv')
  const { token } = await preview(path)
  const before = runs.delete
  // Same binding and targets as the preview; the handler fails after the token is spent.
  const registry = createToolRegistry({ log: app.log, sandbox: app.sandbox, confirm: app.confirm })
  registry.register({ ...deleteFile, handler: async () => { runs.delete++; throw new ToolError('disk is read-only') } })
  const r = await registry.call('test_delete_file', { path, confirmToken: token }, ctx())
  t.match(text(r), /disk is read-only/)
  const retry = await registry.call('test_delete_file', { path, confirmToken: token }, ctx())
  t.match(text(retry), /disk is read-only/)
  t.equal(runs.delete, before + 1)
})

t.test('destructive tools: a confirm spec is required, and no call without a token reaches the handler', async t => {
  const registry = createToolRegistry({ log: app.log, sandbox: app.sandbox, confirm: app.confirm })
  t.throws(() => registry.register({ ...deleteFile, name: 'test_unconfirmed', confirm: undefined }), /needs a confirm spec/)
  for (const name of app.tools.names()) {
    const def = app.tools.get(name)!
    if (def.annotations.destructiveHint) t.ok(def.confirm, `${name} has a confirm spec`)
  }
  const before = runs.delete
  for (const path of ['movies/a.mkv', 'movies/c.mkv']) {
    const r = await app.tools.call('test_delete_file', { path }, ctx())
    t.ok((r.structuredContent as { confirmation?: unknown }).confirmation)
  }
  t.equal(runs.delete, before)
})

t.test('unknown arguments are refused with the accepted list', async t => {
  const r = await app.tools.call('test_echo', { count: 1, colour: 'red' }, ctx())
  t.ok(r.isError)
  t.match(text(r), /Unknown argument "colour"\. Accepted arguments: count, mode, name, folder, fail\./)
})

t.test('type errors are described per field', async t => {
  const r = await app.tools.call('test_echo', { count: 'three', mode: 'turbo' }, ctx())
  t.ok(r.isError)
  t.match(text(r), /count expected integer/)
  t.match(text(r), /mode must be one of "fast", "slow"/)
  t.match(text(await app.tools.call('test_echo', { count: 99 }, ctx())), /count .*10/)
})

t.test('guards run before the handler', async t => {
  const before = { ...runs }
  const path = await app.tools.call('test_echo', { count: 1, folder: '../etc/passwd' }, ctx())
  t.match(path, { isError: true, _meta: { error: { kind: 'refused_by_path_guard' } } })
  t.match(text(path), /"\.\."/)
  const name = await app.tools.call('test_echo', { count: 1, name: 'a/b' }, ctx())
  t.match(name, { isError: true, _meta: { error: { kind: 'refused_by_path_guard' } } })
  const url = await app.tools.call('test_queue_url', { url: 'http://127.0.0.1/' }, ctx())
  t.match(url, { isError: true, _meta: { error: { kind: 'refused_by_url_guard' } } })
  t.match(text(url), /loopback/)
  const del = await app.tools.call('test_delete_file', { path: '/etc/passwd' }, ctx())
  t.match(del, { isError: true, _meta: { error: { kind: 'refused_by_path_guard' } } })
  t.same(runs, before, 'no handler ran')
  t.notOk((await app.tools.call('test_queue_url', { url: 'https://files.example.org/a.mkv' }, ctx())).isError)
})

t.test('a ToolError is shown as is; a bug becomes a generic message without stack or secret', async t => {
  const user = await app.tools.call('test_echo', { count: 1, fail: 'user' }, ctx())
  t.match(user, { isError: true, content: [{ text: 'No series with id 12. Call series_status to list ids.' }] })
  const bug = await app.tools.call('test_echo', { count: 1, fail: 'bug' }, ctx())
  t.ok(bug.isError)
  t.match(text(bug), /test_echo failed because of an internal error/)
  t.notMatch(JSON.stringify(bug), TEST_INTERNAL_KEY)
  t.notMatch(JSON.stringify(bug), /\bat .*\.ts:\d+/)
})

t.test('with a person to ask: the preview goes to them, and only their accept runs it, once', async t => {
  const path = await newFile('p.mkv')
  const questions: PersonQuestion[] = []
  const person = (answer?: PersonConfirmation['answer']): PersonConfirmation => ({
    ...(answer && { answer }),
    ask: async q => { questions.push(q) }
  })
  const before = runs.delete
  const asked = await app.tools.call('test_delete_file', { path }, { ...ctx(), person: person() })
  t.match(asked, { _meta: { confirm: 'asked' } })
  t.notOk(asked.structuredContent, 'no confirmation (and no token) in the result')
  t.match(questions[0], { tool: 'test_delete_file', title: 'Delete a file (test)', summary: /Delete movies\/p\.mkv \(4 bytes\)/, targets: [/^movies\/p\.mkv \(size: 4, ino: \d+/] })
  const handle = questions[0].confirmation
  t.equal(runs.delete, before, 'asking runs nothing')
  const asToken = await app.tools.call('test_delete_file', { path, confirmToken: handle }, ctx())
  t.match(text(asToken), /not a confirmToken/, 'the handle is no confirmToken')
  t.equal(runs.delete, before)

  await app.tools.call('test_delete_file', { path }, { ...ctx(), person: person() })
  const next = questions[1].confirmation
  const byOther = await app.tools.call('test_delete_file', { path }, { ...ctx(other), person: person({ confirmation: next, decision: 'accept' }) })
  t.match(text(byOther), /different caller/)
  const late = await app.tools.call('test_delete_file', { path }, { ...ctx(), person: person({ confirmation: next, decision: 'accept' }) })
  t.match(text(late), /can no longer be used/, 'a refused confirmation is gone')
  await app.tools.call('test_delete_file', { path }, { ...ctx(), person: person() })
  const cancelled = await app.tools.call('test_delete_file', { path }, { ...ctx(), person: person({ confirmation: questions[2].confirmation, decision: 'cancel' }) })
  t.match(text(cancelled), /closed the confirmation without answering/)
  t.equal(runs.delete, before)

  await app.tools.call('test_delete_file', { path }, { ...ctx(), person: person() })
  const yes = person({ confirmation: questions[3].confirmation, decision: 'accept' })
  const done = await app.tools.call('test_delete_file', { path }, { ...ctx(), person: yes })
  t.match(done.structuredContent, { deleted: 'movies/p.mkv' })
  const again = await app.tools.call('test_delete_file', { path }, { ...ctx(), person: yes })
  t.match(again, { _meta: { confirm: 'already_consumed' } })
  t.equal(runs.delete, before + 1, 'ran exactly once')
})
