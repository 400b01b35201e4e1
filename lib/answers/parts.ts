// The record of an answer built from parts (cleanup categories, several sources, several instances of one
// service). Each part is exactly one of: checked (it answered and was looked through), skipped (not looked at:
// why, and what would let it be checked) or unknown (its source did not answer). The text is rendered from the
// record, once, here: "nothing" is said only over checked parts, so no tool can print "nothing qualifies" over
// a part it did not check. Structured content carries the same record (`parts`). docs/missing-sources.md.
import { Type, type Static } from '@sinclair/typebox'

export const PartSchema = Type.Object({
  part: Type.String({ description: 'What was (or was not) looked at: a category, a source or an instance' }),
  state: Type.Union([Type.Literal('checked'), Type.Literal('skipped'), Type.Literal('unknown')], {
    description: 'checked: it answered and was looked through; skipped: not looked at (see why, enable); unknown: its source did not answer (see why)'
  }),
  found: Type.Optional(Type.Integer({ minimum: 0, description: 'checked: how many items it gave this answer' })),
  why: Type.Optional(Type.String({ description: 'skipped or unknown: why' })),
  enable: Type.Optional(Type.String({ description: 'skipped: what would let it be checked' }))
}, { additionalProperties: false, description: 'One part of the answer and whether it was checked' })

export type Part = Static<typeof PartSchema>

export const PartsSchema = Type.Array(PartSchema, { description: 'Each part of the answer: checked, skipped (why, and what would enable it) or unknown (did not answer)' })

/** Collects the parts of one answer in the order they were looked at. */
export class PartsRecord {
  readonly parts: Part[] = []

  checked (part: string, found?: number): this {
    this.parts.push({ part, state: 'checked', ...(found !== undefined && { found }) })
    return this
  }

  skipped (part: string, why: string, enable?: string): this {
    this.parts.push({ part, state: 'skipped', why: clean(why), ...(enable && { enable: clean(enable) }) })
    return this
  }

  unknown (part: string, why: string): this {
    this.parts.push({ part, state: 'unknown', why: clean(why) })
    return this
  }

  /** Every part checked: only then may an answer speak of the whole. */
  get complete (): boolean {
    return this.parts.every(p => p.state === 'checked')
  }
}

const clean = (s: string) => s.trim().replace(/\.$/, '')

/** "A", "A and B", "A, B and C". */
const join = (names: string[]) => names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`

/**
 * The sentences for the parts that were not checked: "Not checked: X (why; to check it: enable). Unknown, did
 * not answer: Y (why)." Empty when every part was checked.
 */
export function uncheckedText (parts: Part[]): string {
  const skipped = parts.filter(p => p.state === 'skipped')
  const unknown = parts.filter(p => p.state === 'unknown')
  const out: string[] = []
  if (skipped.length) out.push(`Not checked: ${skipped.map(p => `${p.part} (${p.why}${p.enable ? `; to check it: ${p.enable}` : ''})`).join('; ')}.`)
  if (unknown.length) out.push(`Unknown, did not answer: ${unknown.map(p => `${p.part} (${p.why})`).join('; ')}.`)
  return out.join(' ')
}

/** uncheckedText as the tail of a longer answer: a leading space, or nothing when every part was checked. */
export function uncheckedTail (parts: Part[]): string {
  const text = uncheckedText(parts)
  return text ? ` ${text}` : ''
}

/**
 * The whole answer over the parts when nothing was found: "Nothing <none> in A and B." over the checked parts
 * only, then the parts that were not checked. With no part checked: "Nothing was checked." and why.
 */
export function nothingText (parts: Part[], none: string): string {
  const checked = parts.filter(p => p.state === 'checked').map(p => p.part)
  const head = checked.length ? `Nothing ${none} in ${join(checked)}.` : 'Nothing was checked, so nothing is known.'
  const rest = uncheckedText(parts)
  return rest ? `${head} ${rest}` : head
}

/**
 * A list's headline over the parts: "Nothing is downloading." when every part was checked, "Nothing is
 * downloading (in A and B)." when only some were, then the parts that were not checked. With none checked,
 * no count is said at all.
 */
export function listedText (o: { count: number, parts: Part[], none: string, some: (n: number) => string }): string {
  const checked = o.parts.filter(p => p.state === 'checked').map(p => p.part)
  if (checked.length === 0 && o.parts.length > 0) return `Unknown: no source answered.${uncheckedTail(o.parts)}`
  const scope = checked.length < o.parts.length ? ` (in ${join(checked)})` : ''
  const head = o.count === 0 ? o.none.replace(/\.$/, `${scope}.`) : `${o.some(o.count).replace(/\.$/, '')}${scope}.`
  return head + uncheckedTail(o.parts)
}

/** What would let a service that is not configured be checked: "X is not configured: set Y and restart." → "set Y and restart". */
export const enableOf = (notConfigured: string): string => /configured:\s*(.*)$/.exec(notConfigured)?.[1] ?? notConfigured

/** Parts from the reads of several sources (lib/sources): answered → checked, missing → unknown, not configured → skipped. */
export function partsOfSources (reads: { answered: Array<{ source: string }>, missing: Array<{ source: string, reason: string }>, unconfigured: Array<{ source: string, reason: string }> }): Part[] {
  const record = new PartsRecord()
  for (const a of reads.answered) record.checked(a.source)
  for (const m of reads.unconfigured) record.skipped(m.source, 'not configured', enableOf(m.reason))
  for (const m of reads.missing) record.unknown(m.source, m.reason)
  return record.parts
}
