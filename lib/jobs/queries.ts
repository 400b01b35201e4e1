// Read-side views over the registry's records: filtered, newest-first listings and the active counts /health shows.
import type { JobRecord, JobStatus } from '../../core/job-types.js'

export interface JobFilter { status?: JobStatus[], kind?: string, owner?: string }

/** Copies of the matching records, newest first; records created in the same millisecond keep reverse insertion order. */
export function listJobs (records: Iterable<JobRecord>, filter: JobFilter = {}): JobRecord[] {
  const out: JobRecord[] = []
  for (const record of records) {
    if (filter.status && !filter.status.includes(record.status)) continue
    if (filter.kind !== undefined && record.kind !== filter.kind) continue
    if (filter.owner !== undefined && record.owner !== filter.owner) continue
    out.push({ ...record })
  }
  // The sort is stable, so reversing first keeps same-millisecond jobs newest first.
  return out.reverse().sort((a, b) => a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)
}

export function activeCounts (records: Iterable<JobRecord>): { running: number, queued: number } {
  let running = 0
  let queued = 0
  for (const record of records) {
    if (record.status === 'running') running++
    else if (record.status === 'queued') queued++
  }
  return { running, queued }
}
