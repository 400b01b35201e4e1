// The Plex calls that change the library: scans of every section, of one section or folder, of one item, and a
// new section (manage_library, the imports' rescans, setup). Sources as in client.ts: LukeHagar/plex-api-spec
// @ ae9507e (spec), pkkid/python-plexapi @ 4.16.1 (plexapi/).
import { BackendError } from '../../core/errors.js'
import type { HttpBackend, HttpCall } from '../http.js'
import type { CallOptions, CollectionType } from '../media-server/types.js'
import { NEW_SECTION, PLEX_ID, SERVICE, type RawContainer } from './wire.js'

/** What the writes need of the client: its calls, its key check and PATH_MAP toward the server. */
export interface PlexWriteCore {
  api: (c: HttpCall, o?: CallOptions) => Promise<RawContainer>
  http: Pick<HttpBackend, 'call'>
  requireKey: () => void
  toBackend: (ourPath: string) => string
}

export function createPlexLibraryWrites ({ api, http, requireKey, toBackend }: PlexWriteCore) {
  /** Every section: GET /library/sections/all/refresh (plexapi/library.py : 203-205); the scan runs in the background. */
  async function refreshLibraries (o?: CallOptions): Promise<void> {
    await api({ path: '/library/sections/all/refresh', as: 'none' }, o)
  }

  /**
   * One section: GET /library/sections/{key}/refresh, with path= for one folder of it (the server's path, PATH_MAP
   * applied): plexapi/library.py : 840-851 LibrarySection.update(path); spec : 8932-9003. Runs in the background.
   */
  async function refreshLibrary (libraryId: string, q: { path?: string } = {}, o?: CallOptions): Promise<void> {
    if (!PLEX_ID.test(libraryId)) throw new BackendError(SERVICE, `Plex has no library section ${JSON.stringify(libraryId.slice(0, 40))}.`, undefined, 'rejected')
    await api({ path: `/library/sections/${libraryId}/refresh`, query: q.path ? { path: toBackend(q.path) } : {}, as: 'none' }, o)
  }

  /** PUT /library/metadata/{ids}/refresh (spec : 7085; plexapi/base.py : 708-709); false when the id is unknown. */
  async function refreshItem (id: string, q: { replaceAll?: boolean } = {}, o?: CallOptions): Promise<boolean> {
    if (!PLEX_ID.test(id)) return false
    requireKey()
    const res = await http.call({ method: 'PUT', path: `/library/metadata/${id}/refresh`, query: q.replaceAll ? { force: 1 } : {}, allowStatus: [404], as: 'none', signal: o?.signal })
    return res.status < 300
  }

  /**
   * POST /library/sections?name&type&agent&scanner&language&location=… (plexapi/library.py : 383-388; the spec's
   * POST /library/sections/all, : 1618-1700). Plex sections hold movies, shows, music or photos.
   */
  async function createLibrary (q: { name: string, collectionType: CollectionType, paths: string[], refresh?: boolean }, o?: CallOptions): Promise<void> {
    const kind = NEW_SECTION[q.collectionType]
    if (!kind) throw new BackendError(SERVICE, `Plex has no "${q.collectionType}" library: use movies, tvshows or music (other kinds are added in Plex's own settings).`, undefined, 'rejected')
    const query: Record<string, string | string[]> = { name: q.name, type: kind.type, agent: kind.agent, scanner: kind.scanner, language: 'en-US', location: q.paths.map(toBackend) }
    await api({ method: 'POST', path: '/library/sections', query, as: 'none' }, o)
  }

  return { refreshLibraries, refreshLibrary, refreshItem, createLibrary }
}
