// Small durability and comparison helpers for the move primitives.
import { createHash } from 'node:crypto'
import { open } from 'node:fs/promises'

/** fsyncs a directory so a rename or unlink in it survives a power loss. Best effort where unsupported. */
export async function fsyncDir (dir: string): Promise<void> {
  let fh
  try {
    fh = await open(dir, 'r')
    await fh.sync()
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code !== 'EINVAL' && code !== 'EISDIR' && code !== 'ENOTSUP' && code !== 'EPERM') throw err
  } finally {
    await fh?.close()
  }
}

const SAMPLE = 1024 * 1024

/** sha256 of the first and last MiB plus the size: a cheap fingerprint that catches truncation and torn tails. */
export async function quickHash (file: string): Promise<string> {
  const fh = await open(file, 'r')
  try {
    const { size } = await fh.stat()
    const hash = createHash('sha256').update(String(size))
    const buf = Buffer.allocUnsafe(Math.min(SAMPLE, size))
    const head = await fh.read(buf, 0, buf.length, 0)
    hash.update(buf.subarray(0, head.bytesRead))
    if (size > SAMPLE) {
      const tail = await fh.read(buf, 0, buf.length, size - buf.length)
      hash.update(buf.subarray(0, tail.bytesRead))
    }
    return hash.digest('hex')
  } finally {
    await fh.close()
  }
}

/** Byte-for-byte comparison; used only on rare recovery paths where certainty matters more than speed. */
export async function sameContent (a: string, b: string): Promise<boolean> {
  const [fa, fb] = [await open(a, 'r'), await open(b, 'r')]
  try {
    const [sa, sb] = [await fa.stat(), await fb.stat()]
    if (sa.size !== sb.size) return false
    const ba = Buffer.allocUnsafe(SAMPLE)
    const bb = Buffer.allocUnsafe(SAMPLE)
    for (let pos = 0; pos < sa.size;) {
      const ra = await fa.read(ba, 0, SAMPLE, pos)
      const rb = await fb.read(bb, 0, SAMPLE, pos)
      if (ra.bytesRead !== rb.bytesRead || ra.bytesRead === 0) return ra.bytesRead === rb.bytesRead && pos >= sa.size
      if (!ba.subarray(0, ra.bytesRead).equals(bb.subarray(0, rb.bytesRead))) return false
      pos += ra.bytesRead
    }
    return true
  } finally {
    await fa.close()
    await fb.close()
  }
}

/** The errno code of an error, if any. */
export function codeOf (err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code
}
