// The text a tool result carries beside its structuredContent: the summary line, then the same data written
// compactly for clients that give the model `content` only. Lists of rows become one table (the header once, a
// column every row shares written once above it), so a page of 100 rows costs a fraction of its JSON.
// docs/answers.md says why the text is not the serialized JSON.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** The data as text lines: scalars as `key: value`, lists of objects as tables, anything else as compact JSON. */
export function renderData (data: Record<string, unknown>): string {
  const lines: string[] = []
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue
    if (isRowList(value)) lines.push(...table(key, value))
    else lines.push(`${key}: ${cell(value as Json)}`)
  }
  return lines.join('\n')
}

function isRowList (value: unknown): value is Array<Record<string, Json>> {
  return Array.isArray(value) && value.length > 0 && value.every(v => typeof v === 'object' && v !== null && !Array.isArray(v))
}

function table (key: string, rows: Array<Record<string, Json>>): string[] {
  const columns = [...new Set(rows.flatMap(r => Object.keys(r).filter(k => r[k] !== undefined)))]
  // A column with one value in every row says it once; a single row keeps every column in the table.
  const shared = rows.length > 1 ? columns.filter(c => rows.every(r => r[c] !== undefined && cell(r[c]) === cell(rows[0][c]))) : []
  const varying = columns.filter(c => !shared.includes(c))
  return [
    `${key} (${rows.length} ${rows.length === 1 ? 'row' : 'rows'}):`,
    ...shared.map(c => `  ${c} (every row): ${cell(rows[0][c])}`),
    ...(varying.length > 0 ? [varying.join('|'), ...rows.map(r => varying.map(c => r[c] === undefined ? '' : cell(r[c])).join('|'))] : [])
  ]
}

/** One value: plain when unambiguous, else JSON (empty, padded or multi-line strings, ones
// holding the separator or opening like JSON, and structures). */
function cell (value: Json): string {
  if (typeof value === 'string') return value === '' || value !== value.trim() || /[|\n\r]|^["[{]/.test(value) ? JSON.stringify(value) : value
  if (value === null || typeof value !== 'object') return String(value)
  return JSON.stringify(value)
}
