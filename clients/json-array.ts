// Reads a JSON array answer element by element as its bytes arrive, handing each parsed element to `each`
// and keeping only what `each` returns. A manager's whole library (20 MB for 6,000 movies) is then never held
// as one string plus one full object tree: at most one element's bytes and the projected rows are alive.
// The scanner only finds element boundaries (depth outside strings); JSON.parse still validates each element.

export interface ParsedArray<T> {
  items: T[]
  /** Bytes of the whole answer as received. */
  bytes: number
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d

function isSpace (b: number) { return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 }

export async function parseJsonArray<T> (body: AsyncIterable<Uint8Array>, each: (item: unknown) => T): Promise<ParsedArray<T>> {
  const items: T[] = []
  let depth = 0
  let inString = false
  let escaped = false
  let done = false
  let bytes = 0
  /** Pieces of the current element from earlier chunks. */
  let pending: Buffer[] = []
  /** Where the current element starts in the current chunk (-1: not in this chunk, or no element open). */
  let start = -1
  let open = false

  const finish = (chunk: Buffer, end: number) => {
    if (!open) return
    const tail = chunk.subarray(start < 0 ? 0 : start, end)
    const text = (pending.length ? Buffer.concat([...pending, tail]) : tail).toString('utf8')
    pending = []
    open = false
    start = -1
    items.push(each(JSON.parse(text)))
  }
  const begin = (i: number) => { if (!open) { open = true; start = i } }

  for await (const piece of body) {
    const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece)
    bytes += chunk.length
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]
      if (inString) {
        if (escaped) escaped = false
        else if (b === BACKSLASH) escaped = true
        else if (b === QUOTE) inString = false
        continue
      }
      if (done) {
        if (!isSpace(b)) throw new SyntaxError('Unexpected data after the end of the JSON array')
        continue
      }
      if (depth === 0) {
        if (b === OPEN_BRACKET) depth = 1
        else if (!isSpace(b)) throw new SyntaxError('Expected a JSON array')
        continue
      }
      if (b === QUOTE) { if (depth === 1) begin(i); inString = true } else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
        if (depth === 1) begin(i)
        depth++
      } else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
        depth--
        if (depth === 0) { finish(chunk, i); done = true }
      } else if (depth === 1 && b === COMMA) {
        if (!open) throw new SyntaxError('Empty element in the JSON array')
        finish(chunk, i)
      } else if (depth === 1 && !isSpace(b)) begin(i)
    }
    if (open) { pending.push(chunk.subarray(start < 0 ? 0 : start)); start = -1 }
  }
  if (!done) throw new SyntaxError(bytes === 0 ? 'Empty answer where a JSON array was expected' : 'The JSON array ended early')
  return { items, bytes }
}
