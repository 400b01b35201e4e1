// Bencode (BEP 3), only what this server needs of a .torrent file: walking a dictionary entry by entry without
// decoding what it does not read (so the bytes of `info`, and with them the info-hash, are never rewritten),
// decoding one value, and encoding the strings, integers and lists written back. Depth and lengths are bounded.

export class BencodeError extends Error {}

/** A decoded value: byte strings stay bytes (names and URLs in a torrent need not be UTF-8). */
export type BencodeValue = Buffer | number | BencodeValue[] | BencodeDict
export interface BencodeDict { [key: string]: BencodeValue }

/** One entry of a dictionary: its key and where the key and value lie in the buffer. */
export interface DictEntry { key: string, start: number, valueStart: number, end: number }

const MAX_DEPTH = 64

function fail (): never {
  throw new BencodeError('not bencoded data')
}

/** The byte string starting at `pos` (`<length>:<bytes>`): where its bytes lie and the offset past it. */
export function readString (b: Buffer, pos: number): { start: number, end: number } {
  const colon = b.indexOf(0x3a, pos)
  if (colon < 0 || colon - pos > 10) fail()
  const lenText = b.toString('latin1', pos, colon)
  if (!/^\d+$/.test(lenText)) fail()
  const end = colon + 1 + Number(lenText)
  if (end > b.length) fail()
  return { start: colon + 1, end }
}

/** Returns the offset just past the bencoded value starting at `pos`. */
export function skipValue (b: Buffer, pos: number, depth = 0): number {
  if (depth > MAX_DEPTH) fail()
  const c = b[pos]
  if (c === 0x69) { // i<digits>e
    const e = b.indexOf(0x65, pos)
    if (e < 0) fail()
    return e + 1
  }
  if (c === 0x6c || c === 0x64) { // l...e / d...e
    let p = pos + 1
    while (p < b.length && b[p] !== 0x65) {
      if (c === 0x64) p = readString(b, p).end
      p = skipValue(b, p, depth + 1)
    }
    if (p >= b.length) fail()
    return p + 1
  }
  if (c !== undefined && c >= 0x30 && c <= 0x39) return readString(b, pos).end
  fail()
}

/** The entries of the dictionary starting at `pos`, in their order, and the offset past its closing `e`. */
export function dictEntries (b: Buffer, pos = 0): { entries: DictEntry[], end: number } {
  if (b[pos] !== 0x64) fail()
  const entries: DictEntry[] = []
  let p = pos + 1
  while (p < b.length && b[p] !== 0x65) {
    const key = readString(b, p)
    const end = skipValue(b, key.end, 1)
    entries.push({ key: b.toString('utf8', key.start, key.end), start: p, valueStart: key.end, end })
    p = end
  }
  if (b[p] !== 0x65) fail()
  return { entries, end: p + 1 }
}

/** Decodes the value starting at `pos`. */
export function decodeValue (b: Buffer, pos: number, depth = 0): BencodeValue {
  if (depth > MAX_DEPTH) fail()
  const c = b[pos]
  if (c === 0x69) {
    const text = b.toString('latin1', pos + 1, skipValue(b, pos) - 1)
    if (!/^-?\d{1,15}$/.test(text)) fail()
    return Number(text)
  }
  if (c === 0x6c) {
    const list: BencodeValue[] = []
    let p = pos + 1
    while (p < b.length && b[p] !== 0x65) {
      list.push(decodeValue(b, p, depth + 1))
      p = skipValue(b, p, depth + 1)
    }
    return list
  }
  if (c === 0x64) {
    const dict: BencodeDict = {}
    for (const e of dictEntries(b, pos).entries) dict[e.key] = decodeValue(b, e.valueStart, depth + 1)
    return dict
  }
  const s = readString(b, pos)
  return b.subarray(s.start, s.end)
}

/** Encodes a string, an integer or a list of them (dictionaries are copied byte for byte, never re-encoded). */
export function encodeValue (v: Buffer | string | number | ReadonlyArray<Buffer | string | number | unknown[]>): Buffer {
  if (typeof v === 'number') return Buffer.from(`i${Math.trunc(v)}e`, 'latin1')
  if (typeof v === 'string' || Buffer.isBuffer(v)) {
    const bytes = Buffer.isBuffer(v) ? v : Buffer.from(v, 'utf8')
    return Buffer.concat([Buffer.from(`${bytes.length}:`, 'latin1'), bytes])
  }
  return Buffer.concat([Buffer.from('l'), ...v.map(x => encodeValue(x as Parameters<typeof encodeValue>[0])), Buffer.from('e')])
}
