// The one atomic writer of the server's state files: a crash leaves the old or the new content, never a torn
// one (temp file, fsync, rename, directory fsync), and never a temp file behind. A write that fails removes its
// temp file; temp files a crashed run left beside the same file (`<name>.tmp-<pid>-…`, another process's, over a
// minute old) are removed at this process's first write of it. The folder is created private (0700), the file
// private (0600).
import { randomBytes } from 'node:crypto'
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { fsyncDir } from './durable.js'

/** A temp file this old, of another process, is a crashed run's (a live write takes milliseconds). */
const STALE_MS = 60_000
const swept = new Set<string>()

export const tempNameOf = (file: string) => `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`

async function sweepStale (file: string): Promise<void> {
  if (swept.has(file)) return
  swept.add(file)
  const prefix = `${basename(file)}.tmp-`
  const names = await readdir(dirname(file)).catch(() => [] as string[])
  for (const name of names) {
    if (!name.startsWith(prefix) || name.startsWith(`${prefix}${process.pid}-`)) continue
    const path = join(dirname(file), name)
    const s = await stat(path).catch(() => undefined)
    if (s?.isFile() && Date.now() - s.mtimeMs > STALE_MS) await unlink(path).catch(() => {})
  }
}

export async function writeFileAtomic (file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 })
  await sweepStale(file)
  const tmp = tempNameOf(file)
  try {
    const fh = await open(tmp, 'wx', 0o600)
    try {
      await fh.writeFile(text, 'utf8')
      await fh.sync()
    } finally {
      await fh.close()
    }
    await rename(tmp, file)
  } catch (err) {
    await unlink(tmp).catch(() => {})
    throw err
  }
  await fsyncDir(dirname(file))
}
