// Who asked for each torrent and .nzb job download_add started (STATE_DIR/added-downloads.json), so the stuck
// notice (domains/downloads/added-stuck.ts) watches the downloads a person added by hand, which no manager
// queue holds, and goes to that person. A chat-bot user is kept as their Telegram user id; every other caller
// (MCP clients, the web chat, a bot actor we cannot read) is the owner's, as lib/requests/user-map.ts has it.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeJsonAtomic } from '../../lib/fs/atomic-json.js'
import { setAside, setAsideText } from '../../lib/fs/set-aside.js'
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
export function addedStore (stateDir: string, o: { report?: (text: string) => void } = {}) {
  const file = join(stateDir, ADDED_DOWNLOADS_FILE)
  let chain: Promise<unknown> = Promise.resolve()

  /**
   * What was recorded; a missing file is an empty record. An unreadable one is set aside (never written over) and
   * reported, and the record starts empty; a file that cannot be read at all (permissions) throws.
   */
  async function read (): Promise<AddedDownloads> {
    let parsed: unknown
    let reason = ''
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'))
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) reason = 'it is not a JSON object'
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {}
      if (!(err instanceof SyntaxError)) throw new Error(`${ADDED_DOWNLOADS_FILE}: ${(err as Error).message}`)
      reason = err.message
    }
    if (reason) {
      const aside = await setAside(file)
      if (aside) o.report?.(setAsideText('The record of downloads added by hand', file, aside, reason, 'the downloads it named are no longer watched for the stuck notice'))
      return {}
    }
    return Object.fromEntries(Object.entries(parsed as object).filter((e): e is [string, AddedDownload] => isRecord(e[1])))
  }

  /** Runs `change` on the record and stores it (newest MAX_RECORDS kept), after every earlier change. */
  async function update (change: (all: AddedDownloads) => boolean): Promise<void> {
    const run = chain.then(async () => {
      // Unreadable (permissions): nothing is written over it.
      const all = await read()
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
const reporter = new Map<string, (text: string) => void>()
/** The store of a STATE_DIR; `report` (the stuck check's: the log and /health) hears of a file set aside. */
export const addedDownloads = (stateDir: string, report?: (text: string) => void) => {
  let s = stores.get(stateDir)
  if (!s) stores.set(stateDir, s = addedStore(stateDir, { report: text => reporter.get(stateDir)?.(text) }))
  if (report) reporter.set(stateDir, report)
  return s
}
