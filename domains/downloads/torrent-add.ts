// download_add's torrent links: a magnet, or an http(s) link whose path ends in .torrent. A magnet was checked by
// the URL guard as a magnet (a well-formed btih/btmh info-hash; every tracker and source it names must be a
// public address, as the torrent client would contact them). A .torrent link is fetched here through the URL
// guard (each redirect checked again; a redirect to a magnet is checked as a magnet) and only its bytes reach the
// torrent client, which never fetches a URL for us. Each torrent is saved under DOWNLOADS_ROOT/<name>.
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../core/errors.js'
import { MAX_TORRENT_FILE_BYTES, readTorrentFile } from '../../clients/qbittorrent/torrent-file.js'

export const isTorrentLink = (link: string) => {
  if (/^magnet:/i.test(link)) return true
  try { return new URL(link).pathname.toLowerCase().endsWith('.torrent') } catch { return false }
}

type Fetched = { magnet: string } | { torrent: Buffer }

/** Sends every link (all torrent links) to the torrent client; returns the torrents' info-hashes, in order. */
export async function addTorrentLinks (app: FastifyInstance, name: string, links: string[], signal?: AbortSignal): Promise<string[]> {
  const client = app.backends.torrent
  // All fetched and read first: one link that does not lead to a torrent adds nothing.
  const fetched: Fetched[] = []
  for (const [i, link] of links.entries()) {
    const got = await app.urlGuard.fetchGuarded(link, { use: 'torrent', maxBytes: MAX_TORRENT_FILE_BYTES, accept: 'application/x-bittorrent, */*', signal })
    if (got.kind === 'magnet') { fetched.push({ magnet: got.url.href }); continue }
    try {
      readTorrentFile(got.body)
    } catch {
      throw new ToolError(`Link ${i + 1} (${got.url.host}) did not return a .torrent file; check the link. Nothing was added.`)
    }
    fetched.push({ torrent: got.body })
  }
  const savePath = join(app.config.DOWNLOADS_ROOT, name)
  const hashes: string[] = []
  for (const f of fetched) {
    const { hash } = 'magnet' in f ? await client.addMagnet(f.magnet, { savePath }) : await client.addTorrentFile(f.torrent, { savePath })
    hashes.push(hash)
  }
  return hashes
}
