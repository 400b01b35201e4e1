// Job data is kept as plain JSON (it goes to the journal) and messages stay readable in size.
const MAX_MESSAGE_CHARS = 500

export function clip (text: unknown): string {
  const s = String(text)
  return s.length > MAX_MESSAGE_CHARS ? `${s.slice(0, MAX_MESSAGE_CHARS - 1)}…` : s
}

export function toJson (value: unknown, what: string): unknown {
  if (value === undefined) return undefined
  try {
    return JSON.parse(JSON.stringify(value))
  } catch {
    throw new TypeError(`${what} must be JSON-serializable`)
  }
}

/** A result small enough for the job history, or a note in its place; `tooLarge` gives the dropped size to log. */
export function boundResult (result: unknown, maxBytes: number): { value: unknown, tooLarge?: number } {
  if (result === undefined) return { value: undefined }
  const bytes = Buffer.byteLength(JSON.stringify(result))
  if (bytes <= maxBytes) return { value: result }
  return { value: { note: `The result (${bytes} bytes) was too large to keep; the server log has it.` }, tooLarge: bytes }
}
