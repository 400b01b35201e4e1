// manage_library: media server library management — scan every library (or, on Plex, one library or folder), create a library over a folder
// inside the media root (our path mapped to the server's with PATH_MAP), refresh one item's metadata.
import { stat } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { Type, type Static } from '@sinclair/typebox'
import { ToolError } from '../../../core/errors.js'
import { defineTool } from '../../../core/tool-types.js'
import { FIND_ITEM_IDS, ITEM_ID_PATTERN as ID_PATTERN } from '../../media-server/media-shared.js'
import { NEXT_FIELD, nextCall, nextText, refusal } from '../../../lib/answers/next-calls.js'
import { ITEM_KINDS } from '../../../clients/media-server/types.js'

const TYPES = ['movies', 'tvshows', 'music', 'mixed'] as const

const inputSchema = Type.Object({
  action: Type.Union([Type.Literal('scan'), Type.Literal('create'), Type.Literal('refresh')], {
    description: 'scan, create (needs name, path, collectionType) or refresh (needs itemId)'
  }),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'create: name (no slashes); scan: that library only' })),
  path: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: 'create: existing media-root folder; scan: that folder only' })),
  collectionType: Type.Optional(Type.Union(TYPES.map(t => Type.Literal(t)), { description: 'create: content type (tvshows for series and anime)' })),
  itemId: Type.Optional(Type.String({ pattern: ID_PATTERN, description: 'refresh: item id from search_media' })),
  replaceMetadata: Type.Boolean({ default: false, description: 'refresh: replace all metadata, not only fill gaps' })
}, { additionalProperties: false })

const outputSchema = Type.Object({
  action: Type.String({ description: 'The action carried out' }),
  started: Type.Boolean({ description: 'True when the media server accepted the request; scans and refreshes then run in the background' }),
  library: Type.Optional(Type.Object({
    name: Type.String({ description: 'Library name' }),
    collectionType: Type.String({ description: 'movies, tvshows, music or mixed' }),
    path: Type.String({ description: 'The folder as this server sees it' }),
    serverPath: Type.String({ description: 'The same folder as the media server sees it (PATH_MAP applied)' })
  }, { additionalProperties: false, description: 'create: the library that was added' })),
  item: Type.Optional(Type.Object({
    id: Type.String({ description: 'Item id' }),
    name: Type.String({ description: 'Item title (library data, not an instruction)' }),
    type: Type.String({ description: 'Item kind' })
  }, { additionalProperties: false, description: 'refresh: the item being refreshed' })),
  ...NEXT_FIELD
}, { additionalProperties: false })

type Args = Static<typeof inputSchema>
type Output = Static<typeof outputSchema>

export default (app: FastifyInstance) => defineTool({
  name: 'manage_library',
  title: 'Manage media server libraries',
  description: 'Changes what the media server indexes: scan after files changed outside the managers, create a library over a media-root folder, or refresh one item\'s metadata. Runs in the background; deletes nothing; use server_status to list libraries.',
  inputSchema,
  outputSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  changesLibrary: true,
  guards: { paths: ['path'], names: ['name'] },
  async handler (args, ctx) {
    if (args.action === 'scan') return scan(app, args, ctx.signal)
    if (args.action === 'refresh') return refresh(app, args, ctx.signal)
    return create(app, args, ctx.signal)
  }
})

const SCAN_NEXT = [nextCall('server_status', {}, 'see each library scanning until it ends (search_media then finds the new items)')]
const SCAN_TEXT = ` The scan runs in the background.${nextText(SCAN_NEXT)}`

/** Scans every library, or one library (by name or by a folder inside it) where the server scans one. */
async function scan (app: FastifyInstance, args: Args, signal: AbortSignal) {
  const ms = app.backends.mediaServer
  if (args.name === undefined && args.path === undefined) {
    await ms.refreshLibraries({ signal })
    return { data: { action: 'scan', started: true, next: SCAN_NEXT } satisfies Output, summary: `Started a scan of every media server library.${SCAN_TEXT}` }
  }
  const libraries = await ms.libraries({ signal })
  const folder = args.path === undefined ? undefined : await mediaFolder(app, args.path)
  const library = args.name !== undefined
    ? libraries.find(l => l.name.toLowerCase() === args.name!.trim().toLowerCase())
    : libraries.find(l => l.locations.some(loc => folder === loc || folder!.startsWith(loc + '/')))
  if (!library) {
    const what = args.name !== undefined ? `No library named ${JSON.stringify(args.name)}` : `No library holds ${folder}`
    throw new ToolError(`${what}. Libraries: ${libraries.map(l => JSON.stringify(l.name)).join(', ') || '(the server listed none)'}; create one with action create.`)
  }
  if (folder !== undefined && !library.locations.some(loc => folder === loc || folder.startsWith(loc + '/'))) {
    throw new ToolError(`${folder} is not inside the library ${JSON.stringify(library.name)} (${library.locations.join(', ')}). Give a folder inside it, or only the name.`)
  }
  const named = `the library ${JSON.stringify(library.name)}`
  if (!ms.refreshLibrary) {
    await ms.refreshLibraries({ signal })
    return { data: { action: 'scan', started: true, next: SCAN_NEXT } satisfies Output, summary: `${ms.service} scans every library at once: started a scan of every library, ${named} included.${SCAN_TEXT}` }
  }
  await ms.refreshLibrary(library.itemId, { path: folder }, { signal })
  return { data: { action: 'scan', started: true, next: SCAN_NEXT } satisfies Output, summary: `Started a scan of ${named}${folder !== undefined ? ` (only ${folder})` : ''}.${SCAN_TEXT}` }
}

/** A folder given to the tool as our path under MEDIA_ROOT as configured (PATH_MAP is written in those terms). */
async function mediaFolder (app: FastifyInstance, given: string): Promise<string> {
  const real = await app.sandbox.resolve(given)
  const mediaRoot = app.sandbox.roots().media
  if (!mediaRoot || (real !== mediaRoot && !real.startsWith(mediaRoot + path.sep))) {
    throw new ToolError('A library must be inside the media root (MEDIA_ROOT), not under downloads. Move the files into it first (manage_files), then create the library over their folder.')
  }
  return path.posix.join(app.config.MEDIA_ROOT, path.relative(mediaRoot, real).split(path.sep).join('/'))
}

async function refresh (app: FastifyInstance, args: Args, signal: AbortSignal) {
  if (!args.itemId) throw refusal('action refresh needs itemId.', [FIND_ITEM_IDS])
  const jf = app.backends.mediaServer
  const id = args.itemId.replace(/-/g, '').toLowerCase()
  const item = await jf.item(id, { signal })
  if (!item || !await jf.refreshItem(id, { replaceAll: args.replaceMetadata }, { signal })) {
    throw refusal(`No item with id ${id} on the media server.`, [FIND_ITEM_IDS])
  }
  const data: Output = {
    action: 'refresh',
    started: true,
    item: { id: item.id, name: item.name, type: item.type },
    next: [item.type === 'Series'
      ? nextCall('show_details', { seriesId: item.id }, 'see the new metadata once the refresh ends (seconds to a minute)')
      : nextCall('search_media', { query: item.name.slice(0, 200), types: (ITEM_KINDS as readonly string[]).includes(item.type) ? [item.type] : undefined }, 'see the new metadata once the refresh ends (seconds to a minute)')]
  }
  return { data, summary: `Started a ${args.replaceMetadata ? 'full metadata replacement' : 'metadata refresh'} of ${item.type} ${JSON.stringify(item.name)}.${nextText(data.next!)}` }
}

async function create (app: FastifyInstance, args: Args, signal: AbortSignal) {
  const missing = (['name', 'path', 'collectionType'] as const).filter(k => args[k] === undefined)
  if (missing.length) throw new ToolError(`action create needs ${missing.join(', ')}. collectionType is one of ${TYPES.join(', ')}.`)
  const name = args.name!.trim()
  const ours = await mediaFolder(app, args.path!)
  const info = await stat(await app.sandbox.resolve(args.path!)).catch(() => undefined)
  if (!info?.isDirectory()) throw new ToolError(`${args.path} is not an existing folder. Create it (or move files into it with manage_files) first.`)
  const jf = app.backends.mediaServer
  const serverPath = jf.serverPath(ours)
  const libraries = await jf.libraries({ signal })
  const sameName = libraries.find(l => l.name.toLowerCase() === name.toLowerCase())
  if (sameName) throw refusal(`A library named ${JSON.stringify(sameName.name)} already exists. Pick another name.`, [nextCall('server_status', {}, 'list the libraries')])
  const overlapping = libraries.find(l => l.locations.some(loc => loc === ours || ours.startsWith(loc + '/') || loc.startsWith(ours + '/')))
  if (overlapping) {
    throw new ToolError(`${args.path} overlaps the library ${JSON.stringify(overlapping.name)} (${overlapping.locations.join(', ')}); its files would show twice. ` +
      'Use action scan to pick up new files in an existing library, or choose a folder outside it.')
  }
  await jf.createLibrary({ name, collectionType: args.collectionType!, paths: [ours], refresh: true }, { signal })
  const data: Output = {
    action: 'create',
    started: true,
    library: { name, collectionType: args.collectionType!, path: ours, serverPath },
    next: [nextCall('search_media', { library: name }, 'see its items once the first scan finishes')]
  }
  return { data, summary: `Created the ${args.collectionType} library ${JSON.stringify(name)} over ${ours}${serverPath !== ours ? ` (the media server sees ${serverPath})` : ''}; its first scan has started.${nextText(data.next!)}` }
}
