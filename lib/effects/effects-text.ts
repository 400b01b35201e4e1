// The answer after an effect, rendered from what the next look found (effects.ts), never from what the request
// answered: "Removed 2 downloads and deleted their data (3 files, 1.2 GiB)" only when the data is gone; otherwise
// "asked NZBGet to delete the data of …; 2 files (1.2 GiB) are still in …" with the call that deletes what is left.
import { formatBytes } from '../../core/format.js'
import { quoted } from '../../core/untrusted-text.js'
import { callText, nextCall, nextText, type NextCall } from '../answers/next-calls.js'
import type { CheckedEffect } from './effects.js'

const files = (n: number, bytes: number) => `${n} file${n === 1 ? '' : 's'} (${formatBytes(bytes)})`

/** The effects whose backend no longer holds them (done, or done with data left on disk). */
export const carriedOut = (checked: readonly CheckedEffect[]) => checked.filter(c => c.outcome === 'done' || c.outcome === 'dataLeft')

/** "and deleted their data (3 files, 1.2 GiB)" for the carried-out effects whose data the next look found gone; '' when none. */
export function deletedPart (checked: readonly CheckedEffect[]): string {
  const gone = checked.filter(c => c.outcome === 'done' && c.data && c.look?.state === 'gone')
  if (gone.length === 0) return ''
  const counted = gone.every(c => c.data?.files !== undefined)
  const n = gone.reduce((s, c) => s + (c.data?.files ?? 0), 0)
  const bytes = gone.reduce((s, c) => s + (c.data?.bytes ?? 0), 0)
  return ` and deleted ${gone.length === 1 ? 'its' : 'their'} data${counted ? ` (${files(n, bytes)})` : ''}`
}

/** One sentence per effect whose data is still on disk after its backend was asked to delete it. */
export function dataLeftText (checked: readonly CheckedEffect[]): string {
  return checked.flatMap(c => {
    if (c.outcome !== 'dataLeft' || c.look?.state !== 'stillThere') return []
    const l = c.look
    return [` Asked ${c.service} to delete the data of ${quoted(c.title, 120)} (${c.id}), but ${l.complete ? '' : 'at least '}${files(l.files, l.bytes)} ${l.files === 1 ? 'is' : 'are'} still in ${quoted(l.path)}.`]
  }).join('')
}

/** The call that deletes what a backend left behind: manage_files' delete, which previews it first. */
export function dataLeftNext (checked: readonly CheckedEffect[]): NextCall[] {
  const paths = [...new Set(checked.flatMap(c => (c.outcome === 'dataLeft' && c.look?.state === 'stillThere' ? [c.look.path] : [])))]
  return paths.length ? [nextCall('manage_files', { action: 'delete', paths }, 'delete what was left on disk (it shows the files first)')] : []
}

/** "Look again: series_status {…}." for the calls that show whether an effect nobody can tell about happened. */
const lookAgain = (checkWith: readonly NextCall[]) => checkWith.length ? `Look again: ${checkWith.map(callText).join('; ')}.` : 'Look again.'

/**
 * The failed entries: effects the backend still holds (with its error, or that it still lists them), and effects
 * nobody can tell about (`checkWith`: the calls that look again).
 */
export function failedOf (checked: readonly CheckedEffect[], checkWith: readonly NextCall[]): Array<{ id: string, error: string }> {
  return checked.flatMap(c => {
    if (c.outcome === 'notDone') return [{ id: c.id, error: c.error ?? `${c.service} still holds it after the request; nothing was changed. Try again.` }]
    if (c.outcome === 'unknown') {
      const why = c.error ? `the request ended with: ${c.error}` : `${c.service} did not answer again`
      const disk = c.look?.state === 'unknown' ? `; its data at ${quoted(c.look.path)} ${c.look.why}` : c.look?.state === 'stillThere' ? `; its data is still in ${quoted(c.look.path)}` : ''
      return [{ id: c.id, error: `whether it was removed is unknown (${why}${disk}). ${lookAgain(checkWith)}` }]
    }
    return []
  })
}

/**
 * The answer's tail after the tool's own headline: the data-left sentences, the effects nobody can tell about
 * and the next calls, with the failed entries and the next calls as data beside it.
 */
export function effectsTail (checked: readonly CheckedEffect[], checkWith: readonly NextCall[]): { text: string, next: NextCall[], failed: Array<{ id: string, error: string }> } {
  const failed = failedOf(checked, checkWith)
  const unknown = checked.filter(c => c.outcome === 'unknown')
  const next = [...dataLeftNext(checked), ...(unknown.length ? checkWith : [])]
  const text = dataLeftText(checked) +
    (unknown.length ? ` Whether ${unknown.map(c => `${quoted(c.title, 120)} (${c.id})`).join(', ')} ${unknown.length === 1 ? 'was' : 'were'} removed is unknown.` : '') +
    nextText(next)
  return { text, next, failed }
}
