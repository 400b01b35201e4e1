// download_add's .nzb links: each is fetched here through the URL guard (the same check as every link, each
// redirect checked again, the address pinned) and its bytes handed to the Usenet client, which then downloads
// the articles from its news server. A link is an .nzb link by its path.
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../core/errors.js'

export const MAX_NZB_BYTES = 20 * 1024 * 1024

export const isNzbLink = (link: string) => {
  try { return new URL(link).pathname.toLowerCase().endsWith('.nzb') } catch { return false }
}

/** Sends every link (all .nzb) to the Usenet client; returns the new items' ids, in order. */
export async function addNzbLinks (app: FastifyInstance, name: string, links: string[], signal?: AbortSignal): Promise<string[]> {
  const usenet = app.backends.usenet
  if (!usenet) throw new ToolError('These are .nzb links, and no Usenet client is configured: set USENET_CLIENT_TYPE (sabnzbd or nzbget) with USENET_CLIENT_URL and its credentials, then restart.')
  // All fetched first: one link that cannot be fetched adds nothing.
  const files: Array<{ fileName: string, body: Buffer }> = []
  for (const [i, link] of links.entries()) {
    const got = await app.urlGuard.fetchGuarded(link, { use: 'direct', maxBytes: MAX_NZB_BYTES, accept: 'application/x-nzb, application/xml, */*', signal })
    if (got.kind !== 'body') throw new ToolError(`Link ${i + 1} did not lead to an NZB file.`)
    if (!/<nzb[\s>]/.test(got.body.subarray(0, 4096).toString('utf8'))) throw new ToolError(`Link ${i + 1} (${got.url.host}) did not return an NZB file (no <nzb> element); check the link.`)
    files.push({ fileName: `${links.length > 1 ? `${name} ${i + 1}` : name}.nzb`, body: got.body })
  }
  const ids: string[] = []
  for (const f of files) ids.push(await usenet.addNzb(f.fileName, f.body))
  return ids
}
