// The "a download needs a person" notice: decides only, from what each source said this round (a manager
// instance's stuck view, a Usenet client's failed jobs). Each stuck download is told once; it is told again
// only after every source that reported it answered without it (it recovered) and it is stuck again. A
// source that did not answer changes nothing: no notice, and nothing it reported before is taken as recovered.
import type { Message } from '../../core/notify/types.js'

export interface StuckItem {
  /**
   * The download: its download id where it has one (the manager and the Usenet client holding the same job
   * share it, so the job is told once), else its queue and queue id.
   */
  key: string
  message: Message
}

/** One source's answer this round: `items` undefined when it did not answer. */
export interface StuckReport { source: string, items?: StuckItem[] }

export function createStuckWatch (o: { send: (m: Message) => void }) {
  /** Each told download and the sources that still report it stuck. */
  const told = new Map<string, Set<string>>()

  function round (reports: StuckReport[]) {
    const answered = reports.filter(r => r.items !== undefined)
    const now = new Map<string, { sources: Set<string>, item: StuckItem }>()
    for (const r of answered) {
      for (const item of r.items!) {
        const entry = now.get(item.key) ?? { sources: new Set<string>(), item }
        entry.sources.add(r.source)
        now.set(item.key, entry)
      }
    }
    // Recovered where each source that reported it answered without it.
    const spoke = new Set(answered.map(r => r.source))
    for (const [key, sources] of told) {
      for (const s of [...sources]) if (spoke.has(s) && !now.get(key)?.sources.has(s)) sources.delete(s)
      if (sources.size === 0) told.delete(key)
    }
    for (const [key, { sources, item }] of now) {
      const before = told.get(key)
      if (before) { for (const s of sources) before.add(s); continue }
      told.set(key, sources)
      o.send(item.message)
    }
  }

  return { round, /** How many downloads are told and still stuck (tests). */ size: () => told.size }
}
