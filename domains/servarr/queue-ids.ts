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

const INSTANCE = '(@[a-z][a-z0-9]{0,19})?'

/** The id pattern cancel_downloads accepts; instance names (core/instance-config.ts) only when there are extra ones. */
export const cancelIdPattern = (extraInstances: boolean, extraUsenet = false, usenet = true) =>
  `^(series|movies)${extraInstances ? INSTANCE : ''}:\\d{1,10}$|^torrent:[0-9a-f]{40}$${usenet ? `|^usenet${extraUsenet ? INSTANCE : ''}:[\\w-]{1,64}$` : ''}`

// --- usenet instances: a job of an extra Usenet client (USENET_CLIENT_INSTANCES) is "usenet@<name>:<job id>",
// the default one's "usenet:<job id>" as always (job ids are the program's own, so two clients may share one).

/** The Usenet queue of an instance: "usenet" (default) or "usenet@news2". */
export const usenetQueue = (instance: string) => instance === DEFAULT_INSTANCE ? 'usenet' : `usenet@${instance}`

/** The Usenet instance an id or queue name is of ("usenet@news2:x" → news2, "usenet:x" → default); undefined when not a Usenet one. */
export function usenetInstanceOf (idOrQueue: string): string | undefined {
  const queue = idOrQueue.includes(':') ? queueOfId(idOrQueue) : idOrQueue
  if (queue === 'usenet') return DEFAULT_INSTANCE
  return queue.startsWith('usenet@') ? queue.slice('usenet@'.length) : undefined
}
