// Two series managers (default, "anime") and two movie managers (default, "uhd"), each its own simulator whose
// queue ids start at 1: download_status and cancel_downloads cover every instance's queue, each item names its
// instance, a cancel or retry of an item goes to the instance holding it (never the default one for an anime
// item), the stuck view of an instance gives ids that route back to it, its strikes are counted apart, and an
// unreachable instance is named in the warnings while the others still answer.
import t from 'tap'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startServarrStack } from '../helpers/servarr-sims.js'
import { createSonarrSimulator, type SonarrSimulator } from '../../simulators/servarr/sonarr.js'
import { createRadarrSimulator, type RadarrSimulator } from '../../simulators/servarr/radarr.js'
import { stuckAs } from '../../simulators/servarr/stuck.js'
import { instanceClient } from '../../clients/instance-clients.js'
import { extraManagers } from '../helpers/instance-stack.js'
import { ok } from '../helpers/results.js'
import { untilTracked } from '../helpers/grabs.js'

const KEYS = { anime: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', uhd: 'f0e1d2c3b4a5968778695a4b3c2d1e0f' }
const sim = { downloadMs: 120_000, queueRefreshMs: 5 }
const anime = await createSonarrSimulator({ apiKey: KEYS.anime, ...sim })
const uhd = await createRadarrSimulator({ apiKey: KEYS.uhd, ...sim })
t.teardown(() => Promise.all([anime.close(), uhd.close()]))
const s = await startServarrStack(t, {
  sim,
  config: {
    TORRENT_CLIENT_URL: 'http://127.0.0.1:9',
    STUCK_MAX_STRIKES: 2,
    ...extraManagers({ anime: [anime, KEYS.anime] }, { uhd: [uhd, KEYS.uhd] })
  }
})

const confirmation = (r: unknown) => (ok(r as any).confirmation as { confirmToken: string, targets: any[], summary: string })

/** Grabs the first release on one instance (through its own client) and waits until that manager tracks it. */
async function grab (kind: 'series' | 'movies', instance: string, target: SonarrSimulator | RadarrSimulator, query: Record<string, number>) {
  const client = instanceClient(s.app.backends, kind, instance)
  const before = new Set(target.state.queue.map(q => q.downloadId))
  const [release] = await client.releases(query)
  await client.grab(release!.guid!, release!.indexerId)
  const mine = target.state.queue.filter(q => !before.has(q.downloadId))
  await untilTracked(mine)
  return mine
}

const episodeOf = (x: SonarrSimulator, title: string) => {
  const series = [...x.state.library.series.values()].find(v => v.title === title)!
  return x.state.library.bySeries.get(series.id)![0]!
}
const movieOf = (x: RadarrSimulator, title: string) => [...x.state.library.movies.values()].find(m => m.title === title)!

// One download in each of the four queues; each simulator numbers its queue from 1, so the ids collide.
const [onDefault] = await grab('series', 'default', s.sonarr, { episodeId: episodeOf(s.sonarr, 'Harbor Lights').id })
const [onAnime] = await grab('series', 'anime', anime, { episodeId: episodeOf(anime, 'Harbor Lights').id })
const [movieDefault] = await grab('movies', 'default', s.radarr, { movieId: movieOf(s.radarr, 'The Quiet Orbit').id })
const [movieUhd] = await grab('movies', 'uhd', uhd, { movieId: movieOf(uhd, 'The Quiet Orbit').id })

t.test('the simulators number their queues alike, so only the instance tells the items apart', async t => {
  t.equal(onDefault!.id, onAnime!.id)
  t.equal(movieDefault!.id, movieUhd!.id)
})

t.test('download_status lists every instance\'s downloads, each naming its instance', async t => {
  const data = ok(await s.call('download_status', {}))
  const managed = data.items.filter((i: any) => i.source === 'series' || i.source === 'movies')
  t.equal(managed.length, 4)
  // The same release grabbed by both instances is the same download id (torrent hash): only the instance differs.
  const row = (source: string, instance: string) => managed.filter((i: any) => i.source === source && i.instance === instance)
  t.match(row('series', 'anime'), [{ id: onAnime!.downloadId.toLowerCase(), about: 'Harbor Lights S01E01 (series manager "anime")' }])
  t.match(row('series', 'default'), [{ id: onDefault!.downloadId.toLowerCase(), about: 'Harbor Lights S01E01 (series manager "default")' }])
  t.match(row('movies', 'uhd'), [{ id: movieUhd!.downloadId.toLowerCase(), about: /^The Quiet Orbit \(\d{4}\) \(movie manager "uhd"\)$/ }])
  t.match(row('movies', 'default'), [{ about: /\(movie manager "default"\)$/ }])
  t.notOk(data.warnings.some((w: string) => /manager/i.test(w) && !/Direct-download/.test(w)), data.warnings.join('; '))
})

t.test('cancel_downloads lists every instance\'s queue under ids that name the instance', async t => {
  const listed = ok(await s.call('cancel_downloads', { source: 'all' }))
  const ids = listed.items.map((i: any) => i.id).sort()
  t.same(ids, [`movies:${movieDefault!.id}`, `movies@uhd:${movieUhd!.id}`, `series:${onDefault!.id}`, `series@anime:${onAnime!.id}`].sort())
  t.match(listed.items.find((i: any) => i.id.startsWith('series@anime:')), { source: 'series', instance: 'anime', target: `episode:${onAnime!.episodeId}` })
  t.match(listed.items.find((i: any) => i.id.startsWith('series:')), { instance: 'default' })
})

t.test('a duplicate is judged within one instance: the same episode id in two instances is two episodes', async t => {
  const purge = await s.call('cancel_downloads', { action: 'purge_duplicates', source: 'series' })
  t.match(purge.content[0]!.text, /no duplicate downloads/)
})

t.test('a cancel goes to the instance holding each item', async t => {
  const args = { action: 'cancel', source: 'all', ids: [`series@anime:${onAnime!.id}`, `movies@uhd:${movieUhd!.id}`], deleteFiles: false }
  const preview = confirmation(await s.call('cancel_downloads', args))
  t.same(preview.targets.map(x => x.id).sort(), [...args.ids].sort())
  const done = ok(await s.call('cancel_downloads', { ...args, confirmToken: preview.confirmToken }))
  t.same(done.failed, [])
  t.match(done.removed.find((i: any) => i.id.startsWith('series@')), { instance: 'anime' })
  t.same(anime.state.queue, [], 'removed from the anime series manager')
  t.match(anime.state.queueRemovals, [{ id: onAnime!.id, removeFromClient: false }])
  t.same(uhd.state.queue, [], 'removed from the uhd movie manager')
  t.match(uhd.state.queueRemovals, [{ id: movieUhd!.id }])
  t.same(s.sonarr.state.queue.map(q => q.id), [onDefault!.id], 'the default series manager kept its item of the same id')
  t.same(s.radarr.state.queue.map(q => q.id), [movieDefault!.id], 'the default movie manager kept its item of the same id')
  t.same([...s.sonarr.state.queueRemovals, ...s.radarr.state.queueRemovals], [], 'nothing was asked of the default instances')
  t.match((await s.call('cancel_downloads', { action: 'cancel', ids: [`series@kids:${onDefault!.id}`] })).content[0]!.text, /Not found: series@kids:\d+/)
})

t.test('the stuck view of an instance gives retry ids that go back to it, with strikes counted apart', async t => {
  const items = await grab('series', 'anime', anime, { episodeId: episodeOf(anime, 'Harbor Lights').id })
  for (const q of items) q.stuck = stuckAs('sonarr', q.title, 'notUpgrade')
  // What the download client wrote: a retry deletes the download's data only when this server can see it.
  for (const q of items) {
    const folder = join(s.roots.downloads, q.outputPath.slice('/downloads/'.length))
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, 'part.mkv'), Buffer.alloc(1000))
  }
  const view = await s.call('series_status', { view: 'stuck', instance: 'anime' })
  const retryId = `series@anime:${items[0]!.id}`
  t.match(ok(view).next, [{ tool: 'cancel_downloads', arguments: { action: 'retry', ids: [retryId] }, why: /strike 1 of 2/ }])
  t.match(view.content[0]!.text, `(strike 1 of 2): cancel_downloads {"action":"retry","ids":["${retryId}"]}`)
  t.equal(ok(await s.call('series_status', { view: 'stuck', instance: 'default' })).total, 0, 'the default instance has nothing stuck')

  const args = { action: 'retry', source: 'series', ids: [retryId] }
  const preview = confirmation(await s.call('cancel_downloads', args))
  t.match(preview.targets, [{ id: retryId, strikes: 0, strikeKey: `series@anime:episodes:${items[0]!.episodeId}` }])
  const done = ok(await s.call('cancel_downloads', { ...args, confirmToken: preview.confirmToken }))
  t.match(done.removed, [{ id: retryId, source: 'series', instance: 'anime', status: 'replaced' }])
  t.match(anime.state.queueRemovals.at(-1), { id: items[0]!.id, blocklist: true, skipRedownload: false }, 'the anime instance removed, blocklisted and searches again')
  t.same(s.sonarr.state.queueRemovals, [], 'the default instance was not asked')
  t.ok(s.sonarr.state.queue.some(q => q.id === onDefault!.id), 'the default instance\'s item of the same episode id stays')

  // The same episode id stuck on the default instance has its own count.
  for (const q of s.sonarr.state.queue) q.stuck = stuckAs('sonarr', q.title, 'notUpgrade')
  t.match(ok(await s.call('series_status', { view: 'stuck', instance: 'default' })).items, [{ queueId: onDefault!.id, stuck: { strikes: 0 } }])
  t.same([...s.sonarr.violations, ...anime.violations], [], 'contract-conformant traffic only')
})

// Issue 23 item 12: the queue and stuck views, asked without an instance, merge every instance as download_status
// does (instead of asking which one), each row naming the instance it came from.
t.test('the queue and stuck views without an instance merge every instance, each row naming its own', async t => {
  const harbor = [...anime.state.library.series.values()].find(v => v.title === 'Harbor Lights')!
  const [animeItem] = await grab('series', 'anime', anime, { episodeId: anime.state.library.bySeries.get(harbor.id)![1]!.id })
  animeItem!.stuck = stuckAs('sonarr', animeItem!.title, 'notUpgrade')
  const [uhdItem] = await grab('movies', 'uhd', uhd, { movieId: movieOf(uhd, 'The Quiet Orbit').id })
  const queue = ok(await s.call('series_status', { view: 'queue' }))
  const downloads = (x: SonarrSimulator | RadarrSimulator) => new Set(x.state.queue.map(q => q.downloadId)).size
  t.equal(queue.total, downloads(s.sonarr) + downloads(anime), 'every instance\'s downloads')
  t.match(queue.items.filter((r: any) => r.queueId === animeItem!.id && r.instance === 'anime'), [{ title: animeItem!.title }], 'the anime row names its instance')
  t.ok(queue.items.some((r: any) => r.queueId === onDefault!.id && r.instance === 'default'), 'the default row names its instance')
  t.notOk('missing' in queue, 'every instance answered')
  const movies = ok(await s.call('movie_status', { view: 'queue' }))
  t.same(movies.items.map((r: any) => `${r.instance}:${r.queueId}`).sort(), [`default:${movieDefault!.id}`, `uhd:${uhdItem!.id}`].sort())
  const stuck = await s.call('series_status', { view: 'stuck' })
  const retryIds = ok(stuck).next.map((c: any) => c.arguments.ids[0]).sort()
  t.same(retryIds, [`series@anime:${animeItem!.id}`, `series:${onDefault!.id}`].sort(), 'a merged stuck row\'s retry id names its instance')
  t.match(stuck.content[0]!.text, `"ids":["series@anime:${animeItem!.id}"]`)
  t.ok(ok(stuck).items.every((r: any) => typeof r.instance === 'string'))
  const named = ok(await s.call('series_status', { view: 'queue', instance: 'default' }))
  t.equal(named.instance, 'default')
  t.ok(named.items.length > 0 && named.items.every((r: any) => r.instance === undefined && r.queueId !== animeItem!.id), 'a named instance reads that one alone, as before')
})

t.test('an unreachable instance is named in the warnings; the others still answer', async t => {
  anime.faults.set('down')
  t.teardown(() => anime.faults.set('none'))
  const status = ok(await s.call('download_status', {}))
  t.ok(status.warnings.some((w: string) => /^Series manager "anime": Sonarr is unreachable/.test(w)), status.warnings.join('; '))
  t.ok(status.items.some((i: any) => i.instance === 'default' && i.source === 'series'), 'the default series manager\'s download is listed')
  const listed = ok(await s.call('cancel_downloads', { source: 'series' }))
  t.ok(listed.warnings.some((w: string) => /^Series manager "anime"/.test(w)), listed.warnings.join('; '))
  t.ok(listed.items.some((i: any) => i.id === `series:${onDefault!.id}`))
  // The parts record (issue 34 #5): each queue checked or unknown, the unknown one with its cause.
  t.match(listed.parts.find((p: any) => p.part === 'Series manager "anime"'), { state: 'unknown', why: /Sonarr is unreachable/ })
  t.ok(listed.parts.some((p: any) => p.part !== 'Series manager "anime"' && p.part.startsWith('Series manager') && p.state === 'checked'), 'the default series manager is checked')
  const queue = await s.call('series_status', { view: 'queue' })
  t.notOk(queue.isError, 'the merged queue view answers with the instances that did')
  t.match(ok(queue).missing, [{ source: 'Series manager "anime"', reason: /Sonarr is unreachable/ }])
  t.ok(ok(queue).items.every((r: any) => r.instance === 'default'), 'only rows of the instance that answered')
  t.match(queue.content[0]!.text, /^queue in the instances that answered: showing \d+ of \d+\..*Unknown, did not answer: Series manager "anime" \(Sonarr is unreachable/)
  t.match(ok(queue).parts, [{ state: 'checked' }, { part: 'Series manager "anime"', state: 'unknown', why: /Sonarr is unreachable/ }], 'each instance is a part: checked or unknown with its cause')
  const stuck = ok(await s.call('series_status', { view: 'stuck' }))
  t.match(stuck.parts, [{ state: 'checked' }, { part: 'Series manager "anime"', state: 'unknown' }], 'the merged stuck view too')
})
