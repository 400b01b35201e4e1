// get_library_state: the whole-library summary on a real temp tree, and the title snapshot against the
// contract-validated simulators (Sonarr, Radarr, Jellyfin, pyLoad) and a real qbittorrent-nox, or an
// unreachable torrent client to show that one backend down leaves the others answering.
import t from 'tap'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildTestApp, makeRoots } from '../../helpers/build.js'
import { createSonarrSimulator } from '../../../simulators/servarr/sonarr.js'
import { createRadarrSimulator } from '../../../simulators/servarr/radarr.js'
import { createJellyfinSimulator } from '../../../simulators/jellyfin/index.js'
import { createPlexSimulator } from '../../../simulators/plex/index.js'
import { createPyloadSimulator } from '../../../simulators/pyload/index.js'
import { QBT_PASSWORD, makeTorrent, startQbittorrent, swarmUnavailable, waitFor } from '../../helpers/qbt-swarm.js'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { data, text } from '../../helpers/results.js'
import { managersConfig } from '../../helpers/servarr-sims.js'

const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }

function put (root: string, rel: string, bytes = 10) {
  mkdirSync(join(root, rel, '..'), { recursive: true })
  writeFileSync(join(root, rel), Buffer.alloc(bytes))
}

t.test('whole-library summary: titles, files by kind and sizes per top folder', async t => {
  const { app, roots } = await buildTestApp(t)
  put(roots.media, 'tv/Show A/Season 01/Show A - S01E01.mkv', 100)
  put(roots.media, 'tv/Show A/Season 01/Show A - S01E01.en.srt', 5)
  put(roots.media, 'tv/Show B/Season 01/Show B - S01E01.mp4', 50)
  put(roots.media, 'movies/Heat (1995)/Heat (1995).mkv', 1000)
  put(roots.downloads, 'incoming/file.part', 7)
  const r = await app.tools.call('get_library_state', {}, ctx)
  t.notOk(r.isError, text(r))
  const by = Object.fromEntries(data(r).folders.map((f: any) => [f.folder, f]))
  t.same(Object.keys(by), ['anime', 'movies', 'music', 'tv', 'downloads'])
  t.match(by.tv, { titles: 2, files: 3, videoFiles: 2, subtitleFiles: 1, bytes: 155 })
  t.match(by.movies, { titles: 1, videoFiles: 1, bytes: 1000 })
  t.match(by.downloads, { titles: 1, files: 1, videoFiles: 0, bytes: 7 })
})

const KEYS = { sonarr: 'c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7', radarr: 'd3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8', jellyfin: 'e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9', pyload: 'f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0' }
// A series of the Jellyfin simulator's seed library (the managers' seeds have other titles).
const TITLE = 'Endless Ledger'
const YEAR = 1998

/** Every backend a simulator (torrents: a real qbittorrent-nox or an unreachable port); the library is /data to the backends. */
async function stack (t: { teardown: (fn: () => unknown) => void }, torrents: 'real' | 'unreachable', mediaServer: 'jellyfin' | 'plex' = 'jellyfin') {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const sim = { disk: { media: roots.media, downloads: roots.downloads }, paths: { downloads: roots.downloads } }
  const sonarr = await createSonarrSimulator({ apiKey: KEYS.sonarr, ...sim })
  const radarr = await createRadarrSimulator({ apiKey: KEYS.radarr, ...sim })
  const jellyfin = mediaServer === 'plex' ? await createPlexSimulator({ token: KEYS.jellyfin, scanMs: 5 }) : await createJellyfinSimulator({ apiKey: KEYS.jellyfin, scanMs: 5 })
  const pyload = await createPyloadSimulator({ apiKey: KEYS.pyload, storageDir: roots.downloads, linkDurationMs: 60_000 })
  t.teardown(() => Promise.allSettled([sonarr.close(), radarr.close(), jellyfin.close(), pyload.close()]))
  const qbt = torrents === 'real' ? await startQbittorrent(join(roots.base, 'qbt'), { downloadDir: roots.downloads }) : undefined
  if (qbt) t.teardown(() => qbt.stop())
  const { app } = await buildTestApp(t, {
    roots,
    config: {
      ...managersConfig(roots, { sonarr, radarr }, KEYS),
      MEDIA_SERVER_TYPE: mediaServer,
      MEDIA_SERVER_URL: jellyfin.url,
      ...(mediaServer === 'plex' ? { MEDIA_SERVER_TOKEN: KEYS.jellyfin } : { MEDIA_SERVER_API_KEY: KEYS.jellyfin }),
      DOWNLOAD_MANAGER_URL: pyload.url,
      DOWNLOAD_MANAGER_API_KEY: KEYS.pyload,
      TORRENT_CLIENT_URL: qbt?.url ?? 'http://127.0.0.1:9',
      TORRENT_CLIENT_PASSWORD: QBT_PASSWORD
    }
  })

  // The series manager has the title (added through its API), pyLoad downloads an episode, one episode is on disk.
  const profile = (await app.backends.sonarr.qualityProfiles())[0].id
  await app.backends.sonarr.addSeries({ tvdbId: 70103, title: TITLE, year: YEAR, qualityProfileId: profile, rootFolderPath: join(roots.media, 'tv'), monitored: true, seasonFolder: true, addOptions: { monitor: 'all' } })
  pyload.state.addPackage('Endless.Ledger.S01E03.1080p', ['http://files.example.com/Endless.Ledger.S01E03.1080p.mkv'], 1)
  put(roots.media, `tv/${TITLE} (${YEAR})/Season 01/${TITLE} - S01E01.mkv`, 100)
  return { app, roots, violations: () => [...sonarr.violations, ...radarr.violations, ...jellyfin.violations, ...pyload.violations] }
}

for (const mediaServer of ['jellyfin', 'plex'] as const) {
  t.test(`title snapshot on the simulators (${mediaServer}): an unreachable torrent client shows as unavailable, the rest still answer`, async t => {
    const s = await stack(t, 'unreachable', mediaServer)
    const r = await s.app.tools.call('get_library_state', { title: 'endless ledger', kind: 'series' }, ctx)
    t.notOk(r.isError, text(r))
    const d = data(r)
    t.match(d.mediaServer, { available: true, matches: [{ name: TITLE, type: 'Series' }] })
    t.match(d.seriesManager, { available: true, matches: [{ title: TITLE, monitored: true, path: join(s.roots.media, 'tv', `${TITLE} (${YEAR})`), episodeFiles: 0 }] })
    t.match(d.movieManager, { available: false, reason: /not asked/ })
    t.equal(d.torrents.available, false)
    t.match(d.torrents.reason, /TORRENT_CLIENT_URL/)
    t.match(d.directDownloads, { available: true, matches: [{ name: 'Endless.Ledger.S01E03.1080p', finished: false, failed: false }] })
    t.equal(d.readyToWatch, true, 'the media server lists it')
    t.equal(d.filesOnDisk, true, 'an episode is in the library folder')
    t.equal(d.managerHasFiles, false, 'the series manager has no file of it yet')
    t.equal(d.monitored, true)
    t.equal(d.downloading, true, 'the pyLoad package is still downloading')
    t.same(d.disk.matches.map((m: any) => m.path), [`tv/${TITLE} (${YEAR})`])
    // The parts record (issue 34 #5): the torrent client unknown with its cause, the Usenet client (not configured)
    // and the movie manager (kind series) skipped with what would let them be checked, the rest checked.
    t.match(d.parts, [
      { part: 'the media server', state: 'checked', found: 1 }, { part: 'the series manager', state: 'checked', found: 1 },
      { part: 'the movie manager', state: 'skipped', enable: /kind any/ }, { part: 'the torrent client', state: 'unknown', why: /qBittorrent is unreachable/ },
      { part: 'the Usenet client', state: 'skipped', why: 'not configured', enable: /USENET_CLIENT_URL/ }, { part: 'the direct-download manager', state: 'checked' }, { part: 'the disk', state: 'checked' }
    ])
    t.match(r.content[0].text, /Unknown, did not answer: the torrent client \(qBittorrent is unreachable[^;]*\)\./)
    t.match(r.content[0].text, /Not checked: [^.]*the Usenet client \(not configured; to check it: set USENET_CLIENT_TYPE/, 'not configured is not "down"')
    t.notMatch(r.content[0].text, /Unknown, did not answer: .*(the media server|the series manager|the direct-download manager|the Usenet client)/, 'only the torrent client is reported down')
    t.same(s.violations(), [], 'contract-conformant traffic only')
  })
}

const noTorrentClient = await swarmUnavailable()

t.test('title snapshot with a real torrent client: a waiting torrent for the title counts as downloading', { skip: noTorrentClient }, async t => {
  const s = await stack(t, 'real')
  const waiting = makeTorrent(join(s.roots.base, 'src'), 'Endless.Ledger.S01E04.1080p.mkv', 20_000)
  await s.app.backends.torrent.addTorrentFile(waiting.torrent, { savePath: s.roots.downloads })
  await waitFor('the torrent listed', async () => ((await s.app.backends.torrent.list()).some(x => x.phase === 'downloading') ? true : undefined))
  const d = data(await s.app.tools.call('get_library_state', { title: 'Endless Ledger' }, ctx))
  t.match(d.torrents, { available: true, matches: [{ name: 'Endless.Ledger.S01E04.1080p.mkv', phase: 'downloading', progress: 0, contentPath: join(s.roots.downloads, 'Endless.Ledger.S01E04.1080p.mkv') }] })
  t.match(d.movieManager, { available: true, matches: [] }, 'kind any also asks the movie manager')
  t.equal(d.downloading, true)
  t.same(s.violations(), [])
})
