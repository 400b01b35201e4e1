// Setup's library steps when the media server is Plex: check the token, then add the Movies, TV Shows and (when
// MEDIA_ROOT has a music folder) Music sections over MEDIA_ROOT's folders as Plex sees them (PATH_MAP). A section
// already over the folder counts as done, whatever its name. Plex has no "anime" kind: anime stays a TV section's job.
import { existsSync } from 'node:fs'
import { createPlexClient } from '../../clients/plex/client.js'
import { createPathMap } from '../../core/path-map.js'
import { checkPlexToken } from './plex-token.js'
import { sameName, samePath } from './equivalence.js'
import type { RunState, StepResult } from './types.js'
import { LIBRARIES } from './wire-jellyfin.js'
import { mediaPath } from './wire-servarr.js'

type Outcome = Omit<StepResult, 'step'>

export async function plexLibraryStep (state: RunState, which: keyof typeof LIBRARIES): Promise<Outcome> {
  const lib = LIBRARIES[which]
  if (which === 'anime') return { status: 'skipped', message: 'Plex has no anime library kind: add MEDIA_ROOT\'s anime folder to a TV Shows section in Plex, or create one with manage_library.' }
  const ours = mediaPath(state, lib.folder)
  if (which === 'music' && !existsSync(ours)) return { status: 'skipped', message: `${ours} does not exist, so no Music section is added; create it and run setup again.` }
  const check = await checkPlexToken(state.config)
  if (check.error) return { status: check.reachable ? 'failed' : 'skipped', message: check.error }
  const plex = createPlexClient(state.config, { pathMap: createPathMap(state.config.PATH_MAP) })
  try {
    const path = plex.serverPath(ours)
    const existing = await plex.libraries()
    const same = existing.find(l => l.locations.some(p => samePath(p, ours)))
    if (same) return { status: 'already_done', message: `Plex already has ${path} in the section "${same.name}".` }
    const clash = existing.find(l => sameName(l.name, lib.name))
    if (clash) return { status: 'failed', message: `Plex has a section named "${clash.name}" without ${path}; add the folder to it or rename it in Plex, then run setup again.` }
    if (state.request.dryRun) return { status: 'planned', message: `Would add the Plex section "${lib.name}" (${lib.collectionType}) over ${path}.` }
    await plex.createLibrary({ name: lib.name, collectionType: lib.collectionType, paths: [ours] })
    return { status: 'done', message: `Added the Plex section "${lib.name}" (${lib.collectionType}) over ${path}; Plex scans it now.` }
  } finally {
    await plex.close()
  }
}
