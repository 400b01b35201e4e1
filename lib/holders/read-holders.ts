// Fills the path-holders index (holders.ts) from every source that may hold a download's data: each torrent
// client instance's torrents (content path), each Usenet client instance's jobs (their folder, where the program
// names one), each series and movie manager instance's queue (outputPath) and library (each title's folder), and
// our own running moves (source and destination of each file). Every source is read at once; one that does not
// answer is named in `unread`, never taken as holding nothing.
import type { Backends } from '../../clients/types.js'
import type { QueueItem } from '../../clients/servarr/types.js'
import { instanceClient, instanceNames } from '../../clients/instance-clients.js'
import { DEFAULT_INSTANCE, type InstanceKindName } from '../../core/instance-config.js'
import type { JobRecord, JobStatus } from '../../core/job-types.js'
import { isMoveLog } from '../fs/move-log.js'
import { readSources, type SourceReads } from '../sources/sources.js'
import { torrentContent } from '../library/cleanup-candidates.js'
import type { HolderIndex, PathHolder } from './holders.js'

export interface HolderSources {
  backends: Backends
  /** Our own jobs: running moves hold both ends of each file they move. */
  jobs?: { list: (filter: { status: JobStatus[] }) => JobRecord[] }
  signal?: AbortSignal
}

const at = (name: string) => (name === DEFAULT_INSTANCE ? '' : `@${name}`)

/** "Torrent client", or 'Torrent client "seedbox"' on a stack with more than one. */
function label (backends: Backends, kind: InstanceKindName, base: string, name: string) {
  return instanceNames(backends, kind).length > 1 ? `${base} "${name}"` : base
}

async function allQueue (client: Backends['sonarr'] | Backends['radarr'], signal?: AbortSignal): Promise<QueueItem[]> {
  const out: QueueItem[] = []
  for (let page = 1; page <= 20; page++) {
    const res = await client.queue({ page, pageSize: 200, signal })
    out.push(...res.records)
    if (out.length >= res.totalRecords || res.records.length === 0) break
  }
  return out
}

/** Each source that may hold a path, as [name, read]. */
function sources ({ backends, jobs, signal }: HolderSources): Array<[string, () => Promise<PathHolder[]>]> {
  const out: Array<[string, () => Promise<PathHolder[]>]> = []
  for (const name of instanceNames(backends, 'torrents')) {
    // An unfinished torrent kept in the client's folder for unfinished downloads (Transmission's incomplete-dir)
    // holds that path too: one holder per path.
    // A content path the client gives relative to its save path is made whole; one it does not name yet is marked
    // unsettled, so a caller that must see every path (cleanup) can tell.
    out.push([label(backends, 'torrents', 'Torrent client', name), async () => (await instanceClient(backends, 'torrents', name).list()).flatMap(t => {
      const content = torrentContent(t)
      const settled = content !== undefined
      return [content, t.partialPath].map(dataPath => ({
        id: `torrent${at(name)}:${t.hash}`, title: t.name, kind: 'torrent' as const, client: `torrents:${name}`, downloadId: t.hash, dataPath: dataPath || undefined, ...(settled ? {} : { unsettled: true as const })
      })).filter((h, i) => i === 0 || h.dataPath !== undefined)
    })])
  }
  if (backends.usenet) {
    for (const name of instanceNames(backends, 'usenet')) {
      const client = instanceClient(backends, 'usenet', name)!
      // A job holds its folder and, while the program unpacks or repairs it, its work folder. A queued job's name is
      // what its folder will be called (SABnzbd names no folder for it: it downloads into one named after the job,
      // sabnzbd/nzbstuff.py).
      out.push([label(backends, 'usenet', client.service, name), async () => (await client.items()).flatMap(j => [j.path, j.workPath].map(dataPath => ({
        id: `usenet${at(name)}:${j.id}`, title: j.name, kind: 'usenet' as const, client: `usenet:${name}`, downloadId: j.downloadId, dataPath: dataPath || undefined, ...(j.list === 'queue' ? { queued: true as const } : {})
      })).filter((h, i) => i === 0 || h.dataPath !== undefined))])
    }
  }
  for (const [kind, base, source] of [['series', 'Series manager', 'series'], ['movies', 'Movie manager', 'movies']] as const) {
    for (const name of instanceNames(backends, kind)) {
      const manager = instanceClient(backends, kind, name)
      out.push([label(backends, kind, base, name), async () => (await allQueue(manager, signal)).map(r => ({
        id: `${source}${at(name)}:${r.id}`, title: r.title ?? `queue item ${r.id}`, kind: 'queue' as const, ...(r.downloadId ? { downloadId: r.downloadId.toLowerCase() } : {}), dataPath: r.outputPath || undefined
      }))])
      const titles = async () => 'listSeries' in manager ? await manager.listSeries(signal) : await (manager as Backends['radarr']).listMovies(signal)
      out.push([`${label(backends, kind, base, name)}'s library`, async () => (await titles()).map(x => ({
        id: `${source}${at(name)} library ${x.id}`, title: x.title ?? `title ${x.id}`, kind: 'library' as const, dataPath: x.path || undefined
      }))])
    }
  }
  if (jobs) out.push(['jobs', async () => movingHolders(jobs)])
  return out
}

/** Our own running moves: each holds both ends of every file it moves (the source until the destination has it). */
export function movingHolders (jobs: NonNullable<HolderSources['jobs']>): PathHolder[] {
  return jobs.list({ status: ['running'] }).flatMap(job => isMoveLog(job.inverse)
    ? job.inverse.entries.flatMap(e => [e.from, e.to].map(p => ({ id: `job ${job.id}`, title: job.description, kind: 'job' as const, dataPath: p })))
    : [])
}

/** Each source's holders, and each source that did not answer with its reason (cleanup names them). */
export async function readHolderSources (from: HolderSources): Promise<SourceReads<PathHolder[]>> {
  return await readSources(sources(from), from.signal)
}

/** Who holds what, from every source; the sources that did not answer in `unread`. */
export async function readHolders (from: HolderSources): Promise<HolderIndex> {
  const { answered, missing } = await readHolderSources(from)
  return { holders: answered.flatMap(a => a.value), unread: missing.map(m => m.source) }
}
