// cleanup_server against the real parts: Sonarr/Radarr/Jellyfin/pyLoad simulators (contract-validated) and a
// real qbittorrent-nox (skipped with the reason when it is not installed; CI installs it). The data-loss
// hazard stays a test: a downloads folder a manager's queue still refers to is never deleted.
import t from 'tap'
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../../app.js'
import { createSonarrSimulator, type SonarrSimulator } from '../../../simulators/servarr/sonarr.js'
import { createRadarrSimulator, type RadarrSimulator } from '../../../simulators/servarr/radarr.js'
import { createJellyfinSimulator, type JellyfinSimulator } from '../../../simulators/jellyfin/index.js'
import { createPyloadSimulator, type PyloadSimulator } from '../../../simulators/pyload/index.js'
import { qualities } from '../../../simulators/servarr/qualities.js'
import { readTorrentFile } from '../../../clients/qbittorrent/torrent-file.js'
import type { ToolCallResult } from '../../../core/tool-types.js'
import { makeRoots, testConfig, type TestRoots } from '../../helpers/build.js'
import { toolContext } from '../../helpers/sim-app.js'
import { QBT_PASSWORD, makeTorrent, qbtMajors, startQbittorrent, waitFor, type QbtMajor } from '../../helpers/qbt-swarm.js'

const KEYS = { sonarr: 'c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7', radarr: 'd3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8', jellyfin: 'e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9', pyload: 'f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0' }
const OLD = new Date(Date.now() - 3 * 24 * 3600_000)
const data = (r: ToolCallResult) => r.structuredContent as Record<string, any>
const text = (r: ToolCallResult) => r.content.map(c => c.text).join('\n')
type Tap = Parameters<Parameters<typeof t.test>[0]>[0]

interface Stack {
  app: FastifyInstance
  roots: TestRoots
  sonarr: SonarrSimulator
  radarr: RadarrSimulator
  jellyfin: JellyfinSimulator
  pyload: PyloadSimulator
  call: (args: Record<string, unknown>) => Promise<ToolCallResult>
  /** Contract violations any simulator saw (asserted empty at the end of each test). */
  violations: () => string[]
}

/** Every backend is a simulator (or a real qbittorrent-nox); the managers see the library as /data (PATH_MAP). */
async function stack (t: { teardown: (fn: () => unknown) => void }, o: { torrents: 'real' | 'unreachable', major?: QbtMajor, jellyfin?: { taskMs?: number, apiKey?: string } }): Promise<Stack> {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  // The library crosses PATH_MAP (/data); downloads are seen under their real path by every backend, as the
  // real qbittorrent-nox on this machine can only see real paths.
  const disk = { media: roots.media, downloads: roots.downloads }
  const paths = { downloads: roots.downloads }
  const sonarr = await createSonarrSimulator({ apiKey: KEYS.sonarr, disk, paths, downloadMs: 30 })
  const radarr = await createRadarrSimulator({ apiKey: KEYS.radarr, disk, paths, downloadMs: 30 })
  const jellyfin = await createJellyfinSimulator({ apiKey: KEYS.jellyfin, scanMs: 5, taskMs: o.jellyfin?.taskMs })
  const pyload = await createPyloadSimulator({ apiKey: KEYS.pyload, storageDir: roots.downloads, linkDurationMs: 60_000 })
  t.teardown(() => Promise.allSettled([sonarr.close(), radarr.close(), jellyfin.close(), pyload.close()]))
  let torrentUrl = 'http://127.0.0.1:9'
  if (o.torrents === 'real') {
    const qbt = await startQbittorrent(join(roots.base, 'qbt'), { downloadDir: roots.downloads, major: o.major })
    t.teardown(() => qbt.stop())
    torrentUrl = qbt.url
  }
  const config = testConfig(roots, {
    PATH_MAP: `/data=${roots.media}`,
    SERIES_MANAGER_URL: sonarr.url,
    SERIES_MANAGER_API_KEY: KEYS.sonarr,
    MOVIE_MANAGER_URL: radarr.url,
    MOVIE_MANAGER_API_KEY: KEYS.radarr,
    MEDIA_SERVER_URL: jellyfin.url,
    MEDIA_SERVER_API_KEY: o.jellyfin?.apiKey ?? KEYS.jellyfin,
    DOWNLOAD_MANAGER_URL: pyload.url,
    DOWNLOAD_MANAGER_API_KEY: KEYS.pyload,
    TORRENT_CLIENT_URL: torrentUrl,
    TORRENT_CLIENT_PASSWORD: QBT_PASSWORD
  })
  const app = await buildApp(config, { logger: false, plugins: { backendProbe: { autoStart: false } } })
  await app.ready()
  t.teardown(() => app.close())
  return {
    app,
    roots,
    sonarr,
    radarr,
    jellyfin,
    pyload,
    call: args => app.tools.call('cleanup_server', args, toolContext()),
    violations: () => [...sonarr.violations, ...radarr.violations, ...jellyfin.violations, ...pyload.violations]
  }
}

function put (root: string, rel: string, content: string | Buffer = 'x') {
  mkdirSync(join(root, rel, '..'), { recursive: true })
  writeFileSync(join(root, rel), content)
}

/** Backdates a file or a whole tree (leftovers and temp files must be older than olderThanHours). */
function age (path: string) {
  if (statSync(path).isDirectory()) for (const e of readdirSync(path)) age(join(path, e))
  utimesSync(path, OLD, OLD)
}

const confirmWith = async (s: Stack, args: Record<string, unknown>, preview: ToolCallResult) =>
  await s.call({ ...args, confirmToken: data(preview).confirmation.confirmToken })

// On both qBittorrent majors (the machine's 4.x and the 5.x chroot).
for (const { major, name, skip } of await qbtMajors()) {
  t.test(`every category on the real parts: the preview lists every target, the token acts on exactly that list, referenced folders survive (${name})`, { skip }, t => everyCategoryOnTheRealParts(t, major))
}

async function everyCategoryOnTheRealParts (t: Tap, major: QbtMajor) {
  const s = await stack(t, { torrents: 'real', major })
  const { roots } = s
  const b = s.app.backends

  // The series manager grabs an episode: its queue item writes into /downloads/complete/<release> (hazard).
  const harbor = [...s.sonarr.state.library.series.values()].find(x => x.title === 'Harbor Lights')!
  const episode = s.sonarr.state.library.bySeries.get(harbor.id)![0]
  const release = (await b.sonarr.releases({ episodeId: episode.id }))[0]
  t.ok(await b.sonarr.grab(release.guid!, release.indexerId))
  const [queued] = (await b.sonarr.queue({ page: 1, pageSize: 10 })).records
  t.equal(queued.outputPath, join(roots.downloads, 'complete', queued.title!), 'PATH_MAP applied to the queue item')
  await waitFor('the grabbed release on disk', async () => ((await b.sonarr.queue({ page: 1, pageSize: 10 })).records[0].sizeleft === 0 && existsSync(queued.outputPath!) ? true : undefined))

  // pyLoad has a finished package in the downloads folder (referenced by the direct-download manager).
  s.pyload.state.addFinishedPackage('Some.Package', [{ name: 'part1.mkv', content: 'pkg' }])

  // Torrents: one seeding from downloads/Seeding, one complete whose data is then deleted (orphan), one still
  // waiting for data (progress 0: not an orphan although its content does not exist).
  const src = join(roots.base, 'src')
  const seeding = makeTorrent(join(src, 'a'), 'Seeding.Show.S01E01.mkv', 40_000)
  const gone = makeTorrent(join(src, 'b'), 'Gone.Movie.2019.mkv', 30_000)
  const waiting = makeTorrent(join(src, 'c'), 'Just.Added.2024.mkv', 20_000)
  put(roots.downloads, 'Seeding/Seeding.Show.S01E01.mkv', seeding.bytes)
  copyFileSync(gone.file, join(roots.downloads, 'Gone.Movie.2019.mkv'))
  await b.qbittorrent.addTorrentFile(seeding.torrent, { savePath: join(roots.downloads, 'Seeding'), skipChecking: true })
  await b.qbittorrent.addTorrentFile(gone.torrent, { savePath: roots.downloads, skipChecking: true })
  await b.qbittorrent.addTorrentFile(waiting.torrent, { savePath: roots.downloads })
  const goneHash = readTorrentFile(gone.torrent).hash
  await waitFor('three torrents, two complete', async () => {
    const list = await b.qbittorrent.list()
    return list.length === 3 && list.filter(x => x.progress === 1).length === 2 && list.every(x => x.phase !== 'checking') ? true : undefined
  })
  rmSync(join(roots.downloads, 'Gone.Movie.2019.mkv'))

  put(roots.media, 'tv/Show/Season 01/.Show - S01E01.mkv.0123456789ab.msmcp.tmp')
  put(roots.media, 'tv/Show/Season 01/Show - S01E01.mkv')
  put(roots.downloads, 'Forgotten.Thing/file.mkv')
  for (const top of readdirSync(roots.downloads)) age(join(roots.downloads, top))
  age(join(roots.media, 'tv/Show'))
  put(roots.downloads, 'fresh/file.mkv')

  const args = {}
  const preview = await s.call(args)
  t.notOk(preview.isError, text(preview))
  const targets = data(preview).confirmation.targets
  t.same(targets.map((x: any) => `${x.category}:${x.name}`).sort(), [
    'caches:Clean Cache Directory',
    'caches:Clean Transcode Directory',
    'downloadLeftovers:downloads/Forgotten.Thing',
    'orphanedTorrents:Gone.Movie.2019.mkv',
    'temp:tv/Show/Season 01/.Show - S01E01.mkv.0123456789ab.msmcp.tmp'
  ], 'no ghost entries: the seeded manager entries without folders have no import history')
  t.equal((await b.qbittorrent.list()).length, 3, 'the preview changed nothing')
  t.same(s.jellyfin.tasks.runs, [], 'the preview started no task')

  // The list changes (a leftover grows): the token is refused and nothing is removed.
  put(roots.downloads, 'Forgotten.Thing/more.mkv', 'more data')
  age(join(roots.downloads, 'Forgotten.Thing'))
  const stale = await confirmWith(s, args, preview)
  t.ok(stale.isError, 'a token for another list is refused')
  t.ok(existsSync(join(roots.downloads, 'Forgotten.Thing/file.mkv')))
  t.same(s.jellyfin.tasks.runs, [])

  const again = await s.call(args)
  const done = await confirmWith(s, args, again)
  t.notOk(done.isError, text(done))
  t.equal(data(done).removed.length, 5)
  t.same(data(done).failed, [])
  t.same(data(done).skipped, [])
  t.same([...s.jellyfin.tasks.runs].sort(), ['DeleteCacheFiles', 'DeleteTranscodeFiles'], 'exactly the previewed media-server tasks ran')
  await waitFor('orphan removed', async () => {
    const hashes = (await b.qbittorrent.list()).map(x => x.hash)
    return hashes.length === 2 && !hashes.includes(goneHash) ? true : undefined
  })
  t.notOk(existsSync(join(roots.downloads, 'Forgotten.Thing')))
  t.notOk(existsSync(join(roots.media, 'tv/Show/Season 01/.Show - S01E01.mkv.0123456789ab.msmcp.tmp')))
  t.ok(existsSync(join(roots.media, 'tv/Show/Season 01/Show - S01E01.mkv')), 'the season folder and its episode stay')
  t.ok(existsSync(join(queued.outputPath!, `${queued.title}.mkv`)), 'hazard: a folder the series manager\'s queue still refers to is not deleted')
  t.ok(existsSync(join(roots.downloads, 'Some.Package/part1.mkv')), 'a pyLoad package folder stays')
  t.ok(existsSync(join(roots.downloads, 'Seeding/Seeding.Show.S01E01.mkv')), 'a seeding torrent\'s data stays')
  t.ok(existsSync(join(roots.downloads, 'fresh/file.mkv')), 'recent items stay')
  t.equal((await b.sonarr.queue({ page: 1, pageSize: 10 })).totalRecords, 1, 'the queue item is untouched')
  t.same(s.violations(), [], 'the simulators saw only contract-conformant traffic')
}

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
  t.same(data(preview), { removed: [], skipped: [], failed: [], bytesFreed: 0 }, 'no token: there is nothing to confirm')
  const msg = text(preview)
  t.match(msg, /^Nothing to clean up/)
  t.match(msg, /orphaned torrents skipped \(torrent client unavailable/)
  t.match(msg, /download leftovers skipped: cannot prove them unreferenced while torrent client: .*series manager queue/)
  t.match(msg, /caches skipped \(media server unavailable: .*MEDIA_SERVER_API_KEY/)
  t.match(msg, /ghost entries in Sonarr skipped/)
  t.ok(existsSync(join(s.roots.downloads, 'Show.S01E02/Show.S01E02.mkv')), 'an unreachable manager proves nothing: the folder stays')
  t.same(s.violations(), [], 'the simulators saw only contract-conformant traffic')
})

t.test('caches: a task already running is not a target; a changed task list refuses the token', async t => {
  const s = await stack(t, { torrents: 'unreachable', jellyfin: { taskMs: 60_000 } })
  const args = { categories: ['caches'] }
  const preview = await s.call(args)
  t.same(data(preview).confirmation.targets.map((x: any) => x.name), ['Clean Cache Directory', 'Clean Transcode Directory'])
  // Someone starts the transcode cleanup on the server meanwhile: the list the token was bound to is gone.
  await s.app.backends.jellyfin.call({ method: 'POST', path: `/ScheduledTasks/Running/${s.jellyfin.tasks.byKey('DeleteTranscodeFiles')!.id}`, as: 'none' })
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
  t.match(text(res), /^Nothing to clean up: nothing qualifies in temp\./)
  t.same(data(res), { removed: [], skipped: [], failed: [], bytesFreed: 0 })
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
