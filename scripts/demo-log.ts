// The demo's log lines, readable beside its friendly output: pino's JSON turned into one short line
// ("  ! warn  backend error (tool=series_grab service=Sonarr status=409)"). Only the demo uses it; the
// server keeps JSON lines for log collectors.
const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' }
const SKIP = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v', 'reqId'])

export function readableLogLine (json: string): string {
  let entry: Record<string, unknown>
  try {
    entry = JSON.parse(json) as Record<string, unknown>
  } catch {
    return `  ${json.trim()}`
  }
  const level = LEVELS[Number(entry.level)] ?? String(entry.level)
  const details = Object.entries(entry)
    .filter(([k, v]) => !SKIP.has(k) && v !== undefined)
    .map(([k, v]) => `${k}=${describe(v)}`)
  const mark = Number(entry.level) >= 50 ? '✗' : Number(entry.level) >= 40 ? '!' : '·'
  return `  ${mark} ${level.padEnd(5)} ${String(entry.msg ?? '')}${details.length ? ` (${details.join(' ')})` : ''}`
}

function describe (v: unknown): string {
  if (v !== null && typeof v === 'object' && 'message' in v) return JSON.stringify((v as { message: unknown }).message)
  return typeof v === 'string' ? (/\s/.test(v) ? JSON.stringify(v) : v) : JSON.stringify(v)
}

/** A pino destination that writes readable lines to `out`. */
export function readableLogStream (out: (line: string) => void) {
  return { write: (chunk: string) => { for (const line of chunk.split('\n')) if (line.trim()) out(readableLogLine(line)) } }
}
