// Reads a JSON array answer element by element as its bytes arrive, handing each parsed element to `each`
// and keeping only what `each` returns. A manager's whole library (20 MB for 6,000 movies) is then never held
// as one string plus one full object tree: at most one element's bytes and the projected rows are alive.
// The scanner only finds element boundaries (depth outside strings); JSON.parse still validates each element
// (what it is handed of it). Given `fields`, the members of an object element named otherwise (a movie's images, ratings, alternate
// titles: most of its 3 KB) are cut out before JSON.parse, so they are never parsed into objects that would
// only be thrown away: the list renewal's CPU time and garbage, not just its result, stay small.
// Strings are skipped with indexOf (native), not byte by byte: most of a list's bytes are inside strings.

export interface ParsedArray<T> {
  items: T[]
  /** Bytes of the whole answer as received. */
  bytes: number
}

export interface ParseOptions {
  /** Top-level member names of object elements to parse; the others are skipped (default: every member). */
  fields?: ReadonlySet<string>
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d

function isSpace (b: number) { return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 }

export async function parseJsonArray<T> (body: AsyncIterable<Uint8Array>, each: (item: unknown) => T, o: ParseOptions = {}): Promise<ParsedArray<T>> {
  const names = o.fields && namesByLength(o.fields)
  const items: T[] = []
  let depth = 0
  let inString = false
  let escaped = false
  let done = false
  let bytes = 0
  /** Kept bytes of the current element from earlier chunks (and from before a skipped member), copied in. */
  let kept = Buffer.allocUnsafe(16 * 1024)
  let keptLength = 0
  const keep = (chunk: Buffer, from: number, to: number) => {
    if (to <= from) return
    if (keptLength + to - from > kept.length) {
      const grown = Buffer.allocUnsafe(Math.max(2 * kept.length, keptLength + to - from))
      kept.copy(grown, 0, 0, keptLength)
      kept = grown
    }
    keptLength += chunk.copy(kept, keptLength, from, to)
  }
  /** Where the current kept piece starts in this chunk (-1: none open here: skipping, or no element open). */
  let start = -1
  let open = false
  // Members of an object element (depth 2), when filtering by `fields`:
  /** The element is an object whose members are filtered. */
  let filtering = false
  /** At depth 2 the next string is a member name. */
  let expectKey = false
  /** Where the current member name starts in this chunk (-1: not in this chunk). */
  let keyStart = -1
  /** The separator before the current member (its ',' or just after '{') in this chunk (-1: an earlier chunk). */
  let separator = -1
  /** A member is being skipped: nothing is kept until its value ends. */
  let skipping = false
  /** A member of this element was kept (a resumed piece then starts with its ','). */
  let keptAny = false

  const finish = (chunk: Buffer, end: number) => {
    if (!open) return
    const from = start < 0 ? 0 : start
    let text: string
    if (keptLength === 0) text = chunk.toString('utf8', from, end)
    else {
      keep(chunk, from, end)
      text = kept.toString('utf8', 0, keptLength)
      keptLength = 0
    }
    open = false
    start = -1
    filtering = false
    items.push(each(JSON.parse(text)))
  }
  const begin = (i: number, object: boolean) => {
    if (open) return
    open = true
    start = i
    filtering = object && names !== undefined
    keptAny = false
    skipping = false
  }
  /** The member whose name ends at `end` (exclusive) in this chunk: kept, or cut out from its separator on. */
  const decide = (chunk: Buffer, end: number) => {
    // A name split across chunks (or whose separator is in an earlier one) is kept: filtering only saves work.
    if (keyStart < 0 || separator < 0 || isNamed(names!, chunk, keyStart + 1, end)) { keptAny = true; return }
    keep(chunk, start < 0 ? 0 : start, separator)
    start = -1
    skipping = true
  }
  /** The skipped member's value ended at i (its ',' or the element's '}'): keeping resumes there. */
  const resume = (i: number, b: number) => {
    skipping = false
    start = b === COMMA && !keptAny ? i + 1 : i
  }

  for await (const piece of body) {
    const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece)
    bytes += chunk.length
    const length = chunk.length
    keyStart = -1
    separator = -1
    // The next backslash and quote at or after the scan position (length: none left in this chunk).
    let nextBackslash = -1
    let nextQuote = -1
    for (let i = 0; i < length; i++) {
      if (inString) {
        if (escaped) { escaped = false; continue }
        if (nextBackslash < i) { const at = chunk.indexOf(BACKSLASH, i); nextBackslash = at < 0 ? length : at }
        if (nextQuote < i) { const at = chunk.indexOf(QUOTE, i); nextQuote = at < 0 ? length : at }
        if (nextBackslash < nextQuote) {
          // An escape before the closing quote: skip it and the character it escapes.
          if (nextBackslash + 1 < length) i = nextBackslash + 1
          else { escaped = true; i = length }
          continue
        }
        i = nextQuote
        if (i === length) continue
        inString = false
        if (filtering && expectKey && depth === 2) { expectKey = false; decide(chunk, i) }
        continue
      }
      const b = chunk[i]
      if (done) {
        if (!isSpace(b)) throw new SyntaxError('Unexpected data after the end of the JSON array')
        continue
      }
      if (depth === 0) {
        if (b === OPEN_BRACKET) depth = 1
        else if (!isSpace(b)) throw new SyntaxError('Expected a JSON array')
        continue
      }
      if (b === QUOTE) {
        if (depth === 1) begin(i, false)
        else if (depth === 2 && expectKey) keyStart = i
        inString = true
      } else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
        if (depth === 1) {
          begin(i, b === OPEN_BRACE)
          expectKey = b === OPEN_BRACE
          separator = i + 1
          keyStart = -1
        }
        depth++
      } else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
        if (depth === 2 && skipping) resume(i, b)
        depth--
        if (depth === 0) { finish(chunk, i); done = true }
      } else if (depth === 1 && b === COMMA) {
        if (!open) throw new SyntaxError('Empty element in the JSON array')
        finish(chunk, i)
      } else if (depth === 2 && b === COMMA && filtering) {
        if (skipping) resume(i, b)
        expectKey = true
        separator = i
        keyStart = -1
      } else if (depth === 1 && !isSpace(b)) begin(i, false)
    }
    if (open && !skipping) { keep(chunk, start < 0 ? 0 : start, length); start = -1 }
  }
  if (!done) throw new SyntaxError(bytes === 0 ? 'Empty answer where a JSON array was expected' : 'The JSON array ended early')
  return { items, bytes }
}

/** The field names as bytes, by length: a member name is looked up without making a string of it. */
function namesByLength (fields: ReadonlySet<string>): Map<number, Buffer[]> {
  const byLength = new Map<number, Buffer[]>()
  for (const field of fields) {
    const bytes = Buffer.from(JSON.stringify(field).slice(1, -1))
    byLength.set(bytes.length, [...byLength.get(bytes.length) ?? [], bytes])
  }
  return byLength
}

/** Whether chunk[from, to) is one of the names, byte for byte; a name written with escapes counts as one (kept). */
function isNamed (names: Map<number, Buffer[]>, chunk: Buffer, from: number, to: number): boolean {
  for (const name of names.get(to - from) ?? []) {
    let i = 0
    while (i < name.length && name[i] === chunk[from + i]) i++
    if (i === name.length) return true
  }
  for (let i = from; i < to; i++) if (chunk[i] === BACKSLASH) return true
  return false
}
