// Writes a JSON file so a crash leaves the old or the new content, never a torn one: temp file, fsync,
// rename, directory fsync. The folder is created private (0700) and the file private (0600).
import { mkdir, open, rename } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fsyncDir } from './durable.js'

export async function writeJsonAtomic (file: string, data: unknown): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 })
  const tmp = `${file}.tmp-${process.pid}`
  const fh = await open(tmp, 'w', 0o600)
  try {
    await fh.writeFile(JSON.stringify(data), 'utf8')
    await fh.sync()
  } finally {
    await fh.close()
  }
  await rename(tmp, file)
  await fsyncDir(dirname(file))
}
