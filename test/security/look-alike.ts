// Look-alike replacements for the fingerprint tests: another file (another inode) put in place of a previewed
// one with the same size and mtime, which only device and inode numbers tell apart.
import { readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

const WHOLE_SECOND = 1_700_000_000

/** Gives `file` a whole-second mtime, which a replacement can copy exactly. */
export function settle (file: string): string {
  utimesSync(file, WHOLE_SECOND, WHOLE_SECOND)
  return file
}

/** Puts a new file (new inode) in place of a settled `file`, with the same size and mtime; returns its content. */
export function replaceKeepingSizeAndMtime (file: string, content?: Buffer): Buffer {
  const before = statSync(file)
  const next = content ?? Buffer.from(readFileSync(file).toString('utf8').toUpperCase())
  const tmp = join(dirname(file), '.replacement')
  writeFileSync(tmp, next)
  utimesSync(tmp, WHOLE_SECOND, WHOLE_SECOND)
  renameSync(tmp, file)
  const after = statSync(file)
  if (after.size !== before.size || after.mtimeMs !== before.mtimeMs || after.ino === before.ino) throw new Error('replacement did not keep size/mtime or kept the inode')
  return next
}
