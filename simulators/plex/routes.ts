// The Plex simulator's library routes, each as Plex's published API describes it (LukeHagar/plex-api-spec @
// ae9507e plex-api-spec.yaml, line cited per route) and, where it is silent, as python-plexapi calls and reads it
// (pkkid/python-plexapi @ 4.16.1). Rows: simulators/fidelity/plex.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { scanFolders } from '../jellyfin/library-routes.js'
import { cleanName, type SimItem } from '../jellyfin/state.js'
import type { SeedLibrary } from '../fixtures/library.js'
import { pageOf, send } from './render.js'
import type { PlexWorld } from './world.js'

type Query = Record<string, string | string[] | undefined>
const KIND_OF_TYPE: Record<string, SimItem['kind']> = { 1: 'Movie', 2: 'Series', 3: 'Season', 4: 'Episode', 9: 'MusicAlbum' }
const SORT_FIELDS: Record<string, (i: SimItem) => string | number> = {
  titleSort: i => i.sortName, addedAt: i => i.dateCreated, originallyAvailableAt: i => i.premiereDate ?? '', year: i => i.year ?? 0, audienceRating: i => i.communityRating ?? 0
}
const SECTION_COLLECTIONS: Record<string, string> = { movie: 'movies', show: 'tvshows', artist: 'music', photo: 'homevideos' }

export interface PlexRouteOptions {
  /** Whether the request's user sees the item (the owner sees all; a shared user what the share allows, shares.ts). */
  sees: (req: FastifyRequest, item: SimItem) => boolean
  scanMs: number
  timers: Set<NodeJS.Timeout>
  pathExists?: (path: string) => boolean
  fileExists?: (path: string) => boolean
  discover?: () => SeedLibrary
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)

export function registerPlexLibraryRoutes (app: FastifyInstance, world: PlexWorld, opts: PlexRouteOptions) {
  const { state } = world
  const guids = (req: FastifyRequest) => one((req.query as Query).includeGuids) === '1'

  // GET /library/sections (plexapi/library.py : 50-52): every section with its Location folders.
  // A shared user's token lists only the libraries shared with them.
  app.get('/library/sections', async (req, reply) => {
    const shown = state.libraries.flatMap((l, i) => opts.sees(req, state.items.get(l.itemId)!) ? [world.section(i)] : [])
    return send(req, reply, { size: shown.length, title1: 'Plex Library', Directory: shown })
  })

  // POST /library/sections?name&type&agent&language&location=… (plexapi/library.py : 383-388; spec POST
  // /library/sections/all : 1618-1707: name, type, agent and language required, 400 on bad parameters).
  app.post('/library/sections', async (req, reply) => {
    const q = req.query as Query
    const locations = ([] as string[]).concat(q.location ?? [])
    const name = one(q.name)?.trim()
    const collection = SECTION_COLLECTIONS[one(q.type) ?? '']
    if (!name || !collection || !one(q.agent) || !one(q.language) || locations.length === 0) return reply.code(400).type('text/html').send('<html><body><h1>400 Bad Request</h1></body></html>')
    if (locations.some(p => !(opts.pathExists ?? (() => true))(p))) return reply.code(400).type('text/html').send('<html><body><h1>400 Bad Request</h1></body></html>')
    state.addLibrary(name, collection, locations)
    startScan()
    return send(req, reply, { size: 0 })
  })

  // Scans run in the background: the call answers at once and the section's `refreshing` stays set until the
  // scan ends (plexapi/library.py : 840-863 LibrarySection.update "returns at once"; spec : 8932-9003).
  app.get('/library/sections/all/refresh', async (req, reply) => { startScan(); return send(req, reply, { size: 0 }) })
  // A section scan reads that section's folders only, or with path= only that folder inside them
  // (plexapi/library.py : 840-851 LibrarySection.update(path); spec : 8932-9003 `path`).
  const sectionRefresh = async (req: FastifyRequest, reply: FastifyReply) => {
    const section = world.sectionOf((req.params as { sectionId: string }).sectionId)
    if (!section) return reply.code(404).send()
    const folder = one((req.query as Query).path)
    const under = (dir: string, p: string) => p === dir || p.startsWith(dir.replace(/\/+$/, '') + '/')
    startScan(section.itemId, p => !!p && section.locations.some(l => under(l, p)) && (!folder || under(folder, p)))
    return send(req, reply, { size: 0 })
  }
  app.get('/library/sections/:sectionId/refresh', sectionRefresh)
  app.post('/library/sections/:sectionId/refresh', sectionRefresh)

  function startScan (libraryId?: string, within?: (path?: string | null) => boolean) {
    const libs = state.libraries.filter(l => !libraryId || l.itemId === libraryId)
    for (const lib of libs) lib.refreshStatus = 'Active'
    const t = setTimeout(() => {
      opts.timers.delete(t)
      // What a scan finds is the shared world's rule (the same folders, the same files), so it is one function.
      scanFolders(state, opts, within)
      for (const lib of libs) lib.refreshStatus = 'Idle'
      state.countScan()
    }, opts.scanMs)
    opts.timers.add(t)
  }

  /** GET /library/all and /library/sections/{key}/all (spec : 1245, 7878): type, title (substring), sort, paging. */
  function list (req: FastifyRequest, reply: FastifyReply, libraryId?: string) {
    const q = req.query as Query
    const kind = KIND_OF_TYPE[one(q.type) ?? '']
    const title = one(q.title)
    const [field, dir] = (one(q.sort) ?? 'titleSort').split(':')
    const by = SORT_FIELDS[field] ?? SORT_FIELDS.titleSort
    const all = [...state.items.values()]
      .filter(i => i.kind !== 'CollectionFolder' && (!libraryId || i.libraryId === libraryId))
      .filter(i => (kind ? i.kind === kind : i.kind === 'Movie' || i.kind === 'Series' || i.kind === 'MusicAlbum'))
      .filter(i => !title || i.cleanName.includes(cleanName(title)))
      .filter(i => opts.sees(req, i))
      .sort((a, b) => { const x = by(a); const y = by(b); return (x < y ? -1 : x > y ? 1 : 0) * (dir === 'desc' ? -1 : 1) })
    const page = pageOf(req, reply, all)
    return send(req, reply, { ...page.attrs, ...(libraryId ? { librarySectionID: world.sectionKey(libraryId) } : {}), Metadata: page.items.map(i => world.metadata(i, { guids: guids(req), accountId: 1 })) })
  }
  app.get('/library/all', async (req, reply) => list(req, reply))
  app.get('/library/sections/:sectionId/all', async (req, reply) => {
    const lib = world.sectionOf((req.params as { sectionId: string }).sectionId)
    if (!lib || !opts.sees(req, state.items.get(lib.itemId)!)) return reply.code(404).send()
    return list(req, reply, lib.itemId)
  })

  // GET /library/metadata/{ids} (spec : 6224): comma-separated ratingKeys; 404 when none is known.
  app.get('/library/metadata/:ids', async (req, reply) => {
    const found = (req.params as { ids: string }).ids.split(',').flatMap(k => { const i = world.itemOf(k); return i && opts.sees(req, i) ? [i] : [] })
    if (!found.length) return reply.code(404).send()
    return send(req, reply, { size: found.length, Metadata: found.map(i => world.metadata(i, { guids: guids(req), accountId: 1 })) })
  })

  // GET /library/metadata/{key}/children: a show's seasons, a season's episodes, paged (plexapi/video.py : 652-654 Show.seasons, 836-839 Season.episodes).
  app.get('/library/metadata/:ids/children', async (req, reply) => {
    const parent = world.itemOf((req.params as { ids: string }).ids)
    if (!parent || !opts.sees(req, parent)) return reply.code(404).send()
    const kids = [...state.items.values()].filter(i => i.parentId === parent.id).sort((a, b) => (a.indexNumber ?? 0) - (b.indexNumber ?? 0))
    const page = pageOf(req, reply, kids)
    return send(req, reply, { ...page.attrs, key: String(world.keyOf(parent.id)), Metadata: page.items.map(i => world.metadata(i, { accountId: 1 })) })
  })

  // PUT /library/metadata/{ids}/refresh (spec : 7085; plexapi/base.py : 708-709): queued, answered at once.
  app.put('/library/metadata/:ids/refresh', async (req, reply) => {
    const item = world.itemOf((req.params as { ids: string }).ids)
    if (!item) return reply.code(404).send()
    item.refreshCount++
    return reply.code(200).send()
  })
}
