// Issue 34 items 11 and 12: what the server changes by itself or on a preview call is on the record. A cleanup
// preview that marks titles leaving soon records each (title, kind, year, deletion date) as the server's own act,
// the leaving notice it sends is recorded as the server (not "internal", the chat bot's key), activity_log's
// server view names each title with kind and year, and the dashboard lists what is leaving and from when.
import t from 'tap'
import { buildDemoApp } from '../../helpers/demo-app.js'
import { toolContext } from '../../helpers/sim-app.js'
import { noticeReceiver } from '../../helpers/notice-receiver.js'
import { TEST_INTERNAL_KEY } from '../../helpers/build.js'

// A whole demo stack: more than the default 120 s on a loaded 2-core machine, as the other stack-wide files.
t.setTimeout(360_000)
const household = await noticeReceiver()
t.teardown(() => household.close())
const { app, stack } = await buildDemoApp(t, { tree: true, stack: { validate: true }, config: { NOTIFY_URLS: `json://${household.host}/hook` } })
const s = stack.settings

async function backend (base: string, headers: Record<string, string>, method: string, path: string): Promise<any> {
  const res = await fetch(`${base}${path}`, { method, headers })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`)
  const text = await res.text()
  return text ? JSON.parse(text) : undefined
}
const jf = (method: string, path: string) => backend(s.MEDIA_SERVER_URL, { authorization: `MediaBrowser Token="${s.MEDIA_SERVER_API_KEY}"` }, method, path)
const radarr = (path: string) => backend(s.MOVIE_MANAGER_URL, { 'x-api-key': s.MOVIE_MANAGER_API_KEY }, 'GET', `/api/v3${path}`)
const sonarr = (path: string) => backend(s.SERIES_MANAGER_URL, { 'x-api-key': s.SERIES_MANAGER_API_KEY }, 'GET', `/api/v3${path}`)
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString()

t.test('leaving-soon marks and the leaving notice are recorded as the server, named with kind and year', async t => {
  const users: Array<{ Id: string, Name: string, Policy: { IsDisabled: boolean } }> = await jf('GET', '/Users')
  const items = async (type: string) => (await jf('GET', `/Items?recursive=true&includeItemTypes=${type}&fields=ProviderIds`)).Items as Array<{ Id: string, Name: string, ProviderIds: Record<string, string> }>
  const movies = new Map((await radarr('/movie')).map((m: any) => [String(m.tmdbId), m]))
  const series = new Map((await sonarr('/series')).map((x: any) => [String(x.tvdbId), x]))
  const movie = (await items('Movie')).find(m => (movies.get(m.ProviderIds.Tmdb) as any)?.statistics?.sizeOnDisk > 0)!
  const show = (await items('Series')).find(x => (series.get(x.ProviderIds.Tvdb) as any)?.statistics?.sizeOnDisk > 0)!
  const managedMovie = movies.get(movie.ProviderIds.Tmdb) as { title: string, year: number }
  const managedShow = series.get(show.ProviderIds.Tvdb) as { title: string, year: number }
  for (const u of users.filter(u => !u.Policy.IsDisabled)) {
    for (const item of [movie, show]) await jf('POST', `/UserPlayedItems/${item.Id}?userId=${u.Id}&datePlayed=${encodeURIComponent(daysAgo(200))}`)
  }

  const preview = await app.tools.call('cleanup_server', { categories: ['watched'], watchedDays: 90 }, toolContext())
  t.notOk(preview.isError, preview.content[0].text)
  t.match(preview.content[0].text, /marked leaving soon/)

  const marks = app.audit.store.list({ action: 'cleanup.leaving-soon', offset: 0, limit: 50 }).items
  const lineOf = (x: { title: string, year: number }, kind: string) => marks.find(e => (e.targets as string[])[0]!.startsWith(`${JSON.stringify(x.title)} (${kind}, ${x.year})`))
  for (const [x, kind] of [[managedMovie, 'movie'], [managedShow, 'series']] as const) {
    const e = lineOf(x, kind)
    t.ok(e, `the mark of ${x.title} (${kind}) is recorded: ${JSON.stringify(marks.map(m => m.targets))}`)
    t.match(e, { source: 'server', outcome: 'ok', principal: { id: 'server', kind: 'server' }, args: { kind, year: x.year, deletableFrom: String } })
    t.match((e!.targets as string[])[0], /leaving soon, deletable from \d{4}-\d{2}-\d{2}$/)
  }

  const log = await app.tools.call('activity_log', { view: 'server', tool: 'cleanup.leaving-soon' }, toolContext())
  const names = (log.structuredContent as { items: Array<{ name: string, principal: string }> }).items
  t.ok(names.some(n => n.name.startsWith(`the server recorded cleanup.leaving-soon ${JSON.stringify(managedShow.title)} (series, ${managedShow.year})`)), names.map(n => n.name).join('\n'))
  t.ok(names.some(n => n.name.includes(`${JSON.stringify(managedMovie.title)} (movie, ${managedMovie.year})`)))
  t.ok(names.every(n => n.principal === 'the server'))

  // The household is told (nobody is mapped in NOTIFY_PEOPLE); the delivery is the server's act, not the bot key's.
  await household.waitFor(1)
  await app.notify.idle()
  const notices = app.audit.store.list({ action: 'notify.leaving', offset: 0, limit: 10 }).items
  t.ok(notices.length >= 1)
  t.match(notices[0], { source: 'notice', outcome: 'ok', principal: { id: 'server', kind: 'server' }, targets: [/^leaving notice to household by json:\/\//] })
  t.notOk(app.audit.store.list({ principal: 'internal', offset: 0, limit: 50 }).items.some(e => e.source === 'notice'), 'no notice is recorded as the internal key')

  // The dashboard lists what is leaving and from when.
  const res = await app.inject({ method: 'GET', url: '/api/dashboard/leaving', headers: { authorization: `Bearer ${TEST_INTERNAL_KEY}` } })
  t.equal(res.statusCode, 200)
  const leaving = res.json() as { items: Array<{ title: string, kind?: string, year?: number, deletableFrom: string }>, windowDays: number }
  t.equal(leaving.windowDays, 7)
  for (const [x, kind] of [[managedMovie, 'movie'], [managedShow, 'series']] as const) {
    t.ok(leaving.items.some(i => i.title === x.title && i.kind === kind && i.year === x.year && Date.parse(i.deletableFrom) > Date.now()), `${x.title} listed with kind, year and date`)
  }
})
