// The "a download needs a person" notice: decides only, from what each source said this round (a manager
// instance's stuck view, a Usenet client's failed jobs). Each stuck download is told once; it is told again
// only after every source that reported it answered without it (it recovered) and it is stuck again. A
// source that did not answer changes nothing: no notice, and nothing it reported before is taken as recovered.
// What was told is handed back by snapshot() and taken by `told`, so a restart does not tell it again.
import type { Message } from '../../core/notify/types.js'

export interface StuckItem {
  /**
   * The download: its download id where it has one (the manager and the Usenet client holding the same job
   * share it, so the job is told once), else its queue and queue id.
   */
  key: string
  message: Message
  /** The person it concerns (who added it), for NOTIFY_EVENTS stuck=person; the household when absent. */
  to?: string
}

/** One source's answer this round: `items` undefined when it did not answer. */
export interface StuckReport { source: string, items?: StuckItem[] }

/** Each told download and the sources that still report it stuck. */
export type ToldStuck = Record<string, string[]>

export function createStuckWatch (o: { send: (m: Message, item: StuckItem) => void, told?: ToldStuck }) {
  const told = new Map<string, Set<string>>(Object.entries(o.told ?? {}).map(([k, v]) => [k, new Set(v)]))

  /** One round; true when what was told changed (worth storing). */
  function round (reports: StuckReport[]): boolean {
    const before = JSON.stringify(snapshot())
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
      const known = told.get(key)
      if (known) { for (const s of sources) known.add(s); continue }
      told.set(key, sources)
      o.send(item.message, item)
    }
    return JSON.stringify(snapshot()) !== before
  }

  function snapshot (): ToldStuck {
    return Object.fromEntries([...told].map(([k, v]) => [k, [...v].sort()]))
  }

  return { round, snapshot, /** How many downloads are told and still stuck (tests). */ size: () => told.size }
}
