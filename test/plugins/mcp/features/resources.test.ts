// MCP resources through a real SDK client over the app on 127.0.0.1 with the Sonarr and Radarr simulators:
// the caller's jobs (jobs://mine, jobs://{id}) and never another's, subscriptions that deliver
// notifications/resources/updated as a job moves and stop on unsubscribe or close, the per-title snapshot
// and health resources, completions from the library, and a tools-only client that sees tools unchanged.
import t from 'tap'
import { ProtocolError } from '@modelcontextprotocol/client'
import type { JobHandle } from '../../../../core/job-types.js'
import type { Principal } from '../../../../core/principal.js'
import { startServarrStack } from '../../../helpers/servarr-sims.js'
import { connectClient, listenMcp } from '../../../helpers/mcp-client.js'
import { until } from '../../../helpers/until.js'
import { subscribedSessions } from '../../../../plugins/mcp/features/resource-subscriptions.js'
import { forgetTitles } from '../../../../plugins/mcp/features/title-index.js'
import type { FastifyInstance } from 'fastify'

const OTHER_TOKEN = 'other-principal-token-0123456789abcdef'
const OTHER: Principal = { id: 'oauth:grant-2', kind: 'oauth', clientId: 'client-2', scopes: ['mcp'] }

let kinds = 0
/** A job the test drives (a kind of its own, so it runs at once): progress when told, finishes when released. */
async function drivenJob (app: FastifyInstance, owner: string) {
  let finish!: () => void
  const released = new Promise<void>(resolve => { finish = resolve })
  let gotHandle!: (job: JobHandle) => void
  const handle = new Promise<JobHandle>(resolve => { gotHandle = resolve })
  const record = app.jobs.start({
    kind: `resource-test-${++kinds}`,
    owner,
    description: `driven job of ${owner}`,
    run: async job => { gotHandle(job); await released; return { done: true } }
  })
  return { id: record.id, job: await handle, finish }
}

const text = (r: { contents: Array<{ text?: string, blob?: string }> }) => JSON.parse(String(r.contents[0].text))
const failure = async (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e)

t.test('resources over MCP', async t => {
  const { app } = await startServarrStack(t)
  app.setAccessTokenVerifier(token => token === OTHER_TOKEN ? OTHER : undefined)
  const url = await listenMcp(app)
  const { client } = await connectClient(url)
  t.teardown(() => client.close())
  const other = (await connectClient(url, { token: OTHER_TOKEN })).client
  t.teardown(() => other.close())

  const mine = await drivenJob(app, 'internal')
  const theirs = await drivenJob(app, OTHER.id)
  t.teardown(() => { mine.finish(); theirs.finish() })

  await t.test('capabilities: resources with subscribe, prompts, completions', async t => {
    t.match(client.getServerCapabilities(), { resources: { subscribe: true }, prompts: {}, completions: {}, tools: {} })
  })

  await t.test('list: the static resources and the caller\'s own jobs only', async t => {
    const { resources } = await client.listResources()
    const uris = resources.map(r => r.uri)
    t.ok(uris.includes('jobs://mine'))
    t.ok(uris.includes('mediastack://health'))
    t.ok(uris.includes(`jobs://${mine.id}`))
    t.notOk(uris.includes(`jobs://${theirs.id}`), 'another principal\'s job is not listed')
    const { resourceTemplates } = await client.listResourceTemplates()
    t.same(resourceTemplates.map(r => r.uriTemplate).sort(), ['jobs://{id}', 'library://{kind}/{title}'])
  })

  await t.test('read: a job with the fields check_jobs gives; another\'s job is not found', async t => {
    mine.job.progress(40, 'copying')
    const job = text(await client.readResource({ uri: `jobs://${mine.id}` }))
    t.match(job, { id: mine.id, kind: /^resource-test-/, status: 'running', progress: 40, message: 'copying', startedByYou: true, canUndo: false })
    const viaTool = await client.callTool({ name: 'check_jobs', arguments: { id: mine.id } })
    t.same(job, (viaTool.structuredContent as { items: unknown[] }).items[0], 'the same view as check_jobs')

    const err = await failure(client.readResource({ uri: `jobs://${theirs.id}` }))
    t.ok(err instanceof ProtocolError)
    t.equal((err as ProtocolError).code, -32602)
    t.match((err as Error).message, /No job .* among this credential's jobs/)
    t.notMatch((err as Error).message, /oauth:grant-2|driven job/, 'nothing of the other job leaks')

    const list = text(await client.readResource({ uri: 'jobs://mine' }))
    t.same(list.items.map((j: { id: string }) => j.id), [mine.id])
    const theirList = text(await other.readResource({ uri: 'jobs://mine' }))
    t.same(theirList.items.map((j: { id: string }) => j.id), [theirs.id])
  })

  await t.test('subscribe: updates as the job moves, none after unsubscribe, foreign refused', async t => {
    const before = subscribedSessions()
    const updates: string[] = []
    let notify: () => void = () => {}
    client.setNotificationHandler('notifications/resources/updated', n => { updates.push(n.params.uri); notify() })
    const next = () => new Promise<void>(resolve => { notify = resolve })

    await client.subscribeResource({ uri: `jobs://${mine.id}` })
    t.equal(subscribedSessions(), before + 1, 'the session listens to jobs now')
    let arrived = next()
    mine.job.progress(55, 'halfway')
    await arrived
    t.same(updates, [`jobs://${mine.id}`])
    t.match(text(await client.readResource({ uri: `jobs://${mine.id}` })), { progress: 55, message: 'halfway' })

    // A burst folds into at most a leading and a trailing update; the last state is readable after it.
    arrived = next()
    for (let i = 56; i <= 90; i++) mine.job.progress(i)
    await arrived
    t.ok(updates.length <= 3, `a burst of 35 changes gave ${updates.length - 1} updates`)

    const refused = await failure(other.subscribeResource({ uri: `jobs://${mine.id}` }))
    t.ok(refused instanceof ProtocolError, 'another principal cannot subscribe to my job')
    t.match((refused as Error).message, /No job .* among this credential's jobs/)

    await client.unsubscribeResource({ uri: `jobs://${mine.id}` })
    t.equal(subscribedSessions(), before, 'the listener is gone after the last unsubscribe')
  })

  await t.test('subscribe to jobs://mine: a new job of mine updates it; closing the session detaches', async t => {
    const { client: watcher, transport } = await connectClient(url)
    const before = subscribedSessions()
    const arrived = new Promise<string>(resolve => watcher.setNotificationHandler('notifications/resources/updated', n => resolve(n.params.uri)))
    await watcher.subscribeResource({ uri: 'jobs://mine' })
    t.equal(subscribedSessions(), before + 1)
    const another = await drivenJob(app, 'internal')
    t.equal(await arrived, 'jobs://mine')
    another.finish()
    await transport.terminateSession()
    await watcher.close()
    await t.resolves(until(() => subscribedSessions() === before), 'closing the session detached its listener')
  })

  await t.test('title snapshot: what get_library_state gives, with completions of kinds and titles', async t => {
    const titles = (await app.backends.sonarr.listSeries()).map(s => String(s.title))
    forgetTitles(app)
    const listSeries = app.backends.sonarr.listSeries
    let listed = 0
    app.backends.sonarr.listSeries = async signal => { listed++; return listSeries(signal) }
    t.teardown(() => { app.backends.sonarr.listSeries = listSeries })
    const title = titles[0]
    const prefix = title.slice(0, 3)
    const done = await client.complete({ ref: { type: 'ref/resource', uri: 'library://{kind}/{title}' }, argument: { name: 'title', value: prefix }, context: { arguments: { kind: 'series' } } })
    const expected = titles.filter(x => x.toLowerCase().startsWith(prefix.toLowerCase()))
    t.ok(expected.length > 0)
    t.same(done.completion.values.slice(0, expected.length).sort(), expected.sort(), 'prefix matches first')
    t.ok(done.completion.values.length <= 100)
    t.equal(listed, 1, 'the first keystroke listed the series once')
    await client.complete({ ref: { type: 'ref/resource', uri: 'library://{kind}/{title}' }, argument: { name: 'title', value: title.slice(0, 4) }, context: { arguments: { kind: 'series' } } })
    t.equal(listed, 1, 'the next keystroke does not list the library again')
    const kinds = await client.complete({ ref: { type: 'ref/resource', uri: 'library://{kind}/{title}' }, argument: { name: 'kind', value: 'mo' } })
    t.same(kinds.completion.values, ['movie'])

    const uri = `library://series/${encodeURIComponent(title)}`
    const snapshot = text(await client.readResource({ uri }))
    const viaTool = await client.callTool({ name: 'get_library_state', arguments: { title, kind: 'series' } })
    t.match(snapshot, { mode: 'title', title, seriesManager: { available: true } })
    t.same(snapshot.seriesManager, (viaTool.structuredContent as Record<string, unknown>).seriesManager)
    const bad = await failure(client.readResource({ uri: `library://films/${encodeURIComponent(title)}` }))
    t.match((bad as Error).message, /Unknown kind "films".*series, movie, any/)
  })

  await t.test('health: what /health says', async t => {
    const health = text(await client.readResource({ uri: 'mediastack://health' }))
    const route = await app.inject({ method: 'GET', url: '/health' })
    t.same(Object.keys(health).sort(), Object.keys(route.json()).sort())
    t.match(health, { status: /ok|degraded/, jobs: { running: Number } })
  })

  await t.test('job id completion offers the caller\'s own ids only', async t => {
    const ref = { type: 'ref/resource' as const, uri: 'jobs://{id}' }
    const own = await client.complete({ ref, argument: { name: 'id', value: mine.id.slice(0, 2) } })
    t.ok(own.completion.values.includes(mine.id))
    const foreign = await other.complete({ ref, argument: { name: 'id', value: mine.id.slice(0, 2) } })
    t.notOk(foreign.completion.values.includes(mine.id))
  })

  await t.test('a tools-only client sees the same tools and calls them as before', async t => {
    const { tools } = await client.listTools()
    t.same(tools.map(tool => tool.name), app.tools.list().map(tool => tool.name))
    t.same(tools, app.tools.list(), 'tools/list is unchanged by resources and prompts')
  })

  await t.test('2026-07-28: resources and templates read the same', async t => {
    const { client: modern } = await connectClient(url, { mode: { pin: '2026-07-28' } })
    t.teardown(() => modern.close())
    const job = text(await modern.readResource({ uri: `jobs://${mine.id}` }))
    t.equal(job.id, mine.id)
    const err = await failure(modern.readResource({ uri: `jobs://${theirs.id}` }))
    t.equal((err as ProtocolError).code, -32602)
    const { resourceTemplates } = await modern.listResourceTemplates()
    t.equal(resourceTemplates.length, 2)
  })

  await t.test('2026-07-28: subscriptions/listen delivers my job\'s updates', async t => {
    const { client: modern } = await connectClient(url, { mode: { pin: '2026-07-28' } })
    t.teardown(() => modern.close())
    const uri = `jobs://${mine.id}`
    const arrived = new Promise<string>(resolve => modern.setNotificationHandler('notifications/resources/updated', n => resolve(n.params.uri)))
    const subscription = await modern.listen({ resourceSubscriptions: [uri] })
    t.teardown(() => subscription.close())
    mine.job.progress(95, 'nearly')
    t.equal(await arrived, uri)
  })
})
