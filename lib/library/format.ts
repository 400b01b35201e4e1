// Human-readable figures for tool summaries.

export function formatBytes (n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let i = 0
  while (n >= 1000 && i < units.length - 1) { n /= 1000; i++ }
  return `${i === 0 ? n : n.toFixed(1)} ${units[i]}`
}
