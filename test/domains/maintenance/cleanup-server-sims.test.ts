// cleanup_server on the simulators alone (the torrent client unreachable): ghost manager entries, skipped
// categories, media server caches, nothing to do, and what each preview item frees.
import t from 'tap'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { qualities } from '../../../simulators/servarr/qualities.js'
import { createSonarrSimulator } from '../../../simulators/servarr/sonarr.js'
import { toolContext } from '../../helpers/sim-app.js'
import type { JellyfinClient } from '../../../clients/jellyfin/client.js'
import { age, confirmWith, put, stack } from './cleanup-stack.js'
import { data, text } from '../../helpers/results.js'

t.test('ghost entries: only provable ghosts, removed without files; a target that changed is skipped', async t => {
  const s = await stack(t, { torrents: 'unreachable' })
  const { roots } = s
  const b = s.app.backends
  const profile = (await b.sonarr.qualityProfiles())[0].id
  const free = <T extends { tvdbId?: number, tmdbId?: number }>(catalogue: Iterable<T>, taken: Set<number>, key: 'tvdbId' | 'tmdbId') =>
    [...catalogue].filter(c => !taken.has(c[key]!))
  const seriesIds = new Set([...s.sonarr.state.library.series.values()].map(x => x.tvdbId))
  const [c1, c2, c3, c4] = free(s.sonarr.state.library.catalogue.values(), seriesIds, 'tvdbId')
  const add = async (c: { tvdbId: number, title: string, year: number }) =>
    await b.sonarr.addSeries({ tvdbId: c.tvdbId, title: c.title, year: c.year, qualityProfileId: profile, rootFolderPath: join(roots.media, 'tv'), monitored: true, seasonFolder: true, addOptions: { monitor: 'all' } })
  const ghost = await add(c1) // folder gone, no files, imported once → ghost
  const wanted = await add(c2) // never had files: only added, not a ghost
  const present = await add(c3) // its folder exists (empty): not a ghost
  const queued = await add(c4) // folder gone, imported once, but downloading again: not a ghost
  t.equal(ghost.path, join(roots.media, 'tv', `${c1.title} (${c1.year})`), 'paths come back through PATH_MAP')
  mkdirSync(present.path!, { recursive: true })
  const q = qualities('sonarr')[0]
  const imported = (seriesId: number, eventType: string) =>
    s.sonarr.state.history.push({ id: 90_000 + seriesId, seriesId, sourceTitle: 'Old.Release.S01E01.mkv', date: new Date(Date.now() - 86_400_000).toISOString(), eventType, quality: q, data: {} })
  // The history of files that were imported once (and later deleted from disk): the evidence the tool asks for.
  for (const x of [ghost, present, queued]) imported(x.id, 'downloadFolderImported')
  const ep = (await b.sonarr.episodes({ seriesId: queued.id }))[0]
  const rel = (await b.sonarr.releases({ episodeId: ep.id }))[0]
  await b.sonarr.grab(rel.guid!, rel.indexerId)

  const movieIds = new Set([...s.radarr.state.library.movies.values()].map(m => m.tmdbId))
  const [m1] = free(s.radarr.state.library.catalogue.values(), movieIds, 'tmdbId')
  const ghostMovie = await b.radarr.addMovie({ tmdbId: m1.tmdbId, title: m1.title, year: m1.year, qualityProfileId: profile, rootFolderPath: join(roots.media, 'movies'), monitored: true, minimumAvailability: 'released' })
  s.radarr.state.history.push({ id: 90_000, movieId: ghostMovie.id, sourceTitle: 'Old.Movie.mkv', date: new Date().toISOString(), eventType: 'movieFileDeleted', quality: qualities('radarr')[0], data: {} })
  mkdirSync(join(roots.media, 'movies', 'Another Movie (2001)'))

  const args = { categories: ['ghostEntries'] }
  const preview = await s.call(args)
  t.notOk(preview.isError, text(preview))
  const targets = data(preview).confirmation.targets
  t.same(targets.map((x: any) => x.id).sort(), [`movie:${ghostMovie.id}`, `series:${ghost.id}`], 'only the provable ghosts; seeded entries with files or without history, the wanted one, the one with a folder and the queued one are not proposed')
  t.match(targets.find((x: any) => x.service === 'Sonarr'), { category: 'ghostEntries', name: `${c1.title} (${c1.year})`, path: `tv/${c1.title} (${c1.year})`, bytes: 0, reason: /deleteFiles=false/ })

  // An unmounted share makes every folder look missing: with the movies root empty, no movie is proposed.
  rmSync(join(roots.media, 'movies', 'Another Movie (2001)'), { recursive: true })
  const unmounted = await s.call(args)
  t.same(data(unmounted).confirmation.targets.map((x: any) => x.id), [`series:${ghost.id}`])
  mkdirSync(join(roots.media, 'movies', 'Another Movie (2001)'))

  // Between the preview and the removal the series folder reappears and the movie is removed elsewhere:
  // the handler (as the registry calls it after redeeming the token) re-checks each target and skips both.
  const again = await s.call(args)
  mkdirSync(ghost.path!)
  await b.radarr.deleteMovie(ghostMovie.id, { deleteFiles: false, addImportExclusion: false })
  const tool = s.app.tools.get('cleanup_server')!
  const raced = await tool.handler({ categories: ['ghostEntries'], olderThanHours: 24 }, toolContext({ confirmed: { targets: data(again).confirmation.targets } }))
  t.same(raced.data.removed, [])
  t.same((raced.data.skipped as Array<{ reason: string }>).map(x => x.reason).sort(), ['its folder exists again', 'no longer in Radarr'])
  t.ok(await b.sonarr.getSeries(ghost.id), 'the changed series is still in the manager')
  rmSync(ghost.path!, { recursive: true })

  // The ghost's folder in the manager becomes "/" after the preview: skipped as changed, never an internal error.
  const third = await s.call(args)
  const simSeries = s.sonarr.state.library.series.get(ghost.id)!
  const seen = simSeries.path
  simSeries.path = '/'
  const moved = await tool.handler({ categories: ['ghostEntries'], olderThanHours: 24 }, toolContext({ confirmed: { targets: data(third).confirmation.targets } }))
  t.same(moved.data.failed, [])
  t.match(moved.data.skipped, [{ reason: /its folder changed to \/, outside the media root/ }])
  simSeries.path = seen

  // The real flow: preview, confirm, exactly the ghost goes; files and every other entry stay.
  put(roots.media, `tv/${c3.title} (${c3.year})/keep.nfo`)
  const preview2 = await s.call(args)
  t.same(data(preview2).confirmation.targets.map((x: any) => x.id), [`series:${ghost.id}`])
  const before = s.sonarr.state.library.series.size
  const done = await confirmWith(s, args, preview2)
  t.notOk(done.isError, text(done))
  t.same(data(done).removed.map((x: any) => x.id), [`series:${ghost.id}`])
  t.equal(await b.sonarr.getSeries(ghost.id), undefined, 'the ghost is gone from the manager')
  t.equal(s.sonarr.state.library.series.size, before - 1, 'no other series was removed')
  for (const x of [wanted, present, queued]) t.ok(await b.sonarr.getSeries(x.id), `${x.title} stays`)
  t.ok(existsSync(join(roots.media, `tv/${c3.title} (${c3.year})/keep.nfo`)), 'no file was touched')
  t.same(s.violations(), [], 'the simulators saw only contract-conformant traffic')
})

t.test('unreachable backends: each category that needs them is skipped with the reason, nothing is removed', async t => {
  const s = await stack(t, { torrents: 'unreachable', jellyfin: { apiKey: 'wrong-key-0123456789abcdef' } })
  s.sonarr.faults.set('down')
  put(s.roots.downloads, 'Show.S01E02/Show.S01E02.mkv')
  age(join(s.roots.downloads, 'Show.S01E02'))
  const preview = await s.call({})
  t.notOk(preview.isError, 'nothing to do is a success, with the reasons')
  const { parts, ...rest } = data(preview)
  t.same(rest, { removed: [], skipped: [], failed: [], bytesFreed: 0 }, 'no token: there is nothing to confirm')
  const state = Object.fromEntries(parts.map((p: any) => [p.part, p.state]))
  t.same(state, {
    temp: 'checked',
    orphanedTorrents: 'unknown',
    downloadLeftovers: 'skipped',
    caches: 'unknown',
    'ghostEntries in Sonarr': 'unknown',
    'ghostEntries in Radarr': 'checked',
    watched: 'skipped'
  }, 'each category is recorded as checked, skipped or unknown (no Usenet client: its history is no category)')
  const msg = text(preview)
  // "Nothing" covers exactly the checked parts: never a category whose source did not answer (issue 34 #5).
  t.match(msg, /^Nothing qualifies in temp and ghostEntries in Radarr\. /)
  t.notMatch(msg, /Nothing to clean up/, 'no "nothing to clean up" over the categories that were not checked')
  t.notMatch(msg.split('Not checked')[0], /orphanedTorrents|downloadLeftovers|caches/)
  t.match(msg, /Not checked: downloadLeftovers \(a folder cannot be proved unreferenced while Torrent client: .*Series manager: .* did not answer; to check it: call again once they answer\)/)
  t.match(msg, /Unknown, did not answer: orphanedTorrents \(qBittorrent is unreachable/)
  t.match(msg, /caches \(Jellyfin rejected the API key: check MEDIA_SERVER_API_KEY\)/)
  t.match(msg, /ghostEntries in Sonarr \(Sonarr is unreachable/)
  t.match(parts.find((p: any) => p.part === 'downloadLeftovers'), { why: /Torrent client: qBittorrent is unreachable/, enable: 'call again once they answer' })
  t.ok(existsSync(join(s.roots.downloads, 'Show.S01E02/Show.S01E02.mkv')), 'an unreachable manager proves nothing: the folder stays')
  t.same(s.violations(), [], 'the simulators saw only contract-conformant traffic')
})

t.test('caches: a task already running is not a target; a changed task list refuses the token', async t => {
  const s = await stack(t, { torrents: 'unreachable', jellyfin: { taskMs: 60_000 } })
  const args = { categories: ['caches'] }
  const preview = await s.call(args)
  t.same(data(preview).confirmation.targets.map((x: any) => x.name), ['Clean Cache Directory', 'Clean Transcode Directory'])
  // Someone starts the transcode cleanup on the server meanwhile: the list the token was bound to is gone.
  await (s.app.backends.mediaServer as JellyfinClient).call({ method: 'POST', path: `/ScheduledTasks/Running/${s.jellyfin.tasks.byKey('DeleteTranscodeFiles')!.id}`, as: 'none' })
  const refused = await confirmWith(s, args, preview)
  t.ok(refused.isError)
  t.same(s.jellyfin.tasks.runs, ['DeleteTranscodeFiles'], 'the refused call started nothing')
  const fresh = await s.call(args)
  t.same(data(fresh).confirmation.targets.map((x: any) => x.name), ['Clean Cache Directory'])
  t.match(data(fresh).confirmation.summary, /already running on the media server: Clean Transcode Directory/)
  const done = await confirmWith(s, args, fresh)
  t.notOk(done.isError, text(done))
  t.same(s.jellyfin.tasks.runs, ['DeleteTranscodeFiles', 'DeleteCacheFiles'])
  t.equal(s.jellyfin.tasks.byKey('DeleteCacheFiles')!.state, 'Running')
  t.same(s.violations(), [], 'the simulators saw only contract-conformant traffic')
})

t.test('nothing to clean up is a successful answer, not an error', async t => {
  const s = await stack(t, { torrents: 'unreachable' })
  const res = await s.call({ categories: ['temp'] })
  t.notOk(res.isError, text(res))
  t.match(text(res), /^Nothing qualifies in temp\. Not checked: watched /)
  t.same(data(res), { removed: [], skipped: [], failed: [], bytesFreed: 0, parts: [{ part: 'temp', state: 'checked', found: 0 }, { part: 'watched', state: 'skipped', why: 'it deletes watched media, so it runs only when asked for by name', enable: 'categories ["watched"]' }] })
})

t.test('the preview says what each item frees, or that its size is unknown', async t => {
  const s = await stack(t, { torrents: 'unreachable' })
  put(s.roots.media, 'tv/Show/.Show - S01E01.mkv.0123456789ab.msmcp.tmp', 'x'.repeat(2000))
  age(join(s.roots.media, 'tv/Show'))
  const preview = await s.call({ categories: ['temp', 'caches'] })
  const { summary, targets } = data(preview).confirmation
  t.match(summary, /temp "tv\/Show\/\.Show - S01E01\.mkv\.0123456789ab\.msmcp\.tmp" \(2\.0 KiB\)/)
  t.match(summary, /caches "Clean Cache Directory" \(size unknown\)/)
  t.match(summary, /Frees 2\.0 KiB plus what the 2 item\(s\) of unknown size hold\./)
  t.notMatch(summary, /freeing 0 B/)
  t.equal(targets.find((x: any) => x.category === 'caches').bytes, undefined, 'an unknown size is not reported as 0')
})

t.test('download leftovers are judged against every instance: an extra series manager that cannot be asked holds them back', async t => {
  const s = await stack(t, {
    torrents: 'unreachable',
    config: { SERIES_MANAGER_INSTANCES: 'anime', SERIES_MANAGER_ANIME_URL: 'http://127.0.0.1:9', SERIES_MANAGER_ANIME_API_KEY: 'a'.repeat(32) }
  })
  const res = await s.call({ categories: ['downloadLeftovers'] })
  t.notOk(res.isError, text(res))
  t.match(text(res), /Not checked: downloadLeftovers \(a folder cannot be proved unreferenced while .*Series manager "anime": .*Series manager "anime"'s library: /)
  t.notMatch(text(res), /Series manager: /, 'the default series manager answered, so it is not named')
})

t.test('ghost entries of an extra series manager are found and removed there, named by their instance', async t => {
  const roots0 = { key: 'b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2' }
  const anime = await createSonarrSimulator({ apiKey: roots0.key, downloadMs: 30 })
  t.teardown(() => anime.close())
  const s = await stack(t, { torrents: 'unreachable', config: { SERIES_MANAGER_INSTANCES: 'anime', SERIES_MANAGER_ANIME_URL: anime.url, SERIES_MANAGER_ANIME_API_KEY: roots0.key } })
  const taken = new Set([...anime.state.library.series.values()].map(x => x.tvdbId))
  const c = [...anime.state.library.catalogue.values()].find(x => !taken.has(x.tvdbId))!
  const profile = anime.state.profiles[0].id
  const res = await fetch(`${anime.url}/api/v3/series`, {
    method: 'POST',
    headers: { 'x-api-key': roots0.key, 'content-type': 'application/json' },
    body: JSON.stringify({ tvdbId: c.tvdbId, title: c.title, year: c.year, qualityProfileId: profile, rootFolderPath: '/data/anime', monitored: true, seasonFolder: true, addOptions: { monitor: 'all' } })
  })
  const ghost = await res.json() as { id: number }
  anime.state.history.push({ id: 95_000, seriesId: ghost.id, sourceTitle: 'Old.S01E01.mkv', date: new Date(Date.now() - 86_400_000).toISOString(), eventType: 'downloadFolderImported', quality: qualities('sonarr')[0], data: {} })
  mkdirSync(join(s.roots.media, 'anime', 'Something Else'), { recursive: true })

  const args = { categories: ['ghostEntries'] }
  const preview = await s.call(args)
  const mine = (data(preview).confirmation?.targets ?? []).filter((x: any) => x.service === 'Sonarr (anime)')
  t.same(mine.map((x: any) => x.id), [`series:${ghost.id}`], 'the anime instance\'s ghost is proposed, named by its instance')
  const before = s.sonarr.state.library.series.size
  const done = await confirmWith(s, args, preview)
  t.notOk(done.isError, text(done))
  t.ok(data(done).removed.some((x: any) => x.service === 'Sonarr (anime)' && x.id === `series:${ghost.id}`))
  t.notOk(anime.state.library.series.has(ghost.id), 'removed from the anime instance')
  t.equal(s.sonarr.state.library.series.size, before - data(done).removed.filter((x: any) => x.service === 'Sonarr').length, 'the default instance lost only its own ghosts')
  t.notOk(JSON.stringify(data(done).removed).includes('"instance"'), 'the answer names the instance in service only')
})
