// Text that comes from indexers and release groups is untrusted: it may carry control characters,
// bidirectional overrides that disguise what it says, or instructions aimed at a model. We pass it on as
// data only, stripped of invisible characters and bounded in length.

// C0/C1 controls, zero-width and bidi formatting characters (matching control characters is the point).
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g

export function untrusted (text: string | null | undefined, max = 300): string {
  const clean = String(text ?? '').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim()
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean
}

// Byte figures use the one format of the whole server.
export { formatBytes } from '../../lib/library/format.js'

export function episodeCode (season: number, episodes: number[] = []): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `S${pad(season)}${episodes.map(e => `E${pad(e)}`).join('')}`
}
