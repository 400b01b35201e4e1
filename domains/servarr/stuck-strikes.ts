// Strikes against stuck downloads: how many times cancel_downloads "retry" replaced a download of the same
// episodes or movie. Kept in STATE_DIR/stuck-strikes.json (rewritten atomically), so the limit holds
// across restarts and a title that keeps getting stuck is handed to the person instead of retried forever.
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

const FILE = 'stuck-strikes.json'
/** Oldest entries are dropped beyond this many titles, so the file stays small. */
const MAX_ENTRIES = 2000

export interface StrikeEntry { strikes: number, title: string, lastDownloadId?: string, last: string }

export class StrikeStoreError extends Error {}

export function createStrikeStore (stateDir: string) {
  const file = join(stateDir, FILE)
  let writing: Promise<unknown> = Promise.resolve()

  /** Read from disk every time (the file is small): what counts is what survived. */
  async function load (): Promise<Record<string, StrikeEntry>> {
    try {
      const parsed: unknown = JSON.parse(await readFile(file, 'utf8'))
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed as Record<string, StrikeEntry> : {}
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {}
      throw new StrikeStoreError(`Cannot read ${file}: ${(err as Error).message}`)
    }
  }

  async function save (all: Record<string, StrikeEntry>) {
    const keep = Object.entries(all).sort((a, b) => b[1].last.localeCompare(a[1].last)).slice(0, MAX_ENTRIES)
    const tmp = join(stateDir, `.${FILE}.${randomBytes(6).toString('hex')}.tmp`)
    try {
      await mkdir(stateDir, { recursive: true, mode: 0o700 })
      await writeFile(tmp, JSON.stringify(Object.fromEntries(keep)), { mode: 0o600 })
      await rename(tmp, file)
    } catch (err) {
      await unlink(tmp).catch(() => {})
      throw new StrikeStoreError(`Cannot write ${file}: ${(err as Error).message}`)
    }
  }

  return {
    /** Strikes so far against each key. */
    async counts (): Promise<(key: string) => number> {
      const all = await load()
      return key => all[key]?.strikes ?? 0
    },
    /**
     * Adds one strike to each key and stores them before anything is retried (writes are serialized). The cap
     * is checked here, in the same serialized step: an item whose key already holds `max` strikes (a concurrent
     * retry, or an earlier item of the same call, took the last one) gets none and is returned as refused.
     */
    async strike<I extends { key: string, title: string, downloadId?: string }> (items: I[], max: number, now = new Date()): Promise<{ refused: I[] }> {
      const refused: I[] = []
      const run = writing.then(async () => {
        const all = await load()
        for (const i of items) {
          const strikes = all[i.key]?.strikes ?? 0
          if (strikes >= max) { refused.push(i); continue }
          all[i.key] = { strikes: strikes + 1, title: i.title, ...(i.downloadId ? { lastDownloadId: i.downloadId } : {}), last: now.toISOString() }
        }
        if (refused.length < items.length) await save(all)
      })
      writing = run.catch(() => {})
      await run
      return { refused }
    }
  }
}

export type StrikeStore = ReturnType<typeof createStrikeStore>

const stores = new Map<string, StrikeStore>()

/** One store per state directory, so concurrent calls share its serialized writes. */
export function strikeStore (stateDir: string): StrikeStore {
  let store = stores.get(stateDir)
  if (!store) stores.set(stateDir, store = createStrikeStore(stateDir))
  return store
}
