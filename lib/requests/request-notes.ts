// What Seerr does not keep about a request and we do: the title we asked for it under (Seerr stores only
// TMDB/TVDB ids, server/entity/Media.ts) and the reason given when an owner declined it through our tools
// (Seerr's decline takes no reason, server/routes/request.ts : 662-704). Kept in STATE_DIR/seerr-requests.json,
// rewritten atomically, read from disk each time (it is small), newest entries kept.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeJsonAtomic } from '../fs/atomic-json.js'

const FILE = 'seerr-requests.json'
const MAX_ENTRIES = 1000

export interface RequestNote {
  title?: string
  /** Why it was declined, as the owner wrote it. */
  reason?: string
  /** Seerr display name of who declined it. */
  declinedBy?: string
  at: string
}

export function createRequestNotes (stateDir: string) {
  const file = join(stateDir, FILE)
  let writing: Promise<unknown> = Promise.resolve()

  async function all (): Promise<Record<string, RequestNote>> {
    try {
      const parsed: unknown = JSON.parse(await readFile(file, 'utf8'))
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed as Record<string, RequestNote> : {}
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {}
      // Notes are a nicety: an unreadable file loses titles and reasons, never a request.
      return {}
    }
  }

  /** Merges `note` into request `id`'s entry; writes are serialized. */
  function note (id: number, note: Omit<RequestNote, 'at'>, now = new Date()): Promise<void> {
    const run = writing.then(async () => {
      const notes = await all()
      notes[String(id)] = { ...notes[String(id)], ...note, at: now.toISOString() }
      const keep = Object.entries(notes).sort((a, b) => b[1].at.localeCompare(a[1].at)).slice(0, MAX_ENTRIES)
      await writeJsonAtomic(file, Object.fromEntries(keep))
    })
    writing = run.catch(() => {})
    return run
  }

  return { all, note }
}

export type RequestNotes = ReturnType<typeof createRequestNotes>
