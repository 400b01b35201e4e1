// Step 2c: the media server's libraries over /data/movies, /data/tv, /data/anime and /data/music (as the
// media server sees them: the setup client applies PATH_MAP). A library already covering the folder counts as done, whatever
// its name; a library with our name over another folder is a conflict left to the operator.
import { keyFor, missingKey, type RunCalls } from './calls.js'
import { sameName, samePath } from './equivalence.js'
import type { RunState, StepResult } from './types.js'
import { mediaPath } from './wire-servarr.js'

type Outcome = Omit<StepResult, 'step'>

export const LIBRARIES = {
  movies: { name: 'Movies', collectionType: 'movies', folder: 'movies' },
  tv: { name: 'TV Shows', collectionType: 'tvshows', folder: 'tv' },
  anime: { name: 'Anime', collectionType: 'tvshows', folder: 'anime' },
  music: { name: 'Music', collectionType: 'music', folder: 'music' }
} as const

export async function libraryStep (state: RunState, calls: RunCalls, which: keyof typeof LIBRARIES): Promise<Outcome> {
  const lib = LIBRARIES[which]
  // The stored or configured key, else the one-off admin token of this run.
  const token = keyFor(state, 'jellyfin') || state.request.jellyfinAdmin?.token || ''
  if (!token) return { status: 'skipped', message: missingKey(state, 'jellyfin') }
  const ours = mediaPath(state, lib.folder)
  const jellyfin = calls.jellyfin()
  const path = jellyfin.serverPath(ours)
  const existing = await jellyfin.libraries(token)
  const same = existing.find(l => l.locations.some(p => samePath(p, ours)))
  if (same) return { status: 'already_done', message: `Jellyfin already has ${path} in the library "${same.name}".` }
  const clash = existing.find(l => sameName(l.name, lib.name))
  if (clash) return { status: 'failed', message: `Jellyfin has a library named "${clash.name}" without ${path}; add the folder to it or rename it in Jellyfin (Dashboard → Libraries), then run setup again.` }
  if (state.request.dryRun) return { status: 'planned', message: `Would add the Jellyfin library "${lib.name}" (${lib.collectionType}) over ${path}.` }
  await jellyfin.addLibrary(token, { name: lib.name, collectionType: lib.collectionType, path: ours })
  return { status: 'done', message: `Added the Jellyfin library "${lib.name}" (${lib.collectionType}) over ${path}; a scan has started.` }
}
