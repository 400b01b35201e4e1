// Text helpers of the series and movie tools. Untrusted backend text goes through core/untrusted-text.ts.
export { quoted, untrusted } from '../../core/untrusted-text.js'

// Byte figures use the one format of the whole server.
export { formatBytes } from '../../core/format.js'

export function episodeCode (season: number, episodes: number[] = []): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `S${pad(season)}${episodes.map(e => `E${pad(e)}`).join('')}`
}
