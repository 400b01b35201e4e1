// Magnet links: the info-hash must be well formed, and every URL a torrent client would fetch on its own
// (trackers, web seeds, exact and acceptable sources) passes the same checks as a download URL; every address it
// would connect to (x.pe peers, dht nodes) the same address checks. Parameter names are matched as loosely as the
// clients read them: libtorrent 2.0.8 compares them case-insensitively and drops a numbered suffix
// (src/magnet_uri.cpp, parse_magnet_uri: "tr", "ws", "x.pe", "dht"), Transmission 3.00 takes any "tr.<number>"
// (libtransmission/magnet.c, tr_magnetParse); both read everything after "magnet:?", a "#" included.
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
/** Parameters naming a host:port a client connects to directly. */
const ENDPOINT_NAMES: Record<string, string> = { 'x.pe': 'peer', dht: 'DHT node' }

export type CheckNetworkUrl = (raw: string, label: string, schemes: readonly string[]) => Promise<unknown>
export type CheckEndpoint = (raw: string, label: string) => Promise<unknown>

/** The parameter a key means to any client: lower-case, "x.pe" kept whole, any ".<suffix>" of the others dropped. */
function parameterName (key: string): string {
  const name = key.toLowerCase()
  return name === 'x.pe' || name.startsWith('x.pe.') ? 'x.pe' : name.split('.')[0]
}

export async function checkMagnet (url: URL, checkNetworkUrl: CheckNetworkUrl, checkEndpoint: CheckEndpoint): Promise<void> {
  if (url.host !== '' || (url.pathname !== '' && url.pathname !== '/')) {
    refuseUrl('The magnet link is malformed: it must look like magnet:?xt=urn:btih:<hash>&dn=<name>.')
  }
  // A URL parser ends the query at "#", the torrent clients do not: what follows would go unchecked.
  if (url.href.includes('#')) refuseUrl('The magnet link contains a "#". Send it without the "#" and what follows, or encode it as %23.')
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
    const name = parameterName(key)
    if (SOURCE_SCHEMES[name] || ENDPOINT_NAMES[name]) sources.push([name, value])
  }
  if (sources.length > MAX_SOURCES) refuseUrl(`The magnet link lists ${sources.length} trackers, sources and peers; at most ${MAX_SOURCES} are accepted.`)
  // Check all in parallel, then report the first failure in the link's own order.
  const results = await Promise.allSettled(sources.map(([name, value], i) => ENDPOINT_NAMES[name]
    ? checkEndpoint(value, `The magnet link's ${ENDPOINT_NAMES[name]} #${i + 1} (${name}=)`)
    : checkNetworkUrl(value, `The magnet link's ${SOURCE_NAMES[name]} #${i + 1} (${name}=)`, SOURCE_SCHEMES[name])))
  const failed = results.find(r => r.status === 'rejected')
  if (failed) {
    const reason = (failed as PromiseRejectedResult).reason as unknown
    if (reason instanceof GuardError) refuseUrl(`${reason.message} Remove that parameter from the magnet link or use another link.`)
    throw reason
  }
}
