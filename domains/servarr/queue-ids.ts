// Which manager queue a queue item is in, as cancel_downloads ids ("series:12", "series@anime:12") and the
// stuck-download strike keys name it. Queue ids are numbered per instance, so an extra instance's items carry
// its name; the default instance's keep the plain "series" / "movies", so a stack with one instance of each
// service sees the ids (and keeps the strike counts) it always had.
import { DEFAULT_INSTANCE } from '../../core/instance-config.js'

export type ManagerSource = 'series' | 'movies'
export type QueueName = ManagerSource | `${ManagerSource}@${string}`

export const queueName = (source: ManagerSource, instance: string): QueueName => instance === DEFAULT_INSTANCE ? source : `${source}@${instance}`

/** "series@anime" → series, anime; "movies" → movies, default. */
export function parseQueueName (name: string): { source: ManagerSource, instance: string } {
  const at = name.indexOf('@')
  return at < 0 ? { source: name as ManagerSource, instance: DEFAULT_INSTANCE } : { source: name.slice(0, at) as ManagerSource, instance: name.slice(at + 1) }
}

/** The queue part of an id: "series@anime:12" → "series@anime", "torrent:<hash>" → "torrent". */
export const queueOfId = (id: string) => id.slice(0, id.indexOf(':'))

/** The id pattern cancel_downloads accepts; instance names (core/instance-config.ts) only when there are extra ones. */
export const cancelIdPattern = (extraInstances: boolean) =>
  `^(series|movies)${extraInstances ? '(@[a-z][a-z0-9]{0,19})?' : ''}:\\d{1,10}$|^torrent:[0-9a-f]{40}$|^usenet:[\\w-]{1,64}$`
