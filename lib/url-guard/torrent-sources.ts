// A fetched .torrent file's own network sources go through the URL guard before its bytes reach a torrent client:
// its trackers (`announce`, `announce-list`), web seeds (`url-list`, BEP 19; `httpseeds`, BEP 17) and DHT nodes
// (`nodes`, BEP 5), the keys libtorrent 2.0.8 reads (src/torrent_info.cpp, parse_torrent_file) and Transmission
// 3.00 reads of them (libtransmission/metainfo.c). What fails is left out of the file, not refused: public
// torrents routinely list trackers that no longer resolve, and the person cannot edit a file as they can a magnet.
// Only those top-level entries are rewritten; `info` is copied byte for byte, so the info-hash stays the same.
import { GuardError } from '../../core/errors.js'
import { dictEntries, decodeValue, encodeValue, type BencodeValue } from '../../core/bencode.js'
import type { CheckEndpoint, CheckNetworkUrl } from './magnet.js'

const TRACKER_SCHEMES = ['http:', 'https:', 'udp:', 'ws:', 'wss:']
const SEED_SCHEMES = ['http:', 'https:']
/** More than this many sources are not checked (each may take a DNS lookup) and are left out. */
export const MAX_FILE_SOURCES = 100

type Kind = 'tracker' | 'web seed' | 'DHT node'
interface Source { kind: Kind, text: string | undefined, ok?: boolean }

export interface GuardedTorrent {
  /** The bytes to hand to the torrent client: the original ones when nothing was left out. */
  torrent: Buffer
  /** One line per source left out, saying which and why. */
  leftOut: string[]
}

/** Text of a byte string when it is valid UTF-8 (what is checked must be what the client reads). */
function textOf (v: BencodeValue | undefined): string | undefined {
  if (!Buffer.isBuffer(v)) return undefined
  const text = v.toString('utf8')
  return Buffer.from(text, 'utf8').equals(v) ? text : undefined
}

const asList = (v: BencodeValue | undefined): BencodeValue[] => Array.isArray(v) ? v : []

/** Reads the sources of each key in the form clients accept; anything else in that key is left out with it. */
function readSources (key: string, v: BencodeValue): Source[][] {
  const url = (x: BencodeValue, kind: Kind): Source => ({ kind, text: textOf(x) })
  switch (key) {
    case 'announce': return [[url(v, 'tracker')]]
    case 'announce-list': return asList(v).map(tier => asList(tier).map(x => url(x, 'tracker')))
    case 'url-list': return [Buffer.isBuffer(v) ? [url(v, 'web seed')] : asList(v).map(x => url(x, 'web seed'))]
    case 'httpseeds': return [asList(v).map(x => url(x, 'web seed'))]
    case 'nodes': return [asList(v).map(node => {
      const [host, port] = asList(node)
      const name = textOf(host)
      const ok = name !== undefined && typeof port === 'number' && asList(node).length === 2
      return { kind: 'DHT node', text: ok ? `${name.includes(':') ? `[${name}]` : name}:${port}` : undefined }
    })]
  }
  return []
}
const KEYS = new Set(['announce', 'announce-list', 'url-list', 'httpseeds', 'nodes'])

/** The value written back for a key: only the sources that passed, in their order (undefined: the key goes). */
function keptValue (key: string, original: BencodeValue, groups: Source[][]): Buffer | undefined {
  const kept = groups.map(g => g.filter(s => s.ok).map(s => s.text!))
  if (key === 'announce' || (key === 'url-list' && Buffer.isBuffer(original))) return kept[0][0] === undefined ? undefined : encodeValue(kept[0][0])
  if (key === 'announce-list') {
    const tiers = kept.filter(tier => tier.length > 0)
    return tiers.length > 0 ? encodeValue(tiers) : undefined
  }
  if (key === 'nodes') {
    const nodes = asList(original).filter((_n, i) => groups[0][i].ok)
    return nodes.length > 0 ? encodeValue(nodes.map(n => asList(n) as Array<Buffer | number>)) : undefined
  }
  return kept[0].length > 0 ? encodeValue(kept[0]) : undefined
}

/**
 * Checks every tracker, web seed and DHT node of a .torrent file (already read as one) and returns the file with
 * those that failed left out, each named with why. Throws only what is not a refusal (a bug).
 */
export async function guardTorrentSources (bytes: Buffer, checkUrl: CheckNetworkUrl, checkEndpoint: CheckEndpoint): Promise<GuardedTorrent> {
  const every = dictEntries(bytes).entries
  const entries = every.filter(e => KEYS.has(e.key))
  const read = entries.map(e => ({ entry: e, value: decodeValue(bytes, e.valueStart) }))
  const groups = read.map(r => readSources(r.entry.key, r.value))
  const all = groups.flat(2)
  const counts: Record<string, number> = {}
  const leftOut: string[] = []
  const checks = all.map((s, i) => {
    const label = `The .torrent file's ${s.kind} #${(counts[s.kind] = (counts[s.kind] ?? 0) + 1)}`
    if (i >= MAX_FILE_SOURCES) return Promise.reject(new GuardError('url', `${label} was not checked: at most ${MAX_FILE_SOURCES} trackers, web seeds and DHT nodes are.`))
    if (s.text === undefined) return Promise.reject(new GuardError('url', `${label} is not ${s.kind === 'DHT node' ? 'a host and a port' : 'a URL in plain text'}, so it cannot be checked.`))
    return s.kind === 'DHT node' ? checkEndpoint(s.text, label) : checkUrl(s.text, label, s.kind === 'tracker' ? TRACKER_SCHEMES : SEED_SCHEMES)
  })
  const results = await Promise.allSettled(checks)
  for (const [i, r] of results.entries()) {
    all[i].ok = r.status === 'fulfilled'
    if (r.status === 'fulfilled') continue
    if (!(r.reason instanceof GuardError)) throw r.reason
    leftOut.push(r.reason.message)
  }
  if (leftOut.length === 0) return { torrent: bytes, leftOut }
  const parts: Buffer[] = [Buffer.from('d')]
  for (const e of every) {
    const at = entries.indexOf(e)
    if (at < 0) { parts.push(bytes.subarray(e.start, e.end)); continue }
    const value = keptValue(e.key, read[at].value, groups[at])
    if (value) parts.push(encodeValue(e.key), value)
  }
  parts.push(Buffer.from('e'))
  return { torrent: Buffer.concat(parts), leftOut }
}
