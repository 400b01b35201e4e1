// get_library_state: where a title stands across the whole stack, or a summary of the whole library.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { UsenetState } from '../../../clients/usenet/types.js'
import { defineTool } from '../../../core/tool-types.js'
import { formatBytes } from '../../../core/format.js'
import { summarizeFolder, summarizeLibrary } from '../../../lib/library/library-summary.js'
import { part, titleMatches, type Part } from '../../../lib/library/title-state.js'
import { factsSentence, titleFacts } from '../../../lib/library/title-facts.js'
import { fileKind } from '../../../lib/library/media-kinds.js'
import type { ServarrCore } from '../../../clients/servarr/core.js'
import { toQueueItem } from '../../servarr/items.js'
import { groupByDownload } from '../../servarr/views.js'
import { instanceNames } from '../../../clients/instance-clients.js'
import { DEFAULT_INSTANCE } from '../../../core/instance-config.js'
import { movieManager as movieClient, seriesManager as seriesClient, torrentClient, usenetClient } from '../../chosen-client.js'
import type { InstanceKindName } from '../../../core/instance-config.js'
import { managerStatus } from '../../../core/download-state/index.js'
import { libraryHealth } from '../../../lib/library/library-health.js'
import { nothingText, PartsSchema, uncheckedText } from '../../../lib/answers/parts.js'
import { titlePartsRecord, type SourcePart } from '../../../lib/library/title-parts.js'
import { NextCallsSchema } from '../../../lib/answers/next-calls.js'
import { healthManagers } from '../health-managers.js'
import { isNonOwnerPerson } from '../../../core/principal.js'
import { ToolError } from '../../../core/errors.js'

const inputSchema = Type.Object({
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Omit for the library summary' })),
  kind: Type.Union([Type.Literal('any'), Type.Literal('series'), Type.Literal('movie')], { default: 'any', description: 'Only series or movies' })
}, { additionalProperties: false })

const PartSchema = (what: string) => Type.Object({
  available: Type.Boolean({ description: `Whether ${what} answered` }),
  reason: Type.Optional(Type.String({ description: 'Why it is unavailable' })),
  matches: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()), { description: `Matching entries in ${what}` }))
}, { description: what })

const Folder = Type.Object({
  folder: Type.String({ description: 'Top folder (movies, tv, anime, music, downloads, …)' }),
  titles: Type.Integer({ description: 'Direct subfolders (shows, movies, artists)' }),
  files: Type.Integer({ description: 'All files' }),
  videoFiles: Type.Integer({ description: 'Video files' }),
  subtitleFiles: Type.Integer({ description: 'Subtitle files' }),
  audioFiles: Type.Integer({ description: 'Audio files' }),
  bytes: Type.Number({ description: 'Total size in bytes' }),
  tempFiles: Type.Integer({ description: 'Leftover temporary files of this server' })
})

const Health = Type.Object({
  entries: Type.Array(Type.Object({
    problem: Type.String({ description: 'untracked (a video file its manager does not list), unmappedFolder (no manager has it as a title folder), missingFile (listed, not on disk) or duplicate (a second copy of an episode or film)' }),
    path: Type.String({ description: 'The file or folder' }),
    title: Type.Optional(Type.String({ description: 'The title it belongs to' })),
    manager: Type.Optional(Type.String({ description: 'The manager concerned' })),
    why: Type.String({ description: 'What is wrong' }),
    next: NextCallsSchema
  }), { description: 'What nothing tracks (the first 100; the text counts all), each with its fix; nothing changes here' }),
  parts: PartsSchema
}, { description: 'summary: what no manager tracks (docs/tools.md)' })

const outputSchema = Type.Object({
  mode: Type.String({ description: 'summary or title' }),
  folders: Type.Optional(Type.Array(Folder, { description: 'summary: one entry per top folder' })),
  health: Type.Optional(Health),
  title: Type.Optional(Type.String({ description: 'title: what was looked up' })),
  readyToWatch: Type.Optional(Type.Boolean({ description: 'title: the media server lists it (the only "ready to watch"); absent when the media server did not answer' })),
  filesOnDisk: Type.Optional(Type.Boolean({ description: 'title: video files in a library folder on disk (downloads not counted); absent when the disk could not be read' })),
  managerHasFiles: Type.Optional(Type.Boolean({ description: 'title: the series or movie manager has files for it; absent when a manager that could did not answer' })),
  knownToManagers: Type.Optional(Type.Boolean({ description: 'title: the series or movie manager has it; absent when a manager did not answer' })),
  monitored: Type.Optional(Type.Boolean({ description: 'title: monitored by the series or movie manager; absent when unknown' })),
  downloading: Type.Optional(Type.Boolean({ description: 'title: a download is in progress (a downloader, or a manager\'s queue: matches\' queued); a finished one waiting on import is not; absent when a download source did not answer and none showed one' })),
  downloadProgress: Type.Optional(Type.Number({ description: 'title: progress of the furthest active download, percent' })),
  importBlocked: Type.Optional(Type.Boolean({ description: 'title: a finished download waits on an import the manager blocked (matches\' importBlocked)' })),
  downloadFailed: Type.Optional(Type.Boolean({ description: 'title: a download of it failed, in a manager\'s queue or a downloader (matches\' failedDownloads or status failed); absent when a source that could show one did not answer and none did' })),
  failedDownloads: Type.Optional(Type.Array(Type.String(), { description: 'title: each failed download, "where: why" (e.g. "the Usenet client: missing articles")' })),
  mediaServer: Type.Optional(PartSchema('the media server')),
  seriesManager: Type.Optional(PartSchema('the series manager')),
  movieManager: Type.Optional(PartSchema('the movie manager')),
  torrents: Type.Optional(PartSchema('the torrent client')),
  usenet: Type.Optional(PartSchema('the Usenet client, when one is configured')),
  directDownloads: Type.Optional(PartSchema('the direct-download manager')),
  disk: Type.Optional(PartSchema('the library and downloads folders on disk')),
  parts: Type.Optional(PartsSchema)
}, { additionalProperties: false })

type Row = Record<string, unknown>

// The managers' TrackedDownloadState values once the transfer itself has stopped (Sonarr/Sonarr
// src/NzbDrone.Core/Download/TrackedDownloads/TrackedDownload.cs @ 0fded1e: Downloading, ImportBlocked,
// ImportPending, Importing, Imported, FailedPending, Failed, Ignored; camelCase in the v3 API).
const STOPPED_STATES = new Set(['importBlocked', 'importPending', 'importing', 'imported', 'failedPending', 'failed', 'ignored'])
const PART_NAMES = { mediaServer: 'the media server', seriesManager: 'the series manager', movieManager: 'the movie manager', torrents: 'the torrent client', usenet: 'the Usenet client', directDownloads: 'the direct-download manager', disk: 'the disk' } as const

/** A Usenet item's state as the phase words the downloading fact reads (lib/library/title-facts.ts): post-processing is still on its way. */
const usenetPhase = (state: UsenetState): string => (state === 'fetching' || state === 'verifying' || state === 'repairing' || state === 'unpacking' ? 'downloading' : state)

const view = (p: Part<Row[]>): { available: boolean, matches?: Row[], reason?: string } => (p.available ? { available: true, matches: p.data, ...(p.reason !== undefined && { reason: p.reason }) } : { available: false, reason: p.reason })

export default function getLibraryState (app: FastifyInstance) {
  const b = app.backends
  const sandbox = app.sandbox

  async function onDisk (title: string, signal: AbortSignal): Promise<Row[]> {
    const { media, downloads } = sandbox.roots()
    const rows: Row[] = []
    const scan = async (dir: string | undefined) => {
      if (!dir) return
      for (const d of readdirSync(dir, { withFileTypes: true })) {
        if (!titleMatches(title, d.name.replace(/[._]/g, ' '))) continue
        const abs = join(dir, d.name)
        const path = sandbox.display(abs)
        // A loose file is counted as itself; a folder that cannot be read is named, never counted as empty.
        if (d.isFile()) { rows.push({ path, files: 1, videoFiles: fileKind(d.name) === 'video' ? 1 : 0, bytes: statSync(abs).size }); continue }
        try {
          const s = await summarizeFolder(abs, d.name, signal)
          rows.push({ path, files: s.files, videoFiles: s.videoFiles, bytes: s.bytes })
        } catch (err) {
          rows.push({ path, unreadable: `could not be read (${(err as NodeJS.ErrnoException).code ?? 'error'})` })
        }
      }
    }
    if (media) for (const top of readdirSync(media, { withFileTypes: true })) if (top.isDirectory()) await scan(join(media, top.name))
    await scan(downloads)
    return rows
  }

  /**
   * Adds each title's downloads in the manager's queue: queued (active ones), queueProgress (the furthest, percent)
   * and importBlocked (finished ones the manager will not import). A finished download waiting on its import is
   * not downloading, whatever its progress.
   */
  async function withQueue<T extends { id: number }> (client: ServarrCore, rows: T[], signal: AbortSignal) {
    if (rows.length === 0) return rows
    const { records } = await client.queue({ page: 1, pageSize: 200, ids: rows.map(r => r.id), signal })
    const downloads = groupByDownload(records.map(toQueueItem))
    return rows.map(r => {
      const mine = downloads.filter(d => (d.seriesId ?? d.movieId) === r.id)
      const active = mine.filter(d => d.status !== 'completed' && !STOPPED_STATES.has(d.state))
      const blocked = mine.filter(d => d.state === 'importBlocked').length
      // Failed in the manager's own model (core/download-state/managers.ts): failedPending, failed, status failed.
      const failed = mine.flatMap(d => {
        const s = managerStatus({ status: d.status, trackedDownloadState: d.state, messages: d.messages })
        return s.state === 'failed' ? [s.reason ?? 'failed'] : []
      })
      // The furthest progress among the downloads whose size is known; none known leaves it unsaid.
      const known = active.flatMap(d => (d.progress !== undefined ? [d.progress] : []))
      return {
        ...r,
        ...(active.length > 0 && { queued: active.length }),
        ...(known.length > 0 && { queueProgress: Math.max(...known) }),
        ...(blocked > 0 && { importBlocked: blocked }),
        ...(failed.length > 0 && { failedDownloads: failed })
      }
    })
  }

  /**
   * A manager or torrent client part, read from each of its instances: with several, every match names its
   * instance, and one that does not answer is named in reason while the others' matches stand.
   */
  async function acrossInstances (kind: InstanceKindName, read: (name: string) => Promise<Row[]>): Promise<SourcePart> {
    if (instanceNames(b, kind).length < 2) return await part(() => read(DEFAULT_INSTANCE))
    const parts = await Promise.all(instanceNames(b, kind).map(async name => ({ name, p: await part(() => read(name)) })))
    const data: Row[] = []
    const missing: string[] = []
    for (const { name, p } of parts) {
      if (p.available) data.push(...p.data.map(row => ({ ...row, instance: name })))
      else missing.push(`${name}: ${p.reason}`)
    }
    // Each instance stays a part of its own in the record (lib/library/title-parts.ts).
    const instances = parts.map(({ name, p }) => ({ name, part: p }))
    if (data.length === 0 && missing.length === parts.length) return { available: false, reason: missing.join('; '), instances }
    return { available: true, data, ...(missing.length > 0 && { reason: `Not answered: ${missing.join('; ')}` }), instances }
  }

  /** A folder that could not be read makes the disk part partial: "no files on disk" cannot be said then. */
  function unreadableNamed (p: Part<Row[]>): Part<Row[]> {
    const bad = p.available ? p.data.filter(r => r.unreadable !== undefined) : []
    return bad.length === 0 ? p : { ...p, reason: `Not read: ${bad.map(r => `${String(r.path)} ${String(r.unreadable)}`).join('; ')}` }
  }

  /** Our display form (movies/…, downloads/…) when inside a root; the mapped absolute path otherwise. */
  const shown = (abs: string) => { try { return sandbox.display(abs) } catch { return abs } }

  async function snapshot (title: string, kind: 'any' | 'series' | 'movie', signal: AbortSignal) {
    const series = kind !== 'movie'
    const movies = kind !== 'series'
    const skipped = async (): Promise<Row[]> => { throw new Error(`not asked (kind=${kind})`) }
    const [mediaServer, seriesManager, movieManager, torrents, usenet, directDownloads, disk] = await Promise.all([
      part(async () => (await b.mediaServer.items({ searchTerm: title, types: [...(series ? ['Series'] as const : []), ...(movies ? ['Movie'] as const : [])], limit: 10 })).items
        .map(i => ({ id: i.id, name: i.name, type: i.type, year: i.year, path: i.path === undefined ? undefined : shown(i.path) }))),
      series
        ? acrossInstances('series', async name => withQueue(seriesClient(app, name), (await seriesClient(app, name).listSeries(signal)).filter(s => titleMatches(title, s.title)).slice(0, 10)
          .map(s => ({ id: s.id, title: s.title, year: s.year, monitored: s.monitored, path: s.path, episodeFiles: s.statistics?.episodeFileCount, episodes: s.statistics?.episodeCount, sizeOnDisk: s.statistics?.sizeOnDisk })), signal))
        : part(skipped),
      movies
        ? acrossInstances('movies', async name => withQueue(movieClient(app, name), (await movieClient(app, name).listMovies(signal)).filter(m => titleMatches(title, m.title)).slice(0, 10)
          .map(m => ({ id: m.id, title: m.title, year: m.year, monitored: m.monitored, hasFile: m.hasFile, path: m.path, sizeOnDisk: m.sizeOnDisk })), signal))
        : part(skipped),
      acrossInstances('torrents', async name => (await torrentClient(app, name).list()).filter(t => titleMatches(title, t.name.replace(/[._]/g, ' '))).slice(0, 20)
        .map(t => ({ name: t.name, phase: t.phase, state: t.state, status: t.status.state, ...(t.status.reason && { reason: t.status.reason }), progress: Math.round(t.progress * 1000) / 10, etaSeconds: t.etaSeconds, contentPath: t.contentPath }))),
      b.usenet
        ? acrossInstances('usenet', async name => (await usenetClient(app, name)!.items(signal)).filter(i => titleMatches(title, i.name.replace(/[._]/g, ' '))).slice(0, 20)
          .map(i => ({ name: i.name, phase: usenetPhase(i.state), state: i.state, status: i.status.state, ...(i.status.reason && { reason: i.status.reason }), ...(i.progress !== undefined && { progress: Math.round(i.progress * 1000) / 10 }), ...(i.path && { path: shown(i.path) }) })))
        : part(async (): Promise<Row[]> => { throw new Error('not asked: no Usenet client is configured: set USENET_CLIENT_TYPE and USENET_CLIENT_URL') }),
      part(async () => [...await b.pyload.queue(), ...await b.pyload.collector()].filter(p => titleMatches(title, p.name.replace(/[._]/g, ' '))).slice(0, 20)
        .map(p => ({ name: p.name, progress: p.bytesTotal ? Math.round((p.bytesDone / p.bytesTotal) * 1000) / 10 : 0, finished: p.finished, failed: p.failed, folderPath: p.folderPath }))),
      part(() => onDisk(title, signal), 30_000).then(unreadableNamed)
    ])
    const parts = { mediaServer, seriesManager, movieManager, torrents, usenet, directDownloads, disk }
    return {
      parts,
      data: {
        mode: 'title',
        title,
        ...titleFacts(parts, PART_NAMES),
        parts: titlePartsRecord(parts, PART_NAMES),
        mediaServer: view(mediaServer),
        seriesManager: view(seriesManager),
        movieManager: view(movieManager),
        torrents: view(torrents),
        ...(b.usenet && { usenet: view(usenet) }),
        directDownloads: view(directDownloads),
        disk: view(disk)
      }
    }
  }

  return defineTool({
    name: 'get_library_state',
    title: 'Library state snapshot',
    description: 'Where a title stands: ready to watch (the media server lists it), video files in the library, files in a manager, monitored, downloading (how far), import blocked. A backend that is down shows available:false and why; facts only it could tell are absent. Without title: totals per top folder, and what no manager tracks. Read-only.',
    inputSchema,
    outputSchema,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    handler: async (args, ctx) => {
      // Downloads, files and folders cannot be matched to what a person's own media-server user may see: a person
      // other than the owner is pointed to the views that apply their limits (docs/security.md, people).
      if (isNonOwnerPerson(ctx.principal)) throw new ToolError(`get_library_state shows downloads, files and folders of every title, so it answers the owner only. Use search_media, series_status or movie_status: they show what ${ctx.principal.person!.name}'s own media-server user may see.`)
      if (args.title === undefined) {
        const { media, downloads } = sandbox.roots()
        const folders = media ? await summarizeLibrary(media, downloads, ctx.signal) : []
        const total = folders.reduce((n, f) => n + f.bytes, 0)
        const health = media ? await libraryHealth({ media, display: sandbox.display, managers: healthManagers(app), signal: ctx.signal }) : undefined
        const listed = health && { ...health, entries: health.entries.slice(0, HEALTH_ENTRIES_LISTED) }
        return {
          data: { mode: 'summary', folders, ...(listed && { health: listed }) },
          summary: folders.map(f => `${f.folder}: ${f.titles} titles, ${f.videoFiles} videos, ${formatBytes(f.bytes)}`).join('; ') + `. Total ${formatBytes(total)}.` +
            (health ? ` ${healthText(health)}` : '')
        }
      }
      const { parts, data } = await snapshot(args.title, args.kind, ctx.signal)
      return { data, summary: factsSentence(args.title, data, parts, data.parts) }
    }
  })
}

/**
 * Most health entries one answer lists. A library whose disk is not mounted has every file its managers list as
 * missing (4,100 entries, 1.5 MB on the demo library: more than a client's context holds); the text counts them all.
 */
export const HEALTH_ENTRIES_LISTED = 100

/** "Library health: 2 untracked, 1 duplicate (each entry has its fix in next)." or "Nothing … in …" over the checked parts. */
function healthText (h: { entries: Array<{ problem: string }>, parts: Parameters<typeof uncheckedText>[0] }): string {
  if (h.entries.length === 0) return `Library health: ${nothingText(h.parts, 'untracked, unmapped, missing or duplicated')}`
  const counts = new Map<string, number>()
  for (const e of h.entries) counts.set(e.problem, (counts.get(e.problem) ?? 0) + 1)
  const rest = uncheckedText(h.parts)
  const listed = h.entries.length > HEALTH_ENTRIES_LISTED
    ? `health lists the first ${HEALTH_ENTRIES_LISTED} of ${h.entries.length}, each with the call that fixes it; fix those and ask again for the rest${(counts.get('missingFile') ?? 0) > HEALTH_ENTRIES_LISTED ? ', and if most files are missing, check that the media folder is mounted' : ''}`
    : 'each entry in health has the call that fixes it'
  return `Library health: ${[...counts].map(([p, n]) => `${n} ${p}`).join(', ')} (${listed}).${rest ? ` ${rest}` : ''}`
}
