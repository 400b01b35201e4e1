// Info-hashes without trusting anyone: qBittorrent 4.x does not say which hash an added torrent got,
// so the client computes it from the .torrent bytes (SHA-1 of the bencoded `info` dictionary) or the magnet.
import { createHash } from 'node:crypto'
import { BencodeError, dictEntries, readString } from '../../core/bencode.js'
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
  try {
    const info = dictEntries(bytes).entries.find(e => e.key === 'info')
    if (!info) throw notATorrent()
    const infoBytes = bytes.subarray(info.valueStart, info.end)
    const infoKeys = dictEntries(infoBytes).entries
    const v2Only = !infoKeys.some(e => e.key === 'pieces') && infoKeys.some(e => e.key === 'meta version')
    // Pure v2 torrents are identified by the SHA-256 of `info`, truncated to 40 hex characters by qBittorrent.
    const hash = v2Only
      ? createHash('sha256').update(infoBytes).digest('hex').slice(0, 40)
      : createHash('sha1').update(infoBytes).digest('hex')
    const name = infoKeys.find(e => e.key === 'name' && infoBytes[e.valueStart] >= 0x30 && infoBytes[e.valueStart] <= 0x39)
    const nameText = name ? readString(infoBytes, name.valueStart) : undefined
    return { hash, name: nameText ? infoBytes.toString('utf8', nameText.start, nameText.end) : '' }
  } catch (err) {
    if (err instanceof BencodeError) throw notATorrent()
    throw err
  }
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
