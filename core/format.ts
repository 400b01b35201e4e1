// Human-readable figures for tool summaries and the dashboard: one byte format everywhere.
// Binary units (1 KiB = 1024 B), as df -h, the series and movie managers and the torrent client show sizes,
// so a figure here reads the same as the figure a person sees in those tools.

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB']

export function formatBytes (n: number): string {
  if (!Number.isFinite(n) || n <= 0) return '0 B'
  let i = 0
  while (n >= 1024 && i < UNITS.length - 1) { n /= 1024; i++ }
  return `${i === 0 ? n : n.toFixed(1)} ${UNITS[i]}`
}
