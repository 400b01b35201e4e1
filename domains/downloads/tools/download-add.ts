// download_add: queue a package of direct links in the direct-download manager (pyLoad), .nzb links in the
// Usenet client (domains/downloads/usenet-add.ts), or magnets and .torrent links in the torrent client
// (domains/downloads/torrent-add.ts).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { defineTool } from '../../../core/tool-types.js'
import { ToolError } from '../../../core/errors.js'
import { refuseWhenDownloadsDiskLow } from '../download-shared.js'
import { addNzbLinks, isNzbLink } from '../usenet-add.js'
import { addTorrentLinks, isTorrentLink } from '../torrent-add.js'
import { addedDownloads, whoAsked } from '../added-record.js'
import { dropEmptyAddFolder, makeAddFolder, refuseTopFolderName, renamedNote, type AddFolder } from '../add-folder.js'
import { diskFolder } from '../../../clients/pyload/client.js'
import { within } from '../../../lib/sandbox/sandbox.js'
import { NEXT_FIELD, nextText } from '../../../lib/answers/next-calls.js'
import { watchQueue } from '../../../lib/answers/common-calls.js'

const input = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200, description: 'Package/folder name (no "/")' }),
  links: Type.Array(Type.String({ minLength: 8, maxLength: 8192, description: 'http(s) or magnet link' }), { minItems: 1, maxItems: 50, description: 'Links of one kind' }),
  destination: Type.Union([Type.Literal('queue'), Type.Literal('collector')], { default: 'queue', description: 'queue (start) or collector (keep for later)' })
}, { additionalProperties: false })

const output = Type.Object({
  packageId: Type.Optional(Type.Integer({ description: 'Package id in the direct-download manager (for download_status)' })),
  usenetIds: Type.Optional(Type.Array(Type.String(), { description: '.nzb links: the Usenet client\'s ids (download_status)' })),
  hashes: Type.Optional(Type.Array(Type.String(), { description: 'Torrents: their info-hashes (download_status)' })),
  name: Type.String({ description: 'Package name' }),
  links: Type.Integer({ minimum: 1, description: 'How many links were added' }),
  destination: Type.String({ description: 'queue or collector' }),
  folder: Type.Optional(Type.String({ description: 'Its new folder' })),
  ...NEXT_FIELD
}, { additionalProperties: false })

/**
 * The package's own new folder in pyLoad's storage folder, when this server sees that folder (inside the roots);
 * undefined when it cannot (the key may not read settings): then only top-folder names are refused.
 */
async function packageFolder (app: FastifyInstance, name: string): Promise<AddFolder | undefined> {
  refuseTopFolderName(name)
  const storage = await app.backends.pyload.storageFolder().catch(() => undefined)
  const { downloads, media } = app.sandbox.roots()
  if (!storage || ![downloads, media].some(root => root !== undefined && within(root, storage))) return undefined
  return await makeAddFolder(storage, diskFolder(name))
}

/** What was left out of a fetched .torrent file (torrent-sources.ts): the first reasons, then how many more. */
function leftOutNote (leftOut: string[]): string {
  if (leftOut.length === 0) return ''
  const more = leftOut.length > 3 ? ` And ${leftOut.length - 3} more.` : ''
  return ` Left out of the .torrent file, so the torrent client never contacts ${leftOut.length === 1 ? 'it' : 'them'}: ${leftOut.slice(0, 3).join(' ')}${more}`
}

export default (app: FastifyInstance) => defineTool({
  name: 'download_add',
  title: 'Add links to the direct-download manager',
  // The Usenet client is named only when one is configured (issue 39: nothing of an unconfigured backend is listed).
  description: `Queues direct links as one package in the direct-download manager; ${app.backends.usenet ? '.nzb links go to the Usenet client, ' : ''}magnets/.torrent links to the torrent client. One refused link adds nothing. Writes only to a new folder ("<name> (2)" if taken). One file or video page: download_direct. Then download_status.`,
  inputSchema: input,
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  // 'torrent' lets magnets through the guard (checked as magnets); the handler sends them only to the torrent client.
  guards: { names: ['name'], urls: { links: 'torrent' } },
  async handler (args, ctx) {
    await refuseWhenDownloadsDiskLow(app)
    const kindOf = (link: string) => isNzbLink(link) ? '.nzb links (Usenet)' : isTorrentLink(link) ? 'magnets or .torrent links (torrent client)' : 'direct links'
    const kinds = [...new Set(args.links.map(kindOf))]
    if (kinds.length > 1) throw new ToolError(`The links mix ${kinds.join(' and ')}: send each kind in separate calls.`)
    const nzb = args.links.filter(isNzbLink).length
    const torrents = args.links.filter(isTorrentLink).length
    // Who asked, so a download that gets stuck is told to them (domains/downloads/added-stuck.ts). The download
    // is already added when this fails: it is logged, and the notice then goes to the owner.
    const remember = async (keys: string[]) => await addedDownloads(app.config.STATE_DIR)
      .add(keys, { by: whoAsked(ctx.principal), name: args.name, at: new Date().toISOString() })
      .catch(err => app.log.warn({ err: (err as Error).message }, 'download_add: who asked could not be recorded'))
    if (torrents > 0) {
      const { hashes, folder, leftOut } = await addTorrentLinks(app, args.name, args.links, ctx.signal)
      await remember(hashes.map(h => `torrent:${h.toLowerCase()}`))
      return {
        data: { hashes, name: args.name, links: torrents, destination: 'queue', folder: `downloads/${folder.name}`, next: [watchQueue()] },
        summary: `Sent ${torrents} torrent${torrents === 1 ? '' : 's'} "${args.name}" to ${app.backends.torrent.service} (hash ${hashes.join(', ')}), saved in the new folder "downloads/${folder.name}".${renamedNote(args.name, folder)}${leftOutNote(leftOut)}${nextText([watchQueue()])}`
      }
    }
    if (nzb > 0) {
      const usenetIds = await addNzbLinks(app, args.name, args.links, ctx.signal)
      await remember(usenetIds.map(id => `usenet:${id}`))
      return {
        data: { usenetIds, name: args.name, links: nzb, destination: 'queue', next: [watchQueue()] },
        summary: `Sent ${nzb} NZB${nzb === 1 ? '' : 's'} "${args.name}" to ${app.backends.usenet!.service} (id ${usenetIds.join(', ')}).${nextText([watchQueue()])}`
      }
    }
    // pyLoad saves a package in <storage folder>/<package name>: a new folder too when this server sees that folder.
    const folder = await packageFolder(app, args.name)
    const packageId = await app.backends.pyload.addPackage(folder?.name ?? args.name, args.links, args.destination)
      .catch(async err => { if (folder) await dropEmptyAddFolder(folder); throw err })
    return {
      data: { packageId, name: folder?.name ?? args.name, links: args.links.length, destination: args.destination, ...(folder ? { folder: folder.name } : {}) },
      summary: `Added package "${folder?.name ?? args.name}" (id ${packageId}) with ${args.links.length} link${args.links.length === 1 ? '' : 's'} to the ${args.destination === 'queue' ? 'download queue' : 'link collector'}.${folder ? renamedNote(args.name, folder) : ''}`
    }
  }
})
