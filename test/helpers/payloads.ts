// Reads the hostile-input lists this repository carries (test/fixtures/payloads, see SOURCES.md there). Data only: tests feed the
// strings to validators and never send traffic to anything they name.
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
export const PAYLOAD_DIR = resolve(here, '../fixtures/payloads')

export interface Payload { file: string, line: number, text: string }

/** Every non-empty line of every file in a payload folder. Lines starting with "# " in the extracted lists are headings. */
export function readPayloads (folder: 'path-traversal' | 'ssrf'): Payload[] {
  const dir = join(PAYLOAD_DIR, folder)
  const out: Payload[] = []
  for (const file of readdirSync(dir).filter(f => f.endsWith('.txt')).sort()) {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n')
    lines.forEach((raw, i) => {
      const text = raw.replace(/\r$/, '')
      if (text === '') return
      if (file.startsWith('pat-') && text.startsWith('# ')) return
      out.push({ file, line: i + 1, text })
    })
  }
  return out
}

/** Decodes %XX escapes byte-wise; malformed escapes stay as they are (decodeURIComponent would throw). */
export function percentDecode (s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    const bytes: number[] = []
    for (let i = 0; i < s.length; i++) {
      const m = /^%([0-9a-fA-F]{2})/.exec(s.slice(i, i + 3))
      if (m) {
        bytes.push(parseInt(m[1], 16))
        i += 2
      } else {
        bytes.push(...Buffer.from(s[i]))
      }
    }
    return Buffer.from(bytes).toString('utf8')
  }
}

/** The forms a traversal payload is tried in: raw, decoded once, decoded twice (distinct ones only). */
export function traversalForms (text: string, file = 'etc/passwd'): string[] {
  const raw = text.replaceAll('{FILE}', file)
  const once = percentDecode(raw)
  return [...new Set([raw, once, percentDecode(once)])]
}

export interface HostileTree {
  base: string
  media: string
  downloads: string
  outside: string
  cleanup: () => void
}

/**
 * A media tree seeded with escape hatches, for sandbox tests: symlinks out of the roots (file, directory,
 * chained, to the root's parent, to a prefix look-alike sibling, dangling), a loop, a link that stays inside,
 * and a media folder literally named "downloads". `outside/` holds the secrets an escape would reach.
 */
export function makeHostileTree (): HostileTree {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'msmcp-sandbox-')))
  const media = join(base, 'data')
  const downloads = join(base, 'downloads')
  const outside = join(base, 'outside')
  for (const d of ['movies/Heat (1995)', 'tv', 'anime', 'music', 'downloads']) mkdirSync(join(media, d), { recursive: true })
  mkdirSync(join(downloads, 'complete'), { recursive: true })
  mkdirSync(join(outside, 'etc'), { recursive: true })
  mkdirSync(join(base, 'data2'))
  writeFileSync(join(media, 'movies/Heat (1995)/heat.mkv'), 'movie')
  writeFileSync(join(media, 'downloads/in-media.mkv'), 'media file in a folder named downloads')
  writeFileSync(join(downloads, 'complete/a.mkv'), 'download')
  writeFileSync(join(outside, 'secret.txt'), 'SECRET')
  writeFileSync(join(outside, 'etc/passwd'), 'root:x:0:0')
  writeFileSync(join(base, 'data2/x.mkv'), 'look-alike')
  symlinkSync('../../outside', join(media, 'movies/escape')) // relative directory link out
  symlinkSync(join(outside, 'secret.txt'), join(media, 'abs_link.mkv')) // absolute file link out
  symlinkSync(join(outside, 'etc'), join(media, 'etc')) // makes "etc/passwd" an escape if followed
  symlinkSync('chain2', join(media, 'chain1')) // chained: chain1 -> chain2 -> outside
  symlinkSync('../outside', join(media, 'chain2'))
  symlinkSync('..', join(media, 'parent')) // the root's parent
  symlinkSync('../data2', join(media, 'sib')) // the prefix look-alike sibling
  symlinkSync(join(outside, 'not-yet'), join(media, 'dangling')) // creating through it would write outside
  symlinkSync('loop2', join(media, 'loop1'))
  symlinkSync('loop1', join(media, 'loop2'))
  symlinkSync('movies/Heat (1995)', join(media, 'inner')) // stays inside: allowed
  symlinkSync('../outside', join(downloads, 'dl_escape'))
  symlinkSync(join(downloads, 'complete'), join(media, 'to-downloads')) // into the other root: allowed
  return { base, media, downloads, outside, cleanup: () => rmSync(base, { recursive: true, force: true }) }
}

/**
 * Independent oracle for "resolves strictly inside a root": the deepest existing ancestor of `abs` must be its
 * own real path (no symlink left on the way) and the whole path must lie under a root's real path.
 */
export function isInsideRootsForReal (abs: string, roots: string[]): boolean {
  let head = abs
  while (!existsSync(head) && dirname(head) !== head) head = dirname(head)
  let real: string
  try {
    real = realpathSync(head)
  } catch {
    return false
  }
  if (real !== head) return false
  // An existing symlink whose target is missing is invisible to existsSync: refuse it here too.
  let probe = abs
  while (probe !== head) {
    try {
      lstatSync(probe)
      return false
    } catch {}
    probe = dirname(probe)
  }
  return roots.some(r => abs === r || abs.startsWith(r + sep))
}
