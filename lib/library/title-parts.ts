// get_library_state's title answer as the parts record (lib/answers/parts.ts): each source, and each instance of
// a source read on several, checked (how many matches it gave), skipped (the kind asked leaves it out, or it is
// not configured: what would let it be checked) or unknown (it did not answer, and why). The answer's sentence
// about what was not checked is rendered from this record (uncheckedText), never from the facts.
import { enableOf, PartsRecord, type Part as RecordPart } from '../answers/parts.js'
import { notAsked, type TitleParts } from './title-facts.js'
import type { Part } from './title-state.js'

type Row = Record<string, unknown>

/** A source read on each of its instances: how each one answered (absent with a single instance). */
export type SourcePart = Part<Row[]> & { instances?: Array<{ name: string, part: Part<Row[]> }> }

/** "not asked (kind=series)" or "not asked: Jellyfin is not configured: set …": why, and what would let it be checked. */
function skippedWhy (reason: string): { why: string, enable: string } {
  const kind = /^not asked \(kind=(\w+)\)/.exec(reason)
  if (kind) return { why: `the title was asked as kind ${kind[1]}`, enable: 'ask again with kind any' }
  return { why: 'not configured', enable: enableOf(reason.replace(/^not asked:?\s*/, '')) }
}

function addPart (record: PartsRecord, name: string, p: Part<Row[]>): void {
  if (!p.available && notAsked(p)) {
    const { why, enable } = skippedWhy(p.reason)
    record.skipped(name, why, enable)
  } else if (!p.available) record.unknown(name, p.reason)
  else {
    record.checked(name, p.data.length)
    // Answered, but some of it was not read (an unreadable folder): that much is unknown.
    if (p.reason !== undefined) record.unknown(`${name} (partly)`, p.reason)
  }
}

/** The record of a title snapshot, in the order of `names`. */
export function titlePartsRecord (parts: { [K in keyof TitleParts]: SourcePart }, names: Record<keyof TitleParts, string>): RecordPart[] {
  const record = new PartsRecord()
  for (const k of Object.keys(names) as Array<keyof TitleParts>) {
    const p = parts[k]
    if (p.instances && !notAsked(p)) for (const i of p.instances) addPart(record, `${names[k]} "${i.name}"`, i.part)
    else addPart(record, names[k], p)
  }
  return record.parts
}
