// The demo's household: one coherent world whose numbers add up and whose flows can all be shown.
// - Every file the series and movie managers list is a real file on the demo's disk (a hard link of one small
//   sample video, or a copy where links are not possible), and the managers report its real size, so library
//   totals, disk use and the managers' folders agree, and a delete has something real to show and remove.
// - The download queues start with a download in progress, one finished and waiting for its import (the
//   demo tree's The Matrix folder, which the movie manager grabbed), and one the download client failed, so
//   download_status, the stuck view, movie_import and retry all have something to act on.
// - Play history: every enabled media-server user watched one movie and one series long ago (the watched
//   cleanup's candidates) and a few titles lately (what keeps the rest).
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { SimDisk } from './servarr/files.js'
import type { SimQueueItem } from './servarr/downloads.js'
import { qualities } from './servarr/qualities.js'
import type { RadarrState } from './servarr/radarr-state.js'
import type { SonarrState } from './servarr/sonarr-state.js'
import { stuckAs } from './servarr/stuck.js'
import type { JellyfinSimulator } from './jellyfin/index.js'
import type { JellyfinState, SimUser } from './jellyfin/state.js'

const DAY = 86_400_000

interface ManagerSide { disk: SimDisk, state: { queue: SimQueueItem[], now: () => number } }

/** Lays every manager file on the disk as a real file (a link of `sample`), and makes the managers report its size. */
export function furnishLibrary (sonarr: ManagerSide & { state: { library: SonarrState } }, radarr: ManagerSide & { state: { library: RadarrState } }, sample: string) {
  const lay = (disk: SimDisk, file: { path: string, size: number }) => {
    const real = disk.real(file.path)
    if (!real) return
    mkdirSync(dirname(real), { recursive: true })
    if (!existsSync(real)) {
      try { linkSync(sample, real) } catch { copyFileSync(sample, real) }
    }
    file.size = statSync(real).size
  }
  for (const f of sonarr.state.library.files.values()) lay(sonarr.disk, f)
  for (const f of radarr.state.library.files.values()) lay(radarr.disk, f)
}

/**
 * What a household's library gathers beside its managers (get_library_state's health section): one series folder
 * holds an episode file the series manager does not list (copied in by hand), and a second copy of an episode it
 * does list. Returns both, as the series manager sees them.
 */
export function layStrayFiles (sonarr: ManagerSide & { state: { library: SonarrState } }, sample: string): { untracked: string, duplicate: string } | undefined {
  const lib = sonarr.state.library
  const now = sonarr.state.now()
  const pad = (n: number) => String(n).padStart(2, '0')
  for (const s of [...lib.series.values()].sort((a, b) => a.id - b.id)) {
    const eps = lib.bySeries.get(s.id) ?? []
    const tracked = eps.find(e => e.episodeFileId > 0 && e.seasonNumber > 0)
    const wanted = eps.find(e => e.episodeFileId === 0 && e.seasonNumber > 0 && Date.parse(e.airDateUtc) < now)
    const file = tracked && lib.files.get(tracked.episodeFileId)
    if (!tracked || !wanted || !file) continue
    const untracked = `${s.path}/Season ${pad(wanted.seasonNumber)}/${s.title} - S${pad(wanted.seasonNumber)}E${pad(wanted.episodeNumber)} - ${wanted.title}.mkv`
    const duplicate = `${file.path.replace(/\/[^/]*$/, '')}/${s.title} - S${pad(tracked.seasonNumber)}E${pad(tracked.episodeNumber)} (copy).mkv`
    for (const seen of [untracked, duplicate]) {
      const real = sonarr.disk.real(seen)
      if (!real) return undefined
      mkdirSync(dirname(real), { recursive: true })
      if (!existsSync(real)) copyFileSync(sample, real)
    }
    return { untracked, duplicate }
  }
  return undefined
}

/** The queues a household's managers have on a given evening (see the file comment). */
export function seedQueues (sonarr: ManagerSide & { state: { library: SonarrState } }, radarr: ManagerSide & { state: { library: RadarrState } }, downloads: string) {
  const now = radarr.state.now()
  const bluray = qualities('radarr').find(q => q.name === 'Bluray-1080p') ?? qualities('radarr')[0]
  const webdl = qualities('sonarr').find(q => q.name === 'WEBDL-1080p') ?? qualities('sonarr')[0]
  const movies = radarr.state.library
  // The Matrix: grabbed by the movie manager, finished in the download client (the demo tree's folder), waiting
  // for an import the manager could not make by itself (Radarr's "matched by id" case).
  const root = movies.movies.values().next().value?.rootFolderPath ?? '/data/movies'
  const matrix = movies.createMovie({
    tmdbId: 603,
    imdbId: 'tt0133093',
    title: 'The Matrix',
    year: 1999,
    overview: 'A hacker learns what the world really is.',
    studio: 'Warner Bros.',
    runtime: 136,
    inCinemas: '1999-03-31T00:00:00Z',
    digitalRelease: '1999-09-21T00:00:00Z',
    path: `${root}/The Matrix (1999)`,
    rootFolderPath: root,
    qualityProfileId: 1,
    monitored: true,
    minimumAvailability: 'released',
    tags: []
  })
  const matrixTitle = 'The.Matrix.1999.1080p.BluRay'
  radarr.state.queue.push({
    id: 9001,
    downloadId: 'A1B2C3D4E5F60718293A4B5C6D7E8F9012345678',
    title: matrixTitle,
    movieId: matrix.id,
    size: sizeOf(radarr.disk, `${downloads}/complete/${matrixTitle}`),
    addedAt: now - 2 * 3_600_000,
    durationMs: 3_600_000,
    protocol: 'torrent',
    indexer: 'Demo Indexer',
    quality: bluray,
    outputPath: `${downloads}/complete/${matrixTitle}`,
    written: true,
    tracked: true,
    stuck: stuckAs('radarr', matrixTitle, 'matchedById')
  })
  // A series with an episode still missing: one download progressing now, one the download client failed.
  const series = [...sonarr.state.library.series.values()].filter(s => (sonarr.state.library.bySeries.get(s.id) ?? []).some(e => e.episodeFileId === 0 && e.monitored))
  const missing = (s: { id: number }) => (sonarr.state.library.bySeries.get(s.id) ?? []).filter(e => e.episodeFileId === 0 && e.monitored)
  const [first, second] = series
  // One episode download of a series, named as a release is: in progress, or failed in the download client.
  const episodeDownload = (s: { id: number, title: string }, d: { id: number, downloadId: string, release: string, size: number, addedAgoMs: number, durationMs: number, failed?: boolean }) => {
    const ep = missing(s)[0]
    const title = `${s.title.replace(/[^A-Za-z0-9]+/g, '.')}.S${pad(ep.seasonNumber)}E${pad(ep.episodeNumber)}.${d.release}`
    sonarr.state.queue.push({
      id: d.id,
      downloadId: d.downloadId,
      title,
      seriesId: s.id,
      episodeId: ep.id,
      seasonNumber: ep.seasonNumber,
      size: d.size,
      addedAt: now - d.addedAgoMs,
      durationMs: d.durationMs,
      protocol: 'torrent',
      indexer: 'Demo Indexer',
      quality: webdl,
      outputPath: `${downloads}/complete/${title}`,
      tracked: true,
      ...(d.failed ? { stuck: stuckAs('sonarr', title, 'failed') } : {})
    })
  }
  if (first) episodeDownload(first, { id: 9101, downloadId: '0F1E2D3C4B5A69788796A5B4C3D2E1F00F1E2D3C', release: '1080p.WEB-DL', size: 1_400_000_000, addedAgoMs: 4 * 60_000, durationMs: 40 * 60_000 })
  if (second) episodeDownload(second, { id: 9102, downloadId: '9C8B7A6F5E4D3C2B1A0998877665544332211000', release: '720p.HDTV', size: 900_000_000, addedAgoMs: 3 * 3_600_000, durationMs: 30 * 60_000, failed: true })
}

/** Where a play is recorded: Jellyfin's per-user data, or Plex's play history (simulators/plex/world.ts). */
export interface PlayRecorder { state: JellyfinState, played: (user: SimUser, itemId: string, when: Date) => void }

/** Records plays in the Jellyfin simulator's user data. */
export const jellyfinPlays = (jellyfin: JellyfinSimulator): PlayRecorder => ({
  state: jellyfin.state,
  played: (user, id, when) => jellyfin.userData.set(user.id, id, { played: true, playCount: 1, lastPlayedDate: when.toISOString() })
})

/** Play history: every enabled user watched one movie and one series long ago, and some titles lately. */
export function seedPlayHistory (server: PlayRecorder, now = Date.now()) {
  const items = [...server.state.items.values()]
  const users = server.state.users.filter(u => !u.isDisabled)
  const movies = items.filter(i => i.kind === 'Movie').sort((a, b) => a.name.localeCompare(b.name))
  const series = items.filter(i => i.kind === 'Series').sort((a, b) => a.name.localeCompare(b.name))
  const episodesOf = (seriesId: string) => items.filter(i => i.kind === 'Episode' && i.seriesId === seriesId)
  const watch = (itemIds: string[], daysAgo: number) => {
    for (const user of users) {
      for (const id of itemIds) server.played(user, id, new Date(now - daysAgo * DAY))
    }
  }
  // Long ago: the watched cleanup's candidates (past its default 90 days).
  if (movies[0]) watch([movies[0].id], 200)
  if (series[0]) watch(episodesOf(series[0].id).map(e => e.id), 150)
  // Lately: a movie and a few episodes, which keep their titles out of the cleanup.
  if (movies[1]) watch([movies[1].id], 3)
  if (series[1]) watch(episodesOf(series[1].id).slice(0, 2).map(e => e.id), 1)
}

function pad (n: number) { return String(n).padStart(2, '0') }

/** Bytes of the files at a path (a file, or a folder's files at any depth), as the download client reports them. */
function sizeOf (disk: SimDisk, seen: string): number {
  const real = disk.real(seen)
  if (!real || !existsSync(real)) return 0
  const walk = (path: string): number => {
    const st = statSync(path)
    return st.isDirectory() ? readdirSync(path).reduce((n, name) => n + walk(join(path, name)), 0) : st.size
  }
  return walk(real)
}
