// Magnet links: the info-hash must be well formed, and every URL a torrent client would fetch on its own
// (trackers, web seeds, exact and acceptable sources) passes the same checks as a download URL.
import { GuardError } from '../../core/errors.js'
import { refuseUrl } from './refuse.js'

const BTIH = /^urn:btih:([0-9a-f]{40}|[a-z2-7]{32})$/i
const BTMH = /^urn:btmh:1220[0-9a-f]{64}$/i
const MAX_SOURCES = 50

/** Schemes each fetching parameter may use: trackers speak http(s), udp and websocket. */
const SOURCE_SCHEMES: Record<string, readonly string[]> = {
  tr: ['http:', 'https:', 'udp:', 'ws:', 'wss:'],
  ws: ['http:', 'https:'],
  xs: ['http:', 'https:'],
  as: ['http:', 'https:']
}
const SOURCE_NAMES: Record<string, string> = { tr: 'tracker', ws: 'web seed', xs: 'exact source', as: 'acceptable source' }

export type CheckNetworkUrl = (raw: string, label: string, schemes: readonly string[]) => Promise<unknown>

export async function checkMagnet (url: URL, checkNetworkUrl: CheckNetworkUrl): Promise<void> {
  if (url.host !== '' || (url.pathname !== '' && url.pathname !== '/')) {
    refuseUrl('The magnet link is malformed: it must look like magnet:?xt=urn:btih:<hash>&dn=<name>.')
  }
  const params = new URLSearchParams(url.search)
  const topics = params.getAll('xt')
  if (topics.length === 0) refuseUrl('The magnet link has no "xt" (info-hash) parameter.')
  for (const xt of topics) {
    if (!BTIH.test(xt) && !BTMH.test(xt)) {
      refuseUrl('The magnet link\'s "xt" must be urn:btih:<40 hex or 32 base32 characters> or urn:btmh:1220<64 hex>.')
    }
  }
  const sources: Array<[string, string]> = []
  for (const [key, value] of params) {
    // Numbered forms (tr.1, xs.2) are the same parameters.
    const base = key.split('.')[0]
    if (SOURCE_SCHEMES[base]) sources.push([base, value])
  }
  if (sources.length > MAX_SOURCES) refuseUrl(`The magnet link lists ${sources.length} trackers and sources; at most ${MAX_SOURCES} are accepted.`)
  // Check all in parallel, then report the first failure in the link's own order.
  const results = await Promise.allSettled(sources.map(([key, value], i) =>
    checkNetworkUrl(value, `The magnet link's ${SOURCE_NAMES[key]} #${i + 1} (${key}=)`, SOURCE_SCHEMES[key])))
  const failed = results.find(r => r.status === 'rejected')
  if (failed) {
    const reason = (failed as PromiseRejectedResult).reason as unknown
    if (reason instanceof GuardError) refuseUrl(`${reason.message} Remove that parameter from the magnet link or use another link.`)
    throw reason
  }
}
