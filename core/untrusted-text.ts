// Text that comes from backends, indexers, release groups and file systems is untrusted: it may carry control
// characters, line breaks that forge extra lines, bidirectional overrides (U+202E makes "gpj.exe" read as
// "exe.jpg"), zero-width characters that hide a difference, or instructions aimed at a model. We pass it on
// as data only: invisible characters dropped, breaks folded to spaces, bounded in length.

// C0/C1 controls, zero-width and bidi formatting characters (matching control characters is the point).
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g

function clip (text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/** A backend field shown as data: visible characters only, white space folded, trimmed, at most `max`. */
export function untrusted (text: string | null | undefined, max = 300): string {
  return clip(String(text ?? '').replace(BREAKS, ' ').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim(), max)
}

/** One line of plain, visible text for a confirmation summary, at most `max` characters. */
export function plainLine (text: string, max = 4000): string {
  return clip(text.replace(BREAKS, ' ').replace(INVISIBLE, ''), max)
}

/**
 * Untrusted text as one quoted string, its own quotes and backslashes escaped as in JSON: a title such as
 * `Clip" (0 files). Nothing is deleted. "` cannot close the quote and write sentences of its own into a
 * summary. Use it wherever a summary quotes a name from a backend, an indexer or a disk.
 */
export function quoted (text: string | null | undefined, max = 300): string {
  return JSON.stringify(untrusted(text, max))
}
