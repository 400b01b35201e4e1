// What nothing tracks (issue 37 item 2): video files in a manager's title folder that the manager does not list,
// title folders in a manager's root folder that no manager maps, files a manager lists that are gone from disk,
// and second copies of one episode or film. Read-only: each entry carries the call that fixes it (a rescan, a
// search to add the title, a delete that asks for confirmation) and nothing is changed here.
// The walk covers only the managers' root folders inside the media root, bounded by files and depth; a part cut
// short or not read is recorded (lib/answers/parts.ts), so "nothing untracked" is never said over it.
import { lstat } from 'node:fs/promises'
import { relative, sep } from 'node:path'
import { nextCall, type NextCall } from '../answers/next-calls.js'
import { PartsRecord, type Part } from '../answers/parts.js'
import { within } from '../sandbox/sandbox.js'
import { codeOf } from '../fs/durable.js'
import { parseEpisodeName } from './episode-name.js'
import { fileKind } from './media-kinds.js'
import { walk } from './walk.js'

export type HealthProblem = 'untracked' | 'unmappedFolder' | 'missingFile' | 'duplicate'

export interface HealthTitle {
  id: number
  title: string
  path?: string
  /** How many files the manager says it has (its statistics), when it says: 0 with none on disk needs no file list. */
  fileCount?: number
}

/** One manager instance, as the health check reads it (paths already on this server's side of PATH_MAP). */
export interface HealthManager {
  kind: 'series' | 'movies'
  /** The instance name for the next calls (undefined: the default one). */
  instance?: string
  /** "the series manager", 'the movie manager "4k"'. */
  label: string
  rootFolders: (signal?: AbortSignal) => Promise<string[]>
  titles: (signal?: AbortSignal) => Promise<HealthTitle[]>
  /** The files it lists for one title. */
  files: (title: HealthTitle, signal?: AbortSignal) => Promise<string[]>
}

export interface HealthEntry {
  problem: HealthProblem
  /** The file or folder, as the tools name it (tv/Show/…). */
  path: string
  title?: string
  manager?: string
  why: string
  next: NextCall[]
}

export interface HealthLimits {
  /** Most entries walked over all root folders; the rest is named as not checked. */
  maxFiles: number
  /** Deepest level below a root folder (Title/Season/file is 3). */
  maxDepth: number
  /** Most titles per manager whose file lists are read. */
  maxTitles: number
}

export const HEALTH_LIMITS: HealthLimits = { maxFiles: 50_000, maxDepth: 4, maxTitles: 2_000 }

export interface HealthInput {
  media: string
  display: (abs: string) => string
  managers: HealthManager[]
  limits?: Partial<HealthLimits>
  signal?: AbortSignal
}

interface Read { m: HealthManager, roots: string[], titles: HealthTitle[] }
interface Folder { root: string, abs: string, videos: string[] }

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err))
const topOf = (root: string, abs: string) => relative(root, abs).split(sep)[0]

export async function libraryHealth (input: HealthInput): Promise<{ entries: HealthEntry[], parts: Part[] }> {
  const limits = { ...HEALTH_LIMITS, ...input.limits }
  const record = new PartsRecord()
  const entries: HealthEntry[] = []
  const reads: Read[] = []
  const unread: string[] = []
  await Promise.all(input.managers.map(async m => {
    try {
      const [roots, titles] = await Promise.all([m.rootFolders(input.signal), m.titles(input.signal)])
      reads.push({ m, roots: roots.map(r => r.replace(/\/+$/, '')).filter(r => within(input.media, r) && r !== input.media), titles })
    } catch (err) {
      unread.push(m.label)
      record.unknown(m.label, errorText(err))
    }
  }))
  reads.sort((a, b) => input.managers.indexOf(a.m) - input.managers.indexOf(b.m))

  // The title folders on disk (depth 1 below each root) with their video files, within the walk's bounds.
  const folders = new Map<string, Folder>()
  const walked = new Set<string>()
  let seen = 0
  for (const root of [...new Set(reads.flatMap(r => r.roots))].sort()) {
    let cut = false
    let failed: string | undefined
    await walk(root, e => {
      if (++seen > limits.maxFiles) { cut = true; return 'skip' }
      if (e.kind === 'dir' && e.depth === 1) folders.set(e.path, { root, abs: e.path, videos: [] })
      if (e.kind === 'file' && e.depth > 1 && fileKind(e.name) === 'video') folders.get(`${root}${sep}${topOf(root, e.path)}`)?.videos.push(e.path)
    }, { maxDepth: limits.maxDepth, noStat: true, signal: input.signal, onError: (path, err) => { if (path === root) failed = (err as NodeJS.ErrnoException).code ?? err.message } })
    const shown = input.display(root)
    if (failed) record.unknown(`${shown} on disk`, `could not be read (${failed})`)
    else if (cut) record.skipped(`${shown} beyond the first ${limits.maxFiles} entries`, `the walk stops after ${limits.maxFiles} entries`, 'fix what is listed and ask again')
    else { record.checked(`${shown} on disk`); walked.add(root) }
  }

  const mapped = new Map<string, { m: HealthManager, t: HealthTitle }>()
  for (const r of reads) for (const t of r.titles) if (t.path) mapped.set(t.path.replace(/\/+$/, ''), { m: r.m, t })

  // Folders no manager maps: only said when every manager answered (one that did not may map it).
  for (const f of folders.values()) {
    if (mapped.has(f.abs) || f.videos.length === 0 || !walked.has(f.root)) continue
    if (unread.length > 0) continue
    const owner = reads.find(r => r.roots.includes(f.root))!.m
    const name = topOf(f.root, f.abs)
    const term = name.replace(/[._]/g, ' ').replace(/\s*\(\d{4}\)\s*$/, '').trim() || name
    entries.push({
      problem: 'unmappedFolder',
      path: input.display(f.abs),
      manager: owner.label,
      why: `${f.videos.length} video file${f.videos.length === 1 ? '' : 's'} in a folder of ${owner.label}'s root folder that no manager has as a title's folder`,
      next: [nextCall(owner.kind === 'series' ? 'series_search' : 'movie_search', { term, instance: owner.instance }, `find the title to add it with this folder's root folder (${owner.label} then takes the files in)`)]
    })
  }
  if (unread.length > 0) record.skipped('folders no manager maps', `${unread.join(' and ')} did not answer and may map them`)

  for (const r of reads) {
    const before = entries.length
    const titles = r.titles.filter(t => t.path && r.roots.some(root => walked.has(root) && within(root, t.path!)))
    const asked = titles.slice(0, limits.maxTitles)
    // A few file lists at a time: one call per title (Sonarr's /episodefile takes one seriesId).
    for (let i = 0; i < asked.length; i += 8) {
      const batch = await Promise.all(asked.slice(i, i + 8).map(async t => {
        const videos = folders.get(t.path!.replace(/\/+$/, ''))?.videos ?? []
        if (t.fileCount === 0 && videos.length === 0) return []
        try { return await titleEntries(r.m, t, await r.m.files(t, input.signal), videos, input.display) } catch (err) {
          record.unknown(`${r.m.label}: ${t.title}`, errorText(err))
          return []
        }
      }))
      entries.push(...batch.flat())
    }
    if (titles.length > limits.maxTitles) record.skipped(`${titles.length - limits.maxTitles} titles of ${r.m.label}`, `only the first ${limits.maxTitles} titles' files are compared`)
    record.checked(r.m.label, entries.length - before)
  }
  return { entries, parts: record.parts }
}

const episodeKey = (path: string) => {
  const e = parseEpisodeName(path.slice(path.lastIndexOf('/') + 1))
  return e ? `S${e.season}E${e.episode}` : undefined
}

/** One title: its files on disk against the files its manager lists. */
async function titleEntries (m: HealthManager, t: HealthTitle, tracked: string[], onDisk: string[], display: (abs: string) => string): Promise<HealthEntry[]> {
  const out: HealthEntry[] = []
  const rescan = nextCall(m.kind === 'series' ? 'series_rescan' : 'movie_rescan', { id: t.id, idType: m.kind === 'series' ? 'seriesId' : 'movieId', instance: m.instance }, `have ${m.label} rescan the title's folder`)
  const listed = new Set(tracked)
  const trackedKeys = new Set(tracked.flatMap(p => { const k = episodeKey(p); return k ? [k] : [] }))
  for (const file of onDisk.sort()) {
    if (listed.has(file)) continue
    const key = episodeKey(file)
    // A second copy: the same episode (or, for a film, any film file) the manager already lists.
    const copyOf = m.kind === 'movies' ? tracked.length > 0 : key !== undefined && trackedKeys.has(key)
    if (copyOf) {
      out.push({
        problem: 'duplicate',
        path: display(file),
        title: t.title,
        manager: m.label,
        why: `a second copy of ${m.kind === 'movies' ? 'the film' : key} ${m.label} already has a file for; ${m.label} does not list this one`,
        next: [nextCall('manage_files', { action: 'delete', paths: [display(file)] }, 'delete this copy (asks for confirmation first)')]
      })
    } else {
      out.push({ problem: 'untracked', path: display(file), title: t.title, manager: m.label, why: `a video file in ${t.title}'s folder that ${m.label} does not list`, next: [rescan] })
    }
  }
  for (const file of tracked) {
    const gone = await lstat(file).then(() => false, err => codeOf(err) === 'ENOENT')
    if (!gone) continue
    let path = file
    try { path = display(file) } catch {}
    out.push({ problem: 'missingFile', path, title: t.title, manager: m.label, why: `${m.label} lists this file but it is not on disk`, next: [rescan] })
  }
  return out
}
