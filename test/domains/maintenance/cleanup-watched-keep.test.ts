// Issue 28 items 5-6: when the watched cleanup marks titles leaving soon, each person who watched one is told
// through their channel with a one-tap keep link; a kept title survives the cleanup (listed in the preview with
// who keeps it and why), until that person lifts the keep. On the demo stack, with loopback json:// receivers.
import t from 'tap'
import { closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { buildDemoApp } from '../../helpers/demo-app.js'
import { toolContext } from '../../helpers/sim-app.js'
import { noticeReceiver } from '../../helpers/notice-receiver.js'
import type { ToolCallResult } from '../../../core/tool-types.js'

// A whole demo stack and two watched cleanups: more than the default 120 s on a loaded 2-core machine.
t.setTimeout(360_000)
const alice = await noticeReceiver()
const bob = await noticeReceiver()
t.teardown(async () => { await alice.close(); await bob.close() })
const { app, roots, stack } = await buildDemoApp(t, {
  tree: true,
  stack: { validate: true },
  config: {
    PUBLIC_URL: 'https://media.example',
    NOTIFY_URLS: `alice=json://${alice.host}/alice bob=json://${bob.host}/bob`,
    NOTIFY_PEOPLE: 'alice=media:admin bob=media:family'
  }
})

const s = stack.settings
async function backend (baseUrl: string, headers: Record<string, string>, method: string, path: string): Promise<any> {
  const res = await fetch(`${baseUrl}${path}`, { method, headers })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`)
  const text = await res.text()
  return text ? JSON.parse(text) : undefined
}
const jf = (method: string, path: string) => backend(s.MEDIA_SERVER_URL, { authorization: `MediaBrowser Token="${s.MEDIA_SERVER_API_KEY}"` }, method, path)
const radarr = (method: string, path: string) => backend(s.MOVIE_MANAGER_URL, { 'x-api-key': s.MOVIE_MANAGER_API_KEY }, method, `/api/v3${path}`)
const call = (args: Record<string, unknown>) => app.tools.call('cleanup_server', args, toolContext())
const text = (r: ToolCallResult) => r.content.map(c => c.text).join('\n')
const data = (r: ToolCallResult) => r.structuredContent as Record<string, any>
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString()
const marksFile = join(roots.state, 'leaving-soon.json')
const passWindow = () => {
  const all = JSON.parse(readFileSync(marksFile, 'utf8')) as Record<string, { markedAt: string }>
  for (const m of Object.values(all)) m.markedAt = daysAgo(8)
  writeFileSync(marksFile, JSON.stringify(all))
}
async function asTracked (id: number) {
  for (const f of await radarr('GET', `/moviefile?movieId=${id}`) as Array<{ path: string, size: number }>) {
    const real = join(roots.media, f.path.slice('/data/'.length))
    mkdirSync(dirname(real), { recursive: true })
    const fd = openSync(real, 'w')
    ftruncateSync(fd, f.size)
    closeSync(fd)
  }
}
/** The keep link in a person's notice about a title. */
function linkFor (receiver: typeof alice, title: string): string {
  const notice = receiver.received.map(r => JSON.parse(r.body) as { message: string }).find(m => m.message.includes(`"${title}"`))
  const m = notice && /Keep: https:\/\/media\.example(\/keep\/[\w-]+)/.exec(notice.message)
  if (!m) throw new Error(`no keep link about ${title}: ${receiver.received.map(r => r.body).join('\n')}`)
  return m[1]!
}
const form = (body: Record<string, string>) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(body).toString() })

t.test('a leaving-soon title kept by one person survives the cleanup until that person lifts the keep', async t => {
  const users: Array<{ Id: string, Name: string }> = await jf('GET', '/Users')
  const watchers = users.filter(u => u.Name === 'admin' || u.Name === 'family')
  const managed = new Map((await radarr('GET', '/movie')).map((m: any) => [String(m.tmdbId), m]))
  const items = (await jf('GET', '/Items?recursive=true&includeItemTypes=Movie&fields=ProviderIds')).Items as Array<{ Id: string, ProviderIds: Record<string, string> }>
  const [kept, other] = items.filter(m => (managed.get(m.ProviderIds.Tmdb) as any)?.statistics?.sizeOnDisk > 0).map(m => managed.get(m.ProviderIds.Tmdb) as any)
  const itemOf = (movie: any) => items.find(i => i.ProviderIds.Tmdb === String(movie.tmdbId))!
  for (const u of watchers) for (const m of [kept, other]) await jf('POST', `/UserPlayedItems/${itemOf(m).Id}?userId=${u.Id}&datePlayed=${encodeURIComponent(daysAgo(200))}`)

  const args = { categories: ['watched'], watchedDays: 90 }
  t.match(text(await call(args)), /marked leaving soon/)
  await alice.waitFor(2)
  await bob.waitFor(2)
  await app.notify.idle()
  for (const r of [alice, bob]) {
    t.same(r.received.map(x => JSON.parse(x.body).title), ['Leaving soon', 'Leaving soon'], 'each watcher is told of each title once')
  }

  // Opening the link (as a link preview would) keeps nothing; the button does.
  const link = linkFor(alice, kept.title)
  const shown = await app.inject({ method: 'GET', url: link })
  t.equal(shown.statusCode, 200)
  t.match(shown.body, new RegExp(`Keep &quot;${kept.title}&quot;\\?`))
  t.equal((await app.inject({ method: 'GET', url: '/keep/not-a-real-token-000' })).statusCode, 404)
  const done = await app.inject({ method: 'POST', url: link, ...form({ action: 'keep', why: 'film night' }) })
  t.equal(done.statusCode, 200)
  t.match(done.body, /stays/)
  // Audited like every change: the link's person, the title, the why (item 3).
  t.match(app.audit.store.list({ offset: 0, limit: 5, action: 'keep.keep' }).items[0], { source: 'notice', outcome: 'ok', principal: { actor: 'person:alice' }, args: { why: 'film night' }, targets: [`${kept.title} (for alice)`] })

  passWindow()
  await asTracked(kept.id)
  await asTracked(other.id)
  const preview = await call(args)
  t.notOk(preview.isError, text(preview))
  t.same(data(preview).confirmation.targets.map((x: any) => x.name), [other.title], 'the kept title is not proposed')
  t.match(text(preview), new RegExp(`kept by a person .*"${kept.title}" by alice since \\d{4}-\\d\\d-\\d\\d \\("film night"\\)`), 'the preview says who keeps what and why')
  const removed = await call({ ...args, confirmToken: data(preview).confirmation.confirmToken })
  t.same(data(removed).removed.map((x: any) => x.name), [other.title])
  t.ok((await radarr('GET', '/movie')).some((m: any) => m.id === kept.id), 'the kept title survives the cleanup')

  // Alice lifts her keep: the title is proposed again. Bob keeps it between that preview and its confirm.
  t.match((await app.inject({ method: 'GET', url: link })).body, /Lift my keep/)
  t.match((await app.inject({ method: 'POST', url: link, ...form({ action: 'lift' }) })).body, /Keep lifted/)
  t.match(app.audit.store.list({ offset: 0, limit: 5, action: 'keep.lift' }).items[0], { outcome: 'ok', principal: { actor: 'person:alice' } })
  const again = await call(args)
  t.same(data(again).confirmation.targets.map((x: any) => x.name), [kept.title], 'proposed once nobody keeps it')
  await app.inject({ method: 'POST', url: linkFor(bob, kept.title), ...form({ action: 'keep' }) })
  const refused = await call({ ...args, confirmToken: data(again).confirmation.confirmToken })
  t.match(text(refused), /changed since the preview.*Nothing was changed/, 'the confirm sees the list changed')
  // And the delete itself re-checks the keeps, for a keep made while the confirmed call runs.
  const tool = app.tools.get('cleanup_server')!
  const raced = await tool.handler({ ...args, olderThanHours: 24 }, toolContext({ confirmed: { targets: data(again).confirmation.targets } }))
  t.same(raced.data.removed, [])
  t.match(raced.data.skipped, [{ name: kept.title, reason: /a person keeps it now: bob since/ }])
  t.ok((await radarr('GET', '/movie')).some((m: any) => m.id === kept.id), 'still there')
  t.same(stack.violations(), [], 'the simulators saw only contract-conformant traffic')
})

t.test('a keeps.json edited by hand holds its titles back; one that cannot be read stops the watched cleanup naming it (issue 35 item 11)', async t => {
  const args = { categories: ['watched'], watchedDays: 90 }
  const keepsFile = join(roots.state, 'keeps.json')
  const before = await call(args)
  const proposed = (r: ToolCallResult) => (data(r).confirmation?.targets ?? []).map((x: any) => x.name) as string[]
  // What the household has watched and nobody keeps, as the first test left it (bob keeps one title).
  writeFileSync(keepsFile, '[]')
  const open = await call(args)
  const title = proposed(open)[0]
  t.ok(title, `a title is proposed once nobody keeps it: ${text(open)}`)
  // A bare list, a keep naming only the title, no why, the date as epoch seconds.
  writeFileSync(keepsFile, JSON.stringify([{ title, person: 'carol', at: 1_764_000_000 }]))
  const kept = await call(args)
  t.notOk(proposed(kept).includes(title!), 'the title kept by hand is not proposed')
  t.match(text(kept), new RegExp(`"${title}" by carol since 2025-11-24`))
  // A keep that names nobody: the category stops and names the file; nothing of it is proposed.
  writeFileSync(keepsFile, JSON.stringify({ version: 1, keeps: [{ title }], links: [] }))
  const stopped = await call(args)
  t.same(proposed(stopped), [], 'nothing is proposed while the keeps cannot be read')
  t.match(text(stopped), /keeps\.json: keep number 1 names no person/)
  t.notOk(before.isError)
})
