// Text a person reads before approving an action (confirmation summaries) often embeds what backends and
// file systems hand us: titles from indexers, release and file names. Such text may carry line breaks that
// forge extra lines, bidirectional overrides (U+202E) that make "gpj.exe" read as "exe.jpg", or zero-width
// characters that hide a difference. Here it loses all of them: line breaks and tabs become spaces, the rest
// is dropped. (domains/shared/servarr-text.ts applies the same set to fields of backend results.)

// C0/C1 controls, zero-width and bidi formatting characters (matching control characters is the point).
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g

/** One line of plain, visible text, at most `max` characters. */
export function plainLine (text: string, max = 4000): string {
  const clean = text.replace(BREAKS, ' ').replace(INVISIBLE, '')
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean
}
