// Ghost entries for cleanup_server: series and movies the managers still list although their media is
// gone. An entry is proposed only when all of this is proved, each from the source that knows it:
//  - its folder (PATH_MAP applied) lies inside our media root and no longer exists (ENOENT, nothing else),
//    while the folder holding it exists and is not empty (an unmounted share makes every folder "missing");
//  - the manager lists no files for it (Sonarr statistics.episodeFileCount 0, Radarr hasFile false);
//  - nothing for it is in the manager's download queue;
//  - its history shows files were once imported, renamed or deleted there. Without that, a title that was
//    only just added (or is wanted but never found) looks exactly the same: the managers create the folder
//    on the first import, and removing such an entry would throw away a wish list, not a ghost.
// Removal is the manager's delete with deleteFiles=false and no import-list exclusion, so nothing on disk is
// touched and the title can be added again at any time.
import { lstat, readdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Movie, Paged, QueueItem, Series, HistoryRecord } from '../../clients/servarr/types.js'
import type { PathSandbox } from '../sandbox/sandbox.js'
import { within } from '../sandbox/sandbox.js'
import { codeOf } from '../fs/durable.js'
import type { CleanupTarget } from './cleanup-candidates.js'

type Kind = 'series' | 'movie'
const EVIDENCE: Record<Kind, Set<string>> = {
  series: new Set(['downloadFolderImported', 'seriesFolderImported', 'episodeFileDeleted', 'episodeFileRenamed']),
  movie: new Set(['downloadFolderImported', 'movieFolderImported', 'movieFileDeleted', 'movieFileRenamed'])
}

/** The calls ghost detection needs from one manager (a subset of the Sonarr/Radarr clients). */
export interface GhostSource {
  kind: Kind
  service: 'Sonarr' | 'Radarr'
  entries: (signal?: AbortSignal) => Promise<ReadonlyArray<Series | Movie>>
  queue: (q: { page: number, pageSize: number, signal?: AbortSignal }) => Promise<Paged<QueueItem>>
  history: (q: { page: number, pageSize: number, ids?: number[], signal?: AbortSignal }) => Promise<Paged<HistoryRecord>>
}

/** What an entry looked like when proposed; the confirmed call re-checks it against the manager and the disk. */
export interface GhostFacts { path: string, hasFiles: boolean }

export function ghostFacts (kind: Kind, e: Series | Movie): GhostFacts | undefined {
  if (!e.path) return undefined
  if (kind === 'series') {
    const stats = (e as Series).statistics
    // No statistics means the manager did not say: not provable.
    if (!stats || typeof stats.episodeFileCount !== 'number') return undefined
    return { path: e.path, hasFiles: stats.episodeFileCount > 0 || (stats.sizeOnDisk ?? 0) > 0 }
  }
  const m = e as Movie
  if (typeof m.hasFile !== 'boolean') return undefined
  return { path: e.path, hasFiles: m.hasFile || m.movieFile !== undefined || (m.statistics?.movieFileCount ?? 0) > 0 }
}

/** 'missing' only when the folder is provably absent and its parent is present and not empty. */
export async function folderState (sandbox: PathSandbox, path: string): Promise<'exists' | 'missing' | 'unknown'> {
  const { media } = sandbox.roots()
  if (!media || !within(media, path) || path === media) return 'unknown'
  const self = await lstat(path).then(() => 'exists' as const, err => (codeOf(err) === 'ENOENT' ? 'missing' as const : 'unknown' as const))
  if (self !== 'missing') return self
  const siblings = await readdir(dirname(path)).catch(() => undefined)
  return siblings && siblings.length > 0 ? 'missing' : 'unknown'
}

async function queuedIds (src: GhostSource, signal?: AbortSignal): Promise<Set<number>> {
  const ids = new Set<number>()
  let seen = 0
  for (let page = 1; page <= 20; page++) {
    const res = await src.queue({ page, pageSize: 500, signal })
    for (const r of res.records) {
      const id = src.kind === 'series' ? r.seriesId : r.movieId
      if (typeof id === 'number') ids.add(id)
    }
    seen += res.records.length
    if (seen >= res.totalRecords || res.records.length === 0) return ids
  }
  throw new Error('the download queue is too long to read completely')
}

/** Ids (among `ids`) whose recent history shows files were once on disk. */
async function withEvidence (src: GhostSource, ids: number[], signal?: AbortSignal): Promise<Set<number>> {
  const found = new Set<number>()
  for (let i = 0; i < ids.length; i += 50) {
    const chunk = ids.slice(i, i + 50)
    const res = await src.history({ page: 1, pageSize: 1000, ids: chunk, signal })
    for (const h of res.records) {
      const id = src.kind === 'series' ? h.seriesId : h.movieId
      if (typeof id === 'number' && chunk.includes(id) && EVIDENCE[src.kind].has(h.eventType ?? '')) found.add(id)
    }
  }
  return found
}

export function ghostId (kind: Kind, id: number) {
  return `${kind === 'series' ? 'series' : 'movie'}:${id}`
}

export async function findGhosts (sandbox: PathSandbox, src: GhostSource, signal?: AbortSignal): Promise<CleanupTarget[]> {
  const [entries, queued] = await Promise.all([src.entries(signal), queuedIds(src, signal)])
  const candidates: Array<{ e: Series | Movie, facts: GhostFacts }> = []
  for (const e of entries) {
    const facts = ghostFacts(src.kind, e)
    if (!facts || facts.hasFiles || queued.has(e.id)) continue
    if (await folderState(sandbox, facts.path) === 'missing') candidates.push({ e, facts })
  }
  if (candidates.length === 0) return []
  const evidence = await withEvidence(src, candidates.map(c => c.e.id), signal)
  const what = src.kind === 'series' ? 'series' : 'movie'
  return candidates.filter(c => evidence.has(c.e.id)).map(({ e, facts }) => ({
    category: 'ghostEntries' as const,
    name: `${e.title ?? `${what} ${e.id}`}${e.year ? ` (${e.year})` : ''}`,
    id: ghostId(src.kind, e.id),
    service: src.service,
    path: sandbox.display(facts.path),
    bytes: 0,
    reason: `${src.service} lists this ${what} but its folder ${sandbox.display(facts.path)} no longer exists, it has no files there, nothing is downloading for it, and its history shows files were once imported; ` +
      `only the ${src.service} entry is removed (deleteFiles=false), it can be added again with ${src.kind === 'series' ? 'series_search (addTvdbId)' : 'movie_search (addTmdbId)'}`
  }))
}
