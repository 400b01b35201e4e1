// A state file the server cannot read is never written over: it is renamed beside itself to
// `<name>.corrupt-<time>` (as the job journal, the OAuth store and the audit database do), so what it held can
// still be recovered by hand, and the caller says so (the log, /health) and starts from an empty record.
import { rename } from 'node:fs/promises'
import { basename } from 'node:path'

/** Moves `file` aside; returns the new file name, or undefined when it was already gone (another reader moved it). */
export async function setAside (file: string, now = Date.now()): Promise<string | undefined> {
  const aside = `${file}.corrupt-${now}`
  try {
    await rename(file, aside)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw err
  }
  return basename(aside)
}

/** The sentence for the log and /health. */
export function setAsideText (what: string, file: string, aside: string, reason: string, then: string): string {
  return `${what} (${basename(file)}) could not be read (${reason.slice(0, 120)}): it was set aside as ${aside} in STATE_DIR, not written over; ${then}`
}
