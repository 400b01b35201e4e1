// Plans the standard layout of a show's episodes: "<Show>/Season 01/<Show> - S01E02.ext", with subtitle
// sidecars following their episode ("<Show> - S01E02.en.forced.srt"). Planning reads only; every collision
// (two files wanting one name, or a name already taken on disk) is found here, before anything is renamed,
// so the rename runs all or nothing.
import { basename, dirname, join } from 'node:path'
import { isOurTempName } from '../fs/temp-names.js'
import { isKnownLanguage } from '../media/languages.js'
import { cleanShowName, episodeTag, parseEpisodeName, parseSeasonFolder, seasonFolderName } from './episode-name.js'
import { extensionOf, fileKind } from './media-kinds.js'
import { walk } from './walk.js'

export interface PlannedRename { from: string, to: string, season: number, tag: string }
export interface RenameCollision { target: string, sources: string[], reason: string }

export interface RenamePlan {
  showDir: string
  showName: string
  renames: PlannedRename[]
  /** Already at their standard name. */
  unchanged: string[]
  /** Video or subtitle files whose name has no recognisable season/episode marker. */
  unmatched: string[]
  collisions: RenameCollision[]
}

const SIDECAR_FLAG = /^(?:forced|sdh|cc|default|foreign)$/i

/** A trailing name segment that labels a subtitle: a known language code ("en", "eng", "pt-BR") or a flag. */
function isSidecarTag (part: string): boolean {
  return SIDECAR_FLAG.test(part) || isKnownLanguage(part.split('-')[0])
}

/** `dir` may be a show folder or one of its season folders. */
export function showDirOf (dir: string): string {
  return parseSeasonFolder(basename(dir)) !== undefined ? dirname(dir) : dir
}

export async function planEpisodeRenames (dir: string, opts: { showName?: string, signal?: AbortSignal } = {}): Promise<RenamePlan> {
  const showDir = showDirOf(dir)
  const showName = opts.showName ?? cleanShowName(basename(showDir).replace(/[._]/g, ' ')) ?? basename(showDir)
  const plan: RenamePlan = { showDir, showName, renames: [], unchanged: [], unmatched: [], collisions: [] }
  const existing = new Set<string>()
  const candidates: Array<{ path: string, depth: number }> = []
  await walk(showDir, e => {
    if (e.name.startsWith('.') || isOurTempName(e.name)) return 'skip'
    existing.add(e.path)
    if (e.kind === 'file') candidates.push({ path: e.path, depth: e.depth })
  }, { maxDepth: 3, noStat: true, signal: opts.signal })

  for (const { path } of candidates) {
    const name = basename(path)
    const kind = fileKind(name)
    if (kind !== 'video' && kind !== 'subtitle') continue
    if (isSample(path)) continue
    const info = parseEpisodeName(name) ?? parseWithSeasonFolder(path)
    if (!info) {
      plan.unmatched.push(path)
      continue
    }
    const tag = episodeTag(info)
    const suffix = kind === 'subtitle' ? sidecarSuffix(name) : ''
    const target = join(showDir, seasonFolderName(info.season), `${showName} - ${tag}${suffix}.${extensionOf(name)}`)
    if (target === path) plan.unchanged.push(path)
    else plan.renames.push({ from: path, to: target, season: info.season, tag })
  }
  findCollisions(plan, existing)
  plan.renames.sort((a, b) => (a.to < b.to ? -1 : 1))
  return plan
}

/** Release samples: "sample.mkv", "show.s01e01-sample.mkv", or anything in a "Sample" folder. */
function isSample (path: string): boolean {
  const stem = basename(path).replace(/\.[^.]+$/, '')
  return /(^|[-._ ])sample$/i.test(stem) || /^sample-/i.test(stem) || /^samples?$/i.test(basename(dirname(path)))
}

/** "E05.mkv" or "05 - Title.mkv" inside "Season 02": season from the folder, episode from the name. */
function parseWithSeasonFolder (path: string) {
  const season = parseSeasonFolder(basename(dirname(path)))
  if (season === undefined) return undefined
  const m = /^(?:e|ep|episode)?[ ._-]?(\d{1,3})(?![0-9])/i.exec(basename(path))
  return m ? { season, episode: Number(m[1]), lastEpisode: Number(m[1]) } : undefined
}

/** ".en.forced" from "Show.S01E02.en.forced.srt": trailing language/flag segments, kept as they were. */
function sidecarSuffix (name: string): string {
  const parts = name.split('.').slice(1, -1)
  const kept: string[] = []
  for (let i = parts.length - 1; i >= 0 && isSidecarTag(parts[i]) && kept.length < 3; i--) kept.unshift(parts[i])
  return kept.length > 0 ? `.${kept.join('.')}` : ''
}

function findCollisions (plan: RenamePlan, existing: Set<string>) {
  const byTarget = new Map<string, string[]>()
  for (const r of plan.renames) byTarget.set(r.to, [...(byTarget.get(r.to) ?? []), r.from])
  for (const u of plan.unchanged) if (byTarget.has(u)) byTarget.get(u)!.push(u)
  const moving = new Set(plan.renames.map(r => r.from))
  // Libraries on SMB shares or case-insensitive disks treat "S01E02" and "s01e02" as one name.
  const lower = new Map([...existing].map(p => [p.toLowerCase(), p]))
  for (const [target, sources] of byTarget) {
    const clash = existing.has(target) ? target : lower.get(target.toLowerCase())
    if (sources.length > 1) {
      plan.collisions.push({ target, sources, reason: `${sources.length} files would get the same name` })
    } else if (clash !== undefined && !sources.includes(clash)) {
      // Even a file that is itself about to be renamed away counts: chains and swaps are refused, not ordered.
      plan.collisions.push({ target, sources, reason: moving.has(clash) ? 'the name belongs to another file that is also being renamed' : 'a file with that name already exists' })
    }
  }
}
