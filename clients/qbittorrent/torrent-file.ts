// Info-hashes without trusting anyone: qBittorrent 4.x does not say which hash an added torrent got,
// so the client computes it from the .torrent bytes (SHA-1 of the bencoded `info` dictionary) or the magnet.
import { createHash } from 'node:crypto'
import { ToolError } from '../../core/errors.js'

export const MAX_TORRENT_FILE_BYTES = 20 * 1024 * 1024

export interface TorrentFileInfo {
  /** 40 lower-case hex characters, the id qBittorrent uses for this torrent. */
  hash: string
  name: string
}

/** Reads the info-hash and name of a .torrent file; throws ToolError when the bytes are not one. */
export function readTorrentFile (bytes: Buffer): TorrentFileInfo {
  if (bytes.length === 0 || bytes.length > MAX_TORRENT_FILE_BYTES) throw notATorrent()
  if (bytes[0] !== 0x64) throw notATorrent() // 'd': a torrent is a bencoded dictionary
  let pos = 1
  let info: { start: number, end: number } | undefined
  while (pos < bytes.length && bytes[pos] !== 0x65) {
    const key = readString(bytes, pos)
    pos = key.end
    const valueEnd = skipValue(bytes, pos, 0)
    if (key.text === 'info') info = { start: pos, end: valueEnd }
    pos = valueEnd
  }
  if (bytes[pos] !== 0x65 || !info) throw notATorrent()
  const infoBytes = bytes.subarray(info.start, info.end)
  const v2Only = !containsKey(infoBytes, 'pieces') && containsKey(infoBytes, 'meta version')
  // Pure v2 torrents are identified by the SHA-256 of `info`, truncated to 40 hex characters by qBittorrent.
  const hash = v2Only
    ? createHash('sha256').update(infoBytes).digest('hex').slice(0, 40)
    : createHash('sha1').update(infoBytes).digest('hex')
  return { hash, name: readInfoName(infoBytes) }
}

/** The info-hash a magnet link names (btih hex or base32, or btmh), lower-case hex; undefined if none. */
export function magnetHash (magnet: string): string | undefined {
  let params: URLSearchParams
  try {
    params = new URL(magnet).searchParams
  } catch { return undefined }
  for (const xt of params.getAll('xt')) {
    const hex = /^urn:btih:([0-9a-f]{40})$/i.exec(xt)?.[1]
    if (hex) return hex.toLowerCase()
    const b32 = /^urn:btih:([a-z2-7]{32})$/i.exec(xt)?.[1]
    if (b32) return base32ToHex(b32.toUpperCase())
    const multihash = /^urn:btmh:1220([0-9a-f]{64})$/i.exec(xt)?.[1]
    if (multihash) return multihash.slice(0, 40).toLowerCase()
  }
  return undefined
}

function base32ToHex (s: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const c of s) bits += alphabet.indexOf(c).toString(2).padStart(5, '0')
  let hex = ''
  for (let i = 0; i + 4 <= bits.length; i += 4) hex += parseInt(bits.slice(i, i + 4), 2).toString(16)
  return hex
}

function notATorrent () {
  return new ToolError('The data is not a valid .torrent file (expected a bencoded dictionary with an "info" section, at most 20 MiB).')
}

function readString (b: Buffer, pos: number): { text: string, end: number } {
  const colon = b.indexOf(0x3a, pos)
  if (colon < 0 || colon - pos > 10) throw notATorrent()
  const lenText = b.toString('latin1', pos, colon)
  if (!/^\d+$/.test(lenText)) throw notATorrent()
  const end = colon + 1 + Number(lenText)
  if (end > b.length) throw notATorrent()
  return { text: b.toString('utf8', colon + 1, end), end }
}

/** Returns the offset just past the bencoded value starting at `pos`. */
function skipValue (b: Buffer, pos: number, depth: number): number {
  if (depth > 64) throw notATorrent()
  const c = b[pos]
  if (c === 0x69) { // i<digits>e
    const e = b.indexOf(0x65, pos)
    if (e < 0) throw notATorrent()
    return e + 1
  }
  if (c === 0x6c || c === 0x64) { // l...e / d...e
    let p = pos + 1
    while (p < b.length && b[p] !== 0x65) {
      if (c === 0x64) p = readString(b, p).end
      p = skipValue(b, p, depth + 1)
    }
    if (p >= b.length) throw notATorrent()
    return p + 1
  }
  if (c !== undefined && c >= 0x30 && c <= 0x39) return readString(b, pos).end
  throw notATorrent()
}

function containsKey (dict: Buffer, key: string): boolean {
  let p = 1
  while (p < dict.length && dict[p] !== 0x65) {
    const k = readString(dict, p)
    if (k.text === key) return true
    p = skipValue(dict, k.end, 1)
  }
  return false
}

function readInfoName (dict: Buffer): string {
  let p = 1
  while (p < dict.length && dict[p] !== 0x65) {
    const k = readString(dict, p)
    if (k.text === 'name' && dict[k.end] !== undefined && dict[k.end] >= 0x30 && dict[k.end] <= 0x39) return readString(dict, k.end).text
    p = skipValue(dict, k.end, 1)
  }
  return ''
}
