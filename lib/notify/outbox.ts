// The notices waiting for their channel, kept in STATE_DIR (notify-outbox.json) so a notice waiting for its retry
// or cut off by a restart (SIGTERM) is sent at the next start, once. A channel is named by a hash of its URL,
// never the URL. A file that cannot be read is set aside (never written over) and reported. Writes are atomic and
// coalesced: one in flight, at most one more queued, each with everything changed before it began.
import { createHash, randomBytes } from 'node:crypto'
import { readFileSync, renameSync } from 'node:fs'
import { basename } from 'node:path'
import { writeJsonAtomic } from '../fs/atomic-json.js'
import type { Message, NotifyEvent } from '../../core/notify/types.js'

export interface Pending {
  id: string
  event: NotifyEvent
  /** The person, or `household`. */
  to: string
  /** The channel: a hash of its URL. */
  channel: string
  message: Message
  /** Attempts made so far. */
  attempts: number
  /** Not before this time (epoch ms): a retry's wait. */
  notBefore: number
  queuedAt: number
}

export const channelId = (url: string) => createHash('sha256').update(url).digest('hex').slice(0, 16)
export const newId = () => randomBytes(8).toString('hex')

const isPending = (p: any): p is Pending => p && typeof p.id === 'string' && typeof p.event === 'string' && typeof p.to === 'string' &&
  typeof p.channel === 'string' && p.message && typeof p.message.title === 'string' && typeof p.message.body === 'string' &&
  Number.isInteger(p.attempts) && typeof p.notBefore === 'number' && typeof p.queuedAt === 'number'

export function createOutbox (o: { file?: string, report: (text: string) => void }) {
  let last: Promise<unknown> = Promise.resolve()
  let queued: Promise<void> | undefined

  /** What an earlier run left waiting; a damaged file is set aside and reported, and nothing is read from it. */
  function load (now: number): Pending[] {
    if (!o.file) return []
    let parsed: unknown
    try {
      parsed = JSON.parse(readFileSync(o.file, 'utf8'))
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
      if (!(err instanceof SyntaxError)) { o.report(`The notices waiting for delivery (${basename(o.file)}) cannot be read: ${(err as Error).message.slice(0, 120)}`); return [] }
      parsed = undefined
    }
    const pending = (parsed as { pending?: unknown } | undefined)?.pending
    if (!Array.isArray(pending)) {
      const aside = `${o.file}.corrupt-${now}`
      try { renameSync(o.file, aside) } catch { /* gone meanwhile */ }
      o.report(`The notices waiting for delivery (${basename(o.file)}) could not be read: it was set aside as ${basename(aside)} in STATE_DIR, not written over; the notices in it were not sent.`)
      return []
    }
    return pending.filter(isPending)
  }

  /** Stores the list `snapshot` gives when the write starts; resolves when it is on disk. */
  function save (snapshot: () => Pending[]): Promise<void> {
    if (!o.file) return Promise.resolve()
    if (queued) return queued
    const file = o.file
    const run = last.then(async () => {
      queued = undefined
      await writeJsonAtomic(file, { version: 1, pending: snapshot() })
    })
    queued = run
    last = run.catch(err => o.report(`The notices waiting for delivery could not be stored (${(err as Error).message.slice(0, 120)}); they are sent, but a restart would lose them.`))
    return run.catch(() => {})
  }

  return { load, save }
}
