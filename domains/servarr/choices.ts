// Quality profile, root folder and tag choices for adding to Sonarr/Radarr. Never guesses: a value that
// is missing while several choices exist, matches nothing, or matches more than one choice is refused
// with the list of choices, so the caller (or the person) picks one.
import { ToolError } from '../../core/errors.js'
import type { QualityProfile, RootFolder, Tag } from '../../clients/servarr/types.js'

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '')
const quoteAll = (xs: string[]) => xs.map(x => `"${x}"`).join(', ')

export interface ProfileChoice { id: number, name: string, matchedBy: 'id' | 'name' | 'partial' | 'only' }

export function chooseProfile (profiles: QualityProfile[], requested: string | undefined, tool: string): ProfileChoice {
  const named = profiles.map(p => ({ id: p.id, name: p.name ?? `#${p.id}` }))
  const all = quoteAll(named.map(p => p.name))
  if (requested === undefined || requested.trim() === '') {
    if (named.length === 1) return { ...named[0], matchedBy: 'only' }
    throw new ToolError(`Choose a quality profile: call ${tool} again with qualityProfile set to one of ${all}.`, { choices: named })
  }
  const r = requested.trim()
  if (/^\d+$/.test(r)) {
    const byId = named.find(p => p.id === Number(r))
    if (byId) return { ...byId, matchedBy: 'id' }
  }
  const exact = named.filter(p => p.name.toLowerCase() === r.toLowerCase())
  if (exact.length === 1) return { ...exact[0], matchedBy: 'name' }
  const partial = named.filter(p => norm(p.name).includes(norm(r)))
  if (partial.length === 1 && norm(r).length > 0) return { ...partial[0], matchedBy: 'partial' }
  if (partial.length > 1) {
    throw new ToolError(`Quality profile "${r}" is ambiguous: it matches ${quoteAll(partial.map(p => p.name))}. Call ${tool} again with qualityProfile set to the exact name.`, { choices: partial })
  }
  throw new ToolError(`No quality profile "${r}". Available: ${all}.`, { choices: named })
}

export function chooseRootFolder (folders: RootFolder[], requested: string | undefined, tool: string): string {
  const paths = folders.map(f => (f.path ?? '').replace(/\/+$/, '')).filter(Boolean)
  const all = quoteAll(paths)
  if (requested === undefined || requested.trim() === '') {
    if (paths.length === 1) return paths[0]
    throw new ToolError(`Choose a root folder: call ${tool} again with rootFolder set to one of ${all}.`, { choices: paths })
  }
  const r = requested.trim().replace(/\/+$/, '')
  if (paths.includes(r)) return r
  const byName = paths.filter(p => p.split('/').pop()!.toLowerCase() === r.toLowerCase())
  if (byName.length === 1) return byName[0]
  throw new ToolError(`Root folder "${r}" is not configured${byName.length > 1 ? ' unambiguously' : ''}. Available: ${all}.`, { choices: paths })
}

export function chooseTags (tags: Tag[], requested: string[] | undefined, tool: string): number[] {
  if (!requested?.length) return []
  const out: number[] = []
  for (const label of requested) {
    const tag = tags.find(t => (t.label ?? '').toLowerCase() === label.trim().toLowerCase())
    if (!tag) throw new ToolError(`No tag "${label}". Existing tags: ${quoteAll(tags.map(t => t.label ?? ''))}. Call ${tool} with those labels, or leave tags out.`)
    out.push(tag.id)
  }
  return [...new Set(out)]
}

/**
 * The quality profile and root folder for a new title, chosen together: when both are missing or wrong,
 * one refusal names both, so the caller fixes them in one round trip.
 */
export function chooseProfileAndFolder (profiles: QualityProfile[], folders: RootFolder[], req: { qualityProfile?: string, rootFolder?: string }, tool: string) {
  const problems: ToolError[] = []
  const attempt = <T> (choose: () => T): T | undefined => {
    try {
      return choose()
    } catch (err) {
      if (!(err instanceof ToolError)) throw err
      problems.push(err)
      return undefined
    }
  }
  const profile = attempt(() => chooseProfile(profiles, req.qualityProfile, tool))
  const rootFolderPath = attempt(() => chooseRootFolder(folders, req.rootFolder, tool))
  if (problems.length === 1) throw problems[0]
  if (problems.length > 1) {
    throw new ToolError(`Two choices are needed, both in the next call. ${problems.map(p => p.message).join(' ')}`,
      { choices: { qualityProfile: problems[0].details?.choices, rootFolder: problems[1].details?.choices } })
  }
  return { profile: profile!, rootFolderPath: rootFolderPath! }
}
