// download_add's torrent links: a magnet, or an http(s) link whose path ends in .torrent. A magnet was checked by
// the URL guard as a magnet (a well-formed btih/btmh info-hash; every tracker and source it names must be a
// public address, as the torrent client would contact them; so must every peer and DHT node it names). A .torrent
// link is fetched here through the URL guard (each redirect checked again; a redirect to a magnet is checked as a
// magnet), its own trackers, web seeds and DHT nodes that fail the guard are left out of it, and only those bytes
// reach the torrent client, which never fetches a URL for us. The torrents are saved in a folder of their own that did not
// exist before the call (add-folder.ts), and each is checked after the add to be saved there.
import { relative, resolve } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../core/errors.js'
import { quoted } from '../../core/untrusted-text.js'
import { MAX_TORRENT_FILE_BYTES, readTorrentFile } from '../../clients/qbittorrent/torrent-file.js'
import type { TorrentClient } from '../../clients/torrent/types.js'
import { within } from '../../lib/sandbox/sandbox.js'
import { dropEmptyAddFolder, makeAddFolder, type AddFolder } from './add-folder.js'

export const isTorrentLink = (link: string) => {
  if (/^magnet:/i.test(link)) return true
  try { return new URL(link).pathname.toLowerCase().endsWith('.torrent') } catch { return false }
}

type Fetched = { magnet: string } | { torrent: Buffer }

/**
 * Sends every link (all torrent links) to the torrent client, saved in a new folder of their own; returns the
 * torrents' info-hashes, in order, and that folder.
 */
export async function addTorrentLinks (app: FastifyInstance, name: string, links: string[], signal?: AbortSignal): Promise<{ hashes: string[], folder: AddFolder, leftOut: string[] }> {
  const client = app.backends.torrent
  // All fetched and read first: one link that does not lead to a torrent adds nothing.
  const fetched: Fetched[] = []
  const leftOut: string[] = []
  for (const [i, link] of links.entries()) {
    const got = await app.urlGuard.fetchGuarded(link, { use: 'torrent', maxBytes: MAX_TORRENT_FILE_BYTES, accept: 'application/x-bittorrent, */*', signal })
    if (got.kind === 'magnet') { fetched.push({ magnet: got.url.href }); continue }
    try {
      readTorrentFile(got.body)
    } catch {
      throw new ToolError(`Link ${i + 1} (${got.url.host}) did not return a .torrent file; check the link. Nothing was added.`)
    }
    const guarded = await app.urlGuard.torrentSources(got.body)
    leftOut.push(...guarded.leftOut.map(why => links.length > 1 ? `Link ${i + 1}: ${why}` : why))
    fetched.push({ torrent: guarded.torrent })
  }
  const folder = await makeAddFolder(app.config.DOWNLOADS_ROOT, name)
  const hashes: string[] = []
  try {
    for (const f of fetched) {
      const { hash } = 'magnet' in f ? await client.addMagnet(f.magnet, { savePath: folder.path }) : await client.addTorrentFile(f.torrent, { savePath: folder.path })
      hashes.push(hash)
    }
  } finally {
    if (hashes.length === 0) await dropEmptyAddFolder(folder)
  }
  await checkSavedInside(client, hashes, folder, app.config.DOWNLOADS_ROOT)
  return { hashes, folder, leftOut }
}

/**
 * After the add: each torrent must be saved in the add's folder, its data (once the client knows its files)
 * inside it. A client that put one elsewhere (an automatic management rule, a category's folder) has the
 * torrent removed again, its data kept (nothing was downloaded yet), and the add is refused, saying why.
 */
async function checkSavedInside (client: TorrentClient, hashes: string[], folder: AddFolder, downloadsRoot: string): Promise<void> {
  const listed = await client.list({ hashes })
  const base = resolve(folder.path)
  const astray = listed.filter(t => resolve(t.savePath) !== base || (t.contentPath !== '' && !within(base, resolve(t.contentPath))))
  if (astray.length === 0) return
  await client.remove(astray.map(t => t.hash), { deleteFiles: false })
  // Where it went, in the form tools use: never this server's absolute path.
  const root = resolve(downloadsRoot)
  const shown = (p: string) => within(root, resolve(p)) ? quoted(`downloads/${relative(root, resolve(p))}`) : 'a folder outside the downloads folder'
  throw new ToolError(`${client.service} saved ${astray.map(t => `${quoted(t.name)} in ${shown(t.savePath)}`).join(', ')}, outside the new folder made for this add (${quoted(`downloads/${folder.name}`)}), so ${astray.length === 1 ? 'it was' : 'they were'} removed again, nothing deleted. ` +
    `Turn off automatic torrent management or category folders for these adds in ${client.service}, then add again.`)
}
