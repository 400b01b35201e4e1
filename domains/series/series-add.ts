// Adding a series to Sonarr, or updating it when it is already there (never a duplicate). Profile, root
// folder and tags are resolved strictly (domains/servarr/choices.ts): ambiguity is refused with the choices.
import { ToolError } from '../../core/errors.js'
import type { SonarrClient } from '../../clients/servarr/client.js'
import type { Series } from '../../clients/servarr/types.js'
import { chooseProfile, chooseProfileAndFolder, chooseRootFolder, chooseTags } from '../servarr/choices.js'

export const MONITOR_CHOICES = ['all', 'future', 'missing', 'existing', 'firstSeason', 'lastSeason', 'pilot', 'recent', 'none'] as const
export type MonitorChoice = typeof MONITOR_CHOICES[number]

export interface AddSeriesRequest {
  tvdbId: number
  qualityProfile?: string
  rootFolder?: string
  monitor?: MonitorChoice
  seriesType?: 'standard' | 'daily' | 'anime'
  seasonFolder?: boolean
  tags?: string[]
  searchForMissing: boolean
}

export interface AddSeriesResult {
  action: 'added' | 'updated'
  seriesId: number
  tvdbId: number
  title: string
  path: string
  qualityProfile: string
  monitored: boolean
  monitor?: string
  seriesType: string
  searchStarted: boolean
  notes: string[]
}

const TOOL = 'series_search'

export async function addOrUpdateSeries (client: SonarrClient, req: AddSeriesRequest): Promise<AddSeriesResult> {
  const [existing, profiles, folders, tags] = await Promise.all([client.seriesByTvdbId(req.tvdbId), client.qualityProfiles(), client.rootFolders(), client.tags()])
  const tagIds = chooseTags(tags, req.tags, TOOL)
  if (existing) return await update(client, existing, req, profiles, folders, tagIds)

  const found = (await client.lookup(`tvdb:${req.tvdbId}`))[0]
  if (!found || found.tvdbId !== req.tvdbId) throw new ToolError(`TVDB id ${req.tvdbId} was not found in the catalogue. Search the catalogue by title (series_search) to find the right tvdbId.`)
  const { profile, rootFolderPath } = chooseProfileAndFolder(profiles, folders, req, TOOL)
  const monitor = req.monitor ?? 'all'
  const added = await client.addSeries({
    title: found.title,
    tvdbId: req.tvdbId,
    year: found.year,
    titleSlug: found.titleSlug,
    images: found.images ?? [],
    seasons: found.seasons ?? [],
    qualityProfileId: profile.id,
    rootFolderPath,
    seriesType: req.seriesType ?? found.seriesType ?? 'standard',
    seasonFolder: req.seasonFolder ?? true,
    monitored: monitor !== 'none',
    tags: tagIds,
    addOptions: { monitor, searchForMissingEpisodes: req.searchForMissing, searchForCutoffUnmetEpisodes: false, ignoreEpisodesWithFiles: false, ignoreEpisodesWithoutFiles: false }
  })
  const notes = profile.matchedBy === 'partial' ? [`Quality profile "${req.qualityProfile}" matched "${profile.name}".`] : []
  return {
    action: 'added',
    seriesId: added.id,
    tvdbId: req.tvdbId,
    title: added.title ?? found.title ?? '',
    path: added.path ?? '',
    qualityProfile: profile.name,
    monitored: added.monitored === true,
    monitor,
    seriesType: added.seriesType ?? 'standard',
    searchStarted: req.searchForMissing,
    notes
  }
}

/** Applies the requested options to a series already in the library. */
async function update (client: SonarrClient, s: Series, req: AddSeriesRequest, profiles: Awaited<ReturnType<SonarrClient['qualityProfiles']>>, folders: Awaited<ReturnType<SonarrClient['rootFolders']>>, tagIds: number[]): Promise<AddSeriesResult> {
  const notes: string[] = []
  const next: Series = { ...s }
  let profileName = profiles.find(p => p.id === s.qualityProfileId)?.name ?? `#${s.qualityProfileId}`
  if (req.qualityProfile !== undefined) {
    const profile = chooseProfile(profiles, req.qualityProfile, TOOL)
    next.qualityProfileId = profile.id
    profileName = profile.name
  }
  if (req.rootFolder !== undefined && chooseRootFolder(folders, req.rootFolder, TOOL) !== (s.rootFolderPath ?? '').replace(/\/+$/, '')) {
    notes.push(`The series stays in ${s.path}; moving it to another root folder is not done here.`)
  }
  if (req.seriesType) next.seriesType = req.seriesType
  if (req.seasonFolder !== undefined) next.seasonFolder = req.seasonFolder
  if (req.tags !== undefined) next.tags = tagIds
  if (req.monitor !== undefined) {
    const seasons = (s.seasons ?? []).map(x => x.seasonNumber).filter(n => n > 0)
    const first = Math.min(...seasons)
    const last = Math.max(...seasons)
    const pick: Partial<Record<string, (n: number) => boolean>> = {
      all: n => n > 0, none: () => false, firstSeason: n => n === first, lastSeason: n => n === last, pilot: n => n === first
    }
    const rule = pick[req.monitor]
    next.monitored = req.monitor !== 'none'
    if (rule) next.seasons = (s.seasons ?? []).map(x => ({ ...x, monitored: rule(x.seasonNumber) }))
    else notes.push(`Monitoring "${req.monitor}" only applies when adding; the series is now monitored and its season flags are unchanged.`)
  }
  const updated = await client.updateSeries(next)
  const wasProfile = profiles.find(p => p.id === s.qualityProfileId)?.name ?? `#${s.qualityProfileId}`
  notes.unshift(changes(s, updated, wasProfile, profileName))
  if (req.searchForMissing) await client.command({ name: 'SeriesSearch', seriesId: s.id })
  return {
    action: 'updated',
    seriesId: updated.id,
    tvdbId: req.tvdbId,
    title: updated.title ?? '',
    path: updated.path ?? '',
    qualityProfile: profileName,
    monitored: updated.monitored === true,
    ...(req.monitor ? { monitor: req.monitor } : {}),
    seriesType: updated.seriesType ?? 'standard',
    searchStarted: req.searchForMissing,
    notes
  }
}

/** What an update changed, from what to what: a lower profile or a dropped monitor is never silent. */
function changes (before: Series, after: Series, wasProfile: string, profile: string): string {
  const yes = (b: boolean | undefined) => (b === true ? 'yes' : 'no')
  const list: string[] = []
  if (wasProfile !== profile) list.push(`quality profile ${wasProfile} → ${profile}`)
  if ((before.monitored === true) !== (after.monitored === true)) list.push(`monitored ${yes(before.monitored)} → ${yes(after.monitored)}`)
  const seasonFlags = (x: Series) => new Map((x.seasons ?? []).map(n => [n.seasonNumber, n.monitored === true]))
  const was = seasonFlags(before)
  const flipped = [...seasonFlags(after)].filter(([n, m]) => was.has(n) && was.get(n) !== m).map(([n, m]) => `${n} ${m ? 'on' : 'off'}`)
  if (flipped.length) list.push(`season monitoring ${flipped.join(', ')}`)
  if ((before.seriesType ?? 'standard') !== (after.seriesType ?? 'standard')) list.push(`series type ${before.seriesType ?? 'standard'} → ${after.seriesType ?? 'standard'}`)
  if ((before.seasonFolder === true) !== (after.seasonFolder === true)) list.push(`season folders ${yes(before.seasonFolder)} → ${yes(after.seasonFolder)}`)
  return list.length ? `Changed: ${list.join('; ')}.` : 'Nothing changed: it already had these settings.'
}
