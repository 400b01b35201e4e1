// The test loader's output kept on disk, so each of the suite's ~350 test processes does not hand the app's ~500
// source files to esbuild again (about 1.2 s of CPU a process on a loaded 2-core machine, ~1/8 of the suite's CPU).
// Sound because the key is everything the output depends on: the file's path (the inline source map names it),
// its text, esbuild's version and the options. Entries are written whole (a temporary file, then a rename), so a
// process running beside another never reads half an entry. node_modules/.cache is where tools keep such caches
// (ignored by git, the linter and the repository scans); without write access the loader just transforms again.
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '../..')
const ESBUILD_VERSION = createRequire(import.meta.url)('esbuild/package.json').version

/** A get(path, source, transform) that returns the transform's output for that source, from disk when seen before. */
export function transformCache (options, dir = join(ROOT, 'node_modules', '.cache', 'test-loader')) {
  const salt = `${ESBUILD_VERSION}\0${JSON.stringify(options)}\0`
  let writable = true
  try { mkdirSync(dir, { recursive: true }) } catch { writable = false }
  return {
    get (path, source, transform) {
      const file = join(dir, `${createHash('sha1').update(salt).update(path).update('\0').update(source).digest('hex')}.js`)
      try { return readFileSync(file, 'utf8') } catch {}
      const code = transform()
      if (writable) {
        const part = `${file}.${process.pid}.part`
        try { writeFileSync(part, code); renameSync(part, file) } catch { writable = false }
      }
      return code
    }
  }
}
