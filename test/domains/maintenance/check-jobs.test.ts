// check_jobs through the tool registry of the real app: metadata, paging, filters, one job, unknown ids.
import t from 'tap'
import { INTERNAL_PRINCIPAL, type Principal } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { ToolError } from '../../../core/errors.js'
import { buildTestApp } from '../../helpers/build.js'
import { until } from '../../helpers/until.js'

const OTHER: Principal = { id: 'oauth:grant-1', kind: 'oauth', clientId: 'c1', scopes: ['mcp'] }

function ctx (principal: Principal = INTERNAL_PRINCIPAL): ToolContext {
  return { principal, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
}

async function setup (t: { teardown: (fn: () => unknown) => void }) {
  const { app } = await buildTestApp(t)
  const call = async (args: Record<string, unknown>, principal?: Principal) => app.tools.call('check_jobs', args, ctx(principal))
  return { app, call }
}

t.test('metadata: changes nothing but a cancel, described fields, strict input, no top-level union', async t => {
  const { app } = await setup(t)
  const tool = app.tools.list().find(x => x.name === 'check_jobs')!
  t.ok(tool, 'registered in the maintenance domain')
  t.same(tool.annotations, { title: 'Check background jobs', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false })
  const input = tool.inputSchema as { type: string, additionalProperties: boolean, properties: Record<string, { description?: string }>, anyOf?: unknown }
  t.equal(input.type, 'object')
  t.equal(input.additionalProperties, false)
  t.notOk(input.anyOf)
  for (const [name, prop] of Object.entries(input.properties)) t.ok(prop.description, `input ${name} is described`)
  const job = (app.tools.get('check_jobs')!.outputSchema as any).properties.items.items as { properties: Record<string, { description?: string }> }
  for (const [name, prop] of Object.entries(job.properties)) t.ok(prop.description, `output job.${name} is described`)
  t.match(tool.description, /jobId/)
  t.match(tool.description, /cancel it/)
})

t.test('lists jobs newest first, paged, with every field', async t => {
  const { app, call } = await setup(t)
  const ids: string[] = []
  for (let i = 0; i < 25; i++) {
    const j = app.jobs.start({ kind: 'quick', owner: 'internal', description: `job ${i}`, estimatedDurationMs: 1000, run: async () => ({ n: i }) })
    await app.jobs.wait(j.id, 5_000)
    ids.push(j.id)
    const at = Date.now()
    await until(() => Date.now() > at, 1) // the next job's createdAt is a later millisecond
  }
  const first = await call({})
  t.notOk(first.isError)
  const page = first.structuredContent as any
  t.equal(page.total, 25)
  t.equal(page.limit, 20)
  t.equal(page.offset, 0)
  t.equal(page.hasMore, true)
  t.equal(page.items.length, 20)
  t.equal(page.items[0].id, ids[24], 'newest first')
  t.match(page.items[0], { kind: 'quick', status: 'succeeded', description: 'job 24', result: { n: 24 }, progress: 100, estimatedDurationMs: 1000, canUndo: false, startedByYou: true })
  t.ok(page.items[0].startedAt && page.items[0].finishedAt && page.items[0].createdAt)
  t.match(first.content[0].text, /25 jobs \(25 succeeded\); showing 1–20, newest first\. More follow/)
  const second = (await call({ offset: 20 })).structuredContent as any
  t.same(second.items.map((j: any) => j.id), ids.slice(0, 5).reverse())
  t.equal(second.hasMore, false)
})

t.test('filters by status, kind and caller', async t => {
  const { app, call } = await setup(t)
  let release: () => void = () => {}
  const running = app.jobs.start({ kind: 'file-move', owner: OTHER.id, description: 'long move', run: job => { job.setInverse({ moves: [] }); job.progress(45, 'copying'); return new Promise<void>(resolve => { release = resolve }) } })
  const failed = app.jobs.start({ kind: 'media-process', owner: 'internal', description: 'bad file', run: async () => { throw new ToolError('No audio track would remain; keep at least one language.') } })
  await app.jobs.wait(failed.id, 5_000)
  const ids = async (args: Record<string, unknown>, p?: Principal) => ((await call(args, p)).structuredContent as any).items.map((j: any) => j.id)
  t.same(await ids({ status: 'active' }), [running.id])
  t.same(await ids({ status: 'finished' }), [failed.id])
  t.same(await ids({ status: 'failed' }), [failed.id])
  t.same(await ids({ kind: 'file-move' }), [running.id])
  t.same(await ids({ kind: 'media-process' }), [failed.id])
  // The kinds are a published choice: a friendly guess is refused with the real kinds.
  t.match((await call({ kind: 'move' })).content[0].text, /kind must be one of "file-move", "media-process", "direct-download", "organize-download"/)
  t.same(await ids({ mine: true }), [failed.id])
  t.same(await ids({ mine: true }, OTHER), [running.id])
  t.same(await ids({ status: 'cancelled' }), [])
  const one = (await call({ id: failed.id })).structuredContent as any
  t.match(one.items[0], { status: 'failed', error: 'No audio track would remain; keep at least one language.' })
  const run = await call({ id: running.id })
  t.match(run.structuredContent, { total: 1, items: [{ status: 'running', progress: 45, message: 'copying', canUndo: true, startedByYou: false }] })
  t.match(run.content[0].text, /is running \(45%\): copying/)
  t.notMatch(JSON.stringify(run.structuredContent), /owner|oauth:grant-1|inverse/, 'no owner ids or undo data are shown')
  release()
})

t.test('an unknown id says so and what to do next', async t => {
  const { call } = await setup(t)
  const res = await call({ id: 'AAAAAAAAAAAAAAAAAAAAAA' })
  t.equal(res.isError, true)
  t.match(res.content[0].text, /No job with id AAAAAAAAAAAAAAAAAAAAAA\..*kept for 24 hours.*Next: list the jobs: check_jobs \{\}/)
})

t.test('bad arguments are refused with the accepted ones', async t => {
  const { call } = await setup(t)
  t.match((await call({ limit: 0 })).content[0].text, /limit/)
  t.match((await call({ limit: 101 })).content[0].text, /limit/)
  t.match((await call({ status: 'done' })).content[0].text, /status must be one of/)
  t.match((await call({ id: '../etc' })).content[0].text, /Invalid arguments/)
  const unknown = await call({ stop: true })
  t.equal(unknown.isError, true)
  t.match(unknown.content[0].text, /Unknown argument "stop".*Accepted arguments: id, status, kind, mine, cancel, start, offset, limit/)
})

t.test('an empty registry answers plainly', async t => {
  const { call } = await setup(t)
  const res = await call({})
  t.match(res.structuredContent, { items: [], total: 0, hasMore: false })
  t.equal(res.content[0].text, 'No jobs match.')
})

t.test('cancel: stops one of your jobs; refuses another credential\'s, an unknown id or no id; an ended job is nothing to do', async t => {
  const { app, call } = await setup(t)
  const hold = () => app.jobs.start({
    kind: 'quick',
    owner: 'internal',
    description: 'waits to be stopped',
    run: async job => await new Promise((resolve, reject) => job.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true }))
  })
  const running = hold()
  t.match((await call({ id: running.id, cancel: true }, OTHER)).content[0].text, /started with another credential/)
  t.equal(app.jobs.get(running.id)!.status, 'running', 'another credential cannot stop it')
  const res = await call({ id: running.id, cancel: true })
  t.notOk(res.isError)
  t.equal((await app.jobs.wait(running.id)).status, 'cancelled', 'the owner stops it')
  const again = await call({ id: running.id, cancel: true })
  t.notOk(again.isError, 'nothing to do is a success')
  t.match(again.content[0].text, /had already ended \(cancelled\); nothing to cancel/)
  t.match((await call({ cancel: true })).content[0].text, /cancel needs id/)
  t.match((await call({ id: 'abcdefgh1234', cancel: true })).content[0].text, /No job with id abcdefgh1234/)
})

// Issue 24.3: one owner rule (core/job-owner.ts) for check_jobs, tasks and the dashboard.
t.test('cancel: the internal key may act for the principal it names; nobody else may name one', async t => {
  const { app, call } = await setup(t)
  const hold = (owner: string) => app.jobs.start({
    kind: 'quick',
    owner,
    description: 'waits to be stopped',
    run: async job => await new Promise((resolve, reject) => job.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true }))
  })
  const theirs = hold(OTHER.id)
  const refused = await call({ id: theirs.id, cancel: true })
  t.match(refused.content[0].text, /started with another credential; only that credential can cancel it/)
  t.notMatch(refused.content[0].text, /dashboard/, 'no other road is promised')
  const claimed = await call({ id: theirs.id, cancel: true }, { id: 'oauth:grant-2', kind: 'oauth', clientId: 'c2', scopes: ['mcp'], actor: OTHER.id })
  t.match(claimed.content[0].text, /started with another credential/, 'an OAuth client naming someone acts for nobody')
  t.equal(app.jobs.get(theirs.id)!.status, 'running')
  const named = await call({ id: theirs.id, cancel: true }, { ...INTERNAL_PRINCIPAL, actor: OTHER.id })
  t.notOk(named.isError, named.content[0].text)
  t.equal((await app.jobs.wait(theirs.id)).status, 'cancelled', 'the internal key acting for its owner stopped it')
})
