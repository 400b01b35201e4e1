// The stuck views of every downloader, their suggested calls followed (issue 34 #8): the series and movie
// managers (Sonarr/Radarr simulators) send downloads to the real qbittorrent-nox (default torrent client), the
// real Transmission ("tr") and Deluge ("dl"), the real NZBGet (default Usenet client) and the SABnzbd simulator
// ("sab"). Each downloader holds a download that failed there or that the manager marked failed, and each torrent
// client one the manager only needs to import; every call series_status and movie_status view "stuck" suggest is
// sent as given (confirmed when the tool asks) and must be accepted and do what it said: a retry leaves the
// manager's queue and has it search again, an import gives the title its file (test/helpers/next-effects.ts).
import t from 'tap'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { stuckAs } from '../../simulators/servarr/stuck.js'
import { buildTestApp, makeRoots } from '../helpers/build.js'
import { torrentClientKinds } from '../helpers/torrent-clients.js'
import { nzbgetUnavailable } from '../helpers/nzbget-daemon.js'
import { allDownloadersSettings, startAllDownloaders } from '../helpers/downloader-settings.js'
import { postRelease } from '../helpers/usenet-release.js'
import { sampleVideo } from '../helpers/static-server.js'
import { waitFor } from '../helpers/qbt-swarm.js'
import { grabTracked } from '../helpers/grabs.js'
import { ok } from '../helpers/results.js'
import { nextOf } from '../helpers/follow-next.js'
import { recordNext } from '../helpers/next-recorder.js'

// Five real or simulated downloaders and two managers in one stack: the file's limit is generous, never a speed test.
t.setTimeout(360_000)

const kinds = await torrentClientKinds()
const skip = kinds.map(k => k.skip).find(Boolean) ?? await nzbgetUnavailable()

t.test('every call the stuck views suggest, on every downloader, is accepted and does what it said', { skip }, async t => {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const downloaders = await startAllDownloaders(t, roots)
  const { torrents, nntp, sab } = downloaders

  const s = await buildTestApp(t, {
    roots,
    sims: { sonarr: { downloadMs: 30, queueRefreshMs: 5 }, radarr: { downloadMs: 30, queueRefreshMs: 5 } },
    config: {
      ...allDownloadersSettings(downloaders, 'nzbget'),
      STUCK_MAX_STRIKES: 2
    }
  })
  const { app, call } = s
  const { sonarr, radarr } = s.sims
  const suggested = recordNext(app)
  const managers = { app, sonarr, radarr }
  const episodes = [...sonarr.state.library.bySeries.values()].flat()
  const movies = [...radarr.state.library.movies.values()].filter(m => !m.movieFileId)

  // Each torrent client: a magnet nobody shares, the download of an episode the manager then marks failed; and a
  // finished movie the manager matched but did not import ("only needs an import").
  const joined: Array<{ by: string, queueId: number, source: 'series' | 'movies', movieId?: number }> = []
  for (const [i, running] of torrents.entries()) {
    const hash = randomBytes(20).toString('hex')
    await running.client.addMagnet(`magnet:?xt=urn:btih:${hash}&dn=Stuck.${running.kind}`)
    const items = await grabTracked(managers, 'sonarr', { episodeId: episodes[i]!.id })
    for (const q of items) Object.assign(q, { protocol: 'torrent', downloadId: hash.toUpperCase(), stuck: stuckAs('sonarr', q.title, 'failed') })
    joined.push({ by: running.service, queueId: items[0]!.id, source: 'series' })

    const film = await grabTracked(managers, 'radarr', { movieId: movies[i]!.id })
    const filmHash = randomBytes(20).toString('hex')
    await running.client.addMagnet(`magnet:?xt=urn:btih:${filmHash}&dn=Finished.${running.kind}`)
    for (const q of film) Object.assign(q, { protocol: 'torrent', downloadId: filmHash.toUpperCase(), stuck: stuckAs('radarr', q.title, 'matchedById') })
    joined.push({ by: running.service, queueId: film[0]!.id, source: 'movies', movieId: movies[i]!.id })
  }

  // SABnzbd: a job whose par2 repair fails, before the manager's next poll says so.
  const sabItems = await grabTracked(managers, 'sonarr', { episodeId: episodes[3]!.id })
  const sabJob = sab.state.add(sabItems[0]!.title, 4 * 1024 * 1024, { outcome: 'repair failed' })
  for (const q of sabItems) Object.assign(q, { protocol: 'usenet', downloadId: sabJob.nzo_id })
  sab.state.advance(20_000)
  joined.push({ by: 'SABnzbd', queueId: sabItems[0]!.id, source: 'series' })

  // NZBGet: a release with an article lost from the news server and no par2 really fails there.
  const nzbItems = await grabTracked(managers, 'sonarr', { episodeId: episodes[4]!.id })
  const release = postRelease(nntp, join(roots.base, 'posts'), nzbItems[0]!.title, `${nzbItems[0]!.title}.mp4`, await sampleVideo(roots.base), { par: 'none' })
  const archive = release.posted.find(f => f.name.endsWith('.7z'))!
  nntp.lose(archive.segments[0]!.messageId)
  const nzbId = await app.backends.usenet!.addNzb(`${nzbItems[0]!.title}.nzb`, Buffer.from(release.nzb))
  const job = await waitFor('NZBGet failed the release', async () => (await app.backends.usenet!.items()).find(i => i.id === nzbId && i.state === 'failed'), 60_000)
  for (const q of nzbItems) Object.assign(q, { protocol: 'usenet', downloadId: job.downloadId })
  joined.push({ by: 'NZBGet', queueId: nzbItems[0]!.id, source: 'series' })

  // The finished movies' folders are on disk before their import is suggested (the simulator writes them as it finishes).
  await waitFor('the finished downloads on disk', async () => {
    const rows = ok(await call('movie_status', { view: 'stuck' })).items as Array<{ outputPath?: string }>
    return rows.length === 3 && rows.every(r => r.outputPath && existsSync(r.outputPath)) ? true : undefined
  })

  const views = { series: await call('series_status', { view: 'stuck' }), movies: await call('movie_status', { view: 'stuck' }) }
  for (const j of joined) {
    const fix = nextOf(views[j.source]).find(c => j.movieId ? c.tool === 'movie_import' && c.arguments.id === j.movieId : (c.arguments.ids as string[] | undefined)?.includes(`series:${j.queueId}`))
    t.ok(fix, `${j.by}: the stuck view suggests a call for ${j.source}:${j.queueId}`)
  }
  t.equal(nextOf(views.series).length, 5, 'a retry for the download each of the five downloaders holds')
  t.equal(nextOf(views.movies).length, 3, 'an import for each finished movie')

  // What download_status suggests of the same downloads, from each torrent client, is followed too.
  for (const instance of ['default', 'tr', 'dl']) ok(await call('download_status', { instance, limit: 100 }))

  const { followed } = await suggested.followAll(t)
  t.ok(followed.length >= 8, `every suggested call followed (${followed.length})`)
  t.same(ok(await call('series_status', { view: 'stuck' })).items, [], 'no series download is stuck any more')
  t.same(ok(await call('movie_status', { view: 'stuck' })).items, [], 'no movie download is stuck any more')
})
