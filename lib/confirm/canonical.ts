// Canonical JSON: object keys sorted at every level, undefined members dropped, so the same arguments or
// targets always give the same bytes (and the same SHA-256 fingerprint) whatever order they were built in.
import { createHash } from 'node:crypto'

function sortValue (value: unknown): unknown {
  if (Array.isArray(value)) return value.map(v => v === undefined ? null : sortValue(v))
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key]
      if (v !== undefined) out[key] = sortValue(v)
    }
    return out
  }
  return value
}

export function canonicalJson (value: unknown): string {
  return JSON.stringify(sortValue(value)) ?? 'null'
}

export function sha256Hex (text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** SHA-256 of the canonical JSON: the fingerprint of a previewed target set. */
export function fingerprint (value: unknown): string {
  return sha256Hex(canonicalJson(value))
}
