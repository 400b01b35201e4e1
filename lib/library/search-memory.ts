// What the search loop searched and when, per manager instance, kept in STATE_DIR/search-loop.json (written
// atomically): a restart keeps the hourly cap and the "searched recently" skips, so a loop started again after
// a restart is as polite as the one the restart interrupted. Bounded: only searches within `keepMs` are kept.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeJsonAtomic } from '../fs/atomic-json.js'

const FILE = 'search-loop.json'
const MAX_PER_SOURCE = 20_000

/** source label → title key → epoch ms of its last search. */
type Memory = Record<string, Record<string, number>>

export interface SearchMemory {
  lastSearch: (source: string, key: string) => number | undefined
  /** The source's searches at or after `since`, oldest first (epoch ms). */
  searchesSince: (source: string, since: number) => number[]
  record: (source: string, key: string, at: number) => Promise<void>
}

export async function openSearchMemory (stateDir: string, keepMs: number, now: () => number): Promise<SearchMemory> {
  const file = join(stateDir, FILE)
  let memory: Memory = {}
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'))
    if (parsed && typeof parsed === 'object') memory = parsed as Memory
  } catch {}
  // Anything unreadable or old is forgotten: forgetting only makes a title searchable again, never hides one.
  for (const [source, keys] of Object.entries(memory)) {
    if (!keys || typeof keys !== 'object') { delete memory[source]; continue }
    for (const [key, at] of Object.entries(keys)) if (typeof at !== 'number' || at < now() - keepMs || at > now() + 60_000) delete keys[key]
  }
  return {
    lastSearch: (source, key) => memory[source]?.[key],
    searchesSince: (source, since) => Object.values(memory[source] ?? {}).filter(at => at >= since).sort((a, b) => a - b),
    async record (source, key, at) {
      const keys = (memory[source] ??= {})
      keys[key] = at
      const all = Object.entries(keys)
      if (all.length > MAX_PER_SOURCE) for (const [k] of all.sort((a, b) => a[1] - b[1]).slice(0, all.length - MAX_PER_SOURCE)) delete keys[k]
      await writeJsonAtomic(file, memory)
    }
  }
}
