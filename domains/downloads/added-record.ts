// Who asked for each torrent and .nzb job download_add started (STATE_DIR/added-downloads.json), so the stuck
// notice (domains/downloads/added-stuck.ts) watches the downloads a person added by hand, which no manager
// queue holds, and goes to that person. A chat-bot user is kept as their Telegram user id; every other caller
// (MCP clients, the web chat, a bot actor we cannot read) is the owner's, as lib/requests/user-map.ts has it.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeJsonAtomic } from '../../lib/fs/atomic-json.js'
import type { Principal } from '../../core/principal.js'
import { personOf } from '../../lib/requests/user-map.js'

export const ADDED_DOWNLOADS_FILE = 'added-downloads.json'
/** The record keeps the newest this many; a household adds a handful a day, so it covers months. */
const MAX_RECORDS = 2000

/** Keyed `torrent:<hash>` (lowercase) or `usenet:<job id>`. */
export interface AddedDownload {
  /** `owner`, or `telegram:<user id>`. */
  by: string
  name: string
  /** ISO 8601: when download_add sent it. */
  at: string
}
export type AddedDownloads = Record<string, AddedDownload>

const isRecord = (v: unknown): v is AddedDownload => !!v && typeof v === 'object' &&
  typeof (v as AddedDownload).by === 'string' && typeof (v as AddedDownload).name === 'string' && typeof (v as AddedDownload).at === 'string'

export function whoAsked (principal: Principal): string {
  const person = personOf(principal)
  return person.kind === 'telegram' ? `telegram:${person.userId}` : 'owner'
}

/** One store per STATE_DIR: writes are chained, so two download_add calls at once both land. */
export function addedStore (stateDir: string) {
  const file = join(stateDir, ADDED_DOWNLOADS_FILE)
  let chain: Promise<unknown> = Promise.resolve()

  /** What was recorded; a missing file is an empty record, an unreadable one throws (the caller says so). */
  async function read (): Promise<AddedDownloads> {
    let parsed: unknown
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'))
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {}
      throw new Error(`${ADDED_DOWNLOADS_FILE}: ${(err as Error).message}`)
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${ADDED_DOWNLOADS_FILE} is not a JSON object`)
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, AddedDownload] => isRecord(e[1])))
  }

  /** Runs `change` on the record and stores it (newest MAX_RECORDS kept), after every earlier change. */
  async function update (change: (all: AddedDownloads) => boolean): Promise<void> {
    const run = chain.then(async () => {
      const all = await read().catch(() => ({}))
      if (!change(all)) return
      const kept = Object.entries(all).sort((a, b) => b[1].at.localeCompare(a[1].at)).slice(0, MAX_RECORDS)
      await writeJsonAtomic(file, Object.fromEntries(kept))
    })
    chain = run.catch(() => {})
    await run
  }

  return {
    read,
    add: async (keys: string[], entry: AddedDownload) => await update(all => { for (const k of keys) all[k] = entry; return keys.length > 0 }),
    /** Forgets downloads the client no longer lists (removed by a person or by cleanup). */
    forget: async (keys: string[]) => await update(all => keys.filter(k => k in all && delete all[k]).length > 0)
  }
}

const stores = new Map<string, ReturnType<typeof addedStore>>()
export const addedDownloads = (stateDir: string) => {
  let s = stores.get(stateDir)
  if (!s) stores.set(stateDir, s = addedStore(stateDir))
  return s
}
