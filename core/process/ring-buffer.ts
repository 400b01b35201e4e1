// A byte-bounded text buffer that keeps only the most recent output (a child's stderr tail, for errors).

export class RingBuffer {
  private chunks: Buffer[] = []
  private size = 0

  constructor (readonly limitBytes = 64 * 1024) {}

  push (chunk: Buffer | string) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    this.chunks.push(buf)
    this.size += buf.length
    while (this.size > this.limitBytes) {
      const first = this.chunks[0]
      const excess = this.size - this.limitBytes
      if (first.length <= excess) {
        this.chunks.shift()
        this.size -= first.length
      } else {
        this.chunks[0] = first.subarray(excess)
        this.size -= excess
      }
    }
  }

  /** The kept tail as text (a multi-byte character cut at the start shows as U+FFFD). */
  text (): string {
    return Buffer.concat(this.chunks).toString('utf8')
  }

  /** The last `n` non-empty lines. */
  lastLines (n: number): string[] {
    return this.text().split(/\r?\n|\r/).map(l => l.trim()).filter(l => l.length > 0).slice(-n)
  }
}

/** Splits a byte stream into lines (\n, \r\n, or a bare \r as progress bars print), calling `onLine` for each. */
export function lineSplitter (onLine: (line: string) => void, maxLineBytes = 16 * 1024) {
  let pending = ''
  return {
    push (chunk: Buffer | string) {
      pending += chunk.toString()
      const parts = pending.split(/\r\n|\n|\r/)
      pending = parts.pop() ?? ''
      if (pending.length > maxLineBytes) pending = pending.slice(-maxLineBytes)
      for (const line of parts) if (line.length > 0) onLine(line)
    },
    flush () {
      if (pending.length > 0) onLine(pending)
      pending = ''
    }
  }
}
