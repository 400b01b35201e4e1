// The exact targets of a preview as lines a person can read in a confirmation form: one line per item, its
// name first, then its other plain fields. Every value comes from backends and disks, so each line is folded
// to visible plain text; internal fingerprints are left out (they identify, they do not explain).
import { plainLine } from '../../core/untrusted-text.js'

const LABELS = ['path', 'title', 'name']
const HIDDEN = new Set(['fingerprint'])

type Scalar = string | number | boolean | null

function isScalar (v: unknown): v is Scalar {
  return v === null || ['string', 'number', 'boolean'].includes(typeof v)
}

function scalarList (v: unknown): v is Scalar[] {
  return Array.isArray(v) && v.every(isScalar)
}

function collect (value: unknown, prefix: string, out: string[]) {
  if (value === undefined) return
  if (isScalar(value) || scalarList(value)) {
    out.push(`${prefix}${isScalar(value) ? String(value) : value.join(', ')}`)
    return
  }
  if (Array.isArray(value)) {
    for (const item of value) collect(item, prefix, out)
    return
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([k, v]) => !HIDDEN.has(k) && v !== undefined && !(Array.isArray(v) && v.length === 0))
  const plain = entries.filter(([, v]) => isScalar(v) || scalarList(v)) as Array<[string, Scalar | Scalar[]]>
  const label = plain.find(([k]) => LABELS.includes(k))
  const rest = plain.filter(e => e !== label).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)
  if (label) out.push(`${prefix}${String(label[1])}${rest.length ? ` (${rest.join(', ')})` : ''}`)
  else if (rest.length) out.push(`${prefix}${rest.join(', ')}`)
  for (const [k, v] of entries) {
    if (!isScalar(v) && !scalarList(v)) collect(v, `${prefix}${k}: `, out)
  }
}

/** At most `max` lines; when there are more, the last line says how many were left out. */
export function targetLines (targets: unknown, max = 100): string[] {
  const all: string[] = []
  collect(targets, '', all)
  const lines = all.map(line => plainLine(line, 300))
  if (lines.length <= max) return lines
  return [...lines.slice(0, max - 1), `… and ${lines.length - max + 1} more (${lines.length} in all)`]
}
