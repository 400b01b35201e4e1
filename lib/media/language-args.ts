// Turns language arguments into canonical codes, refusing anything not on the allowlist.
import { ToolError } from '../../core/errors.js'
import { canonicalLanguage, knownLanguageCodes } from './languages.js'

export function canonicalLanguages (field: string, codes: string[] | undefined): string[] {
  const out: string[] = []
  for (const code of codes ?? []) {
    const c = canonicalLanguage(code)
    if (!c) throw new ToolError(`${field}: "${code}" is not a known language code. Use ISO 639 codes such as ${knownLanguageCodes().slice(0, 12).join(', ')} (or "und" for untagged).`)
    if (!out.includes(c)) out.push(c)
  }
  return out
}
