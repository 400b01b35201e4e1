// Adding a movie to Radarr, or updating it when it is already there (never a duplicate). Profile, root
// folder and tags are resolved strictly (domains/servarr/choices.ts): ambiguity is refused with the choices.
import { ToolError } from '../../core/errors.js'
import type { RadarrClient } from '../../clients/servarr/client.js'
import { chooseProfile, chooseProfileAndFolder, chooseRootFolder, chooseTags } from '../servarr/choices.js'

export interface AddMovieRequest {
  tmdbId: number
  qualityProfile?: string
  rootFolder?: string
  monitor?: 'movieOnly' | 'movieAndCollection' | 'none'
  minimumAvailability?: 'announced' | 'inCinemas' | 'released'
  tags?: string[]
  searchForMovie: boolean
}

export interface AddMovieResult {
  action: 'added' | 'updated'
  movieId: number
  tmdbId: number
  title: string
  year: number
  path: string
  qualityProfile: string
  monitored: boolean
  minimumAvailability: string
  searchStarted: boolean
  notes: string[]
}

const TOOL = 'movie_search'

export async function addOrUpdateMovie (client: RadarrClient, req: AddMovieRequest): Promise<AddMovieResult> {
  const [existing, profiles, folders, tags] = await Promise.all([client.movieByTmdbId(req.tmdbId), client.qualityProfiles(), client.rootFolders(), client.tags()])
  const tagIds = chooseTags(tags, req.tags, TOOL)
  const notes: string[] = []
  if (existing) {
    const next = { ...existing }
    let profileName = profiles.find(p => p.id === existing.qualityProfileId)?.name ?? `#${existing.qualityProfileId}`
    if (req.qualityProfile !== undefined) {
      const profile = chooseProfile(profiles, req.qualityProfile, TOOL)
      next.qualityProfileId = profile.id
      profileName = profile.name
    }
    if (req.rootFolder !== undefined && chooseRootFolder(folders, req.rootFolder, TOOL) !== (existing.rootFolderPath ?? '').replace(/\/+$/, '')) {
      notes.push(`The movie stays in ${existing.path}; moving it to another root folder is not done here.`)
    }
    if (req.monitor !== undefined) next.monitored = req.monitor !== 'none'
    if (req.minimumAvailability) next.minimumAvailability = req.minimumAvailability
    if (req.tags !== undefined) next.tags = tagIds
    const updated = await client.updateMovie(next)
    if (req.searchForMovie) await client.command({ name: 'MoviesSearch', movieIds: [existing.id] })
    return result('updated', updated, profileName, req, notes)
  }

  const found = await lookupTmdb(client, req.tmdbId)
  const { profile, rootFolderPath } = chooseProfileAndFolder(profiles, folders, req, TOOL)
  if (profile.matchedBy === 'partial') notes.push(`Quality profile "${req.qualityProfile}" matched "${profile.name}".`)
  const monitor = req.monitor ?? 'movieOnly'
  const added = await client.addMovie({
    title: found.title,
    tmdbId: req.tmdbId,
    year: found.year,
    titleSlug: found.titleSlug,
    images: (found.images as unknown[] | undefined) ?? [],
    qualityProfileId: profile.id,
    rootFolderPath,
    monitored: monitor !== 'none',
    minimumAvailability: req.minimumAvailability ?? 'released',
    tags: tagIds,
    addOptions: { monitor, searchForMovie: req.searchForMovie }
  })
  return result('added', added, profile.name, req, notes)
}

async function lookupTmdb (client: RadarrClient, tmdbId: number) {
  const found = (await client.lookup(`tmdb:${tmdbId}`)).find(m => m.tmdbId === tmdbId)
  if (!found) throw new ToolError(`TMDB id ${tmdbId} was not found in the catalogue. Search the catalogue by title (movie_search) to find the right tmdbId.`)
  return found
}

function result (action: 'added' | 'updated', m: Awaited<ReturnType<RadarrClient['addMovie']>>, profile: string, req: AddMovieRequest, notes: string[]): AddMovieResult {
  return {
    action,
    movieId: m.id,
    tmdbId: req.tmdbId,
    title: m.title ?? '',
    year: m.year ?? 0,
    path: m.path ?? '',
    qualityProfile: profile,
    monitored: m.monitored === true,
    minimumAvailability: m.minimumAvailability ?? 'released',
    searchStarted: req.searchForMovie,
    notes
  }
}
