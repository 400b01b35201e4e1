// Answers built from several sources (backends, their instances, the disk). Each source is read on its own;
// one that does not answer is named with why, and the answer states nothing about what it holds: no "nothing",
// "none", "not in" or 0 stands for a source that was not heard. The read tools use it; the dashboard can read
// the same way (readSources, then missingSentence for its texts). An answer's parts and the text rendered from them:
// partsOfSources and listedText in lib/answers/parts.ts.
import { BackendError, ToolError } from '../../core/errors.js'

/** A source that did not answer, and why (a public message: never a backend body or a secret). */
export interface MissingSource {
  source: string
  reason: string
}

export interface SourceReads<T> {
  /** The sources that answered, in the order asked. */
  answered: Array<{ source: string, value: T }>
  missing: MissingSource[]
  /** Sources that are not configured (why: the variable to set): neither answered nor missing. */
  unconfigured: MissingSource[]
}

/** Why a read failed, as a person may read it: a backend's public message; anything else is not echoed. */
export function publicReason (err: unknown): string {
  if (err instanceof BackendError) return err.message
  if (err instanceof Error && err.name !== 'Error') return err.message
  return 'it failed (see the server log)'
}

/**
 * Reads every source at once; a failure becomes a named missing source, never a failure of the whole answer.
 * A service that is not configured holds nothing here: it is set apart, without a warning.
 */
export async function readSources<T> (sources: Array<[string, () => Promise<T>]>, signal?: AbortSignal): Promise<SourceReads<T>> {
  const results = await Promise.allSettled(sources.map(([, read]) => read()))
  // A call its caller cancelled is not a partial answer: every source "failed" only because it was stopped.
  if (signal?.aborted) throw new ToolError('The call was cancelled before every source answered.')
  const out: SourceReads<T> = { answered: [], missing: [], unconfigured: [] }
  results.forEach((r, i) => {
    const source = sources[i]![0]
    if (r.status === 'fulfilled') out.answered.push({ source, value: r.value })
    else if (r.reason instanceof BackendError && r.reason.code === 'not_configured') out.unconfigured.push({ source, reason: r.reason.message })
    else out.missing.push({ source, reason: publicReason(r.reason) })
  })
  return out
}

/** "Sonarr: unreachable at …" — one warning line per missing source. */
export const missingLines = (missing: MissingSource[]): string[] => missing.map(m => `${m.source}: ${m.reason.replace(/\.$/, '')}`)

/** The sentence an answer ends with when sources are missing; empty when every source answered. */
export function missingSentence (missing: MissingSource[]): string {
  if (missing.length === 0) return ''
  return ` Not answered, so what ${missing.length === 1 ? 'it holds' : 'they hold'} is unknown: ${missingLines(missing).join('; ')}.`
}

/** "A", "A and B", "A, B and C". */
export function joinNames (names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}
