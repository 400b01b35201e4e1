// The path sandbox: every file or folder input resolves under MEDIA_ROOT or DOWNLOADS_ROOT, symlink-safe.
//
// Input forms: "movies/Heat (1995)" is under MEDIA_ROOT, "downloads/..." is under DOWNLOADS_ROOT, and an
// absolute path must lie under one of the roots. A media folder literally named "downloads" is reached by its
// absolute path (display() shows it that way), so "downloads/" always means the downloads root.
//
// Containment is decided on real paths: the deepest existing ancestor is realpath'd, the missing tail is
// re-appended, and the result must lie inside a root's real path (realpath'd at startup). A symlink that
// leads out of the roots is refused, never followed; so is a dangling symlink (creating through it would
// write wherever it points).
//
// What a tool deletes, moves or renames is an entry, resolved by resolveEntry(): its folder is resolved as
// above, its own name is not followed, so a symbolic link (a torrent may carry one, BEP 47) is acted on as a
// link and never as what it points at. recheckEntry() re-verifies that folder right before each change.
import { lstat, realpath } from 'node:fs/promises'
import type { Stats } from 'node:fs'
import path from 'node:path'
import { GuardError, ToolError } from '../../core/errors.js'
import { checkName, checkPathSyntax, quote } from './path-rules.js'
import { refusal } from '../answers/next-calls.js'
import { listFolder } from '../answers/common-calls.js'

const AMBIGUOUS_START = /^(~|[A-Za-z]:)/

export const LIBRARY_TOP_FOLDERS = ['movies', 'tv', 'anime', 'music'] as const

export interface SandboxOptions {
  mediaRoot: string
  downloadsRoot: string
  /** Receives a warning for each root that does not exist at startup. */
  warn?: (message: string) => void
}

interface Root {
  setting: 'MEDIA_ROOT' | 'DOWNLOADS_ROOT'
  configured: string
  /** Real path; undefined while the folder does not exist. */
  real?: string
}

/** True when `abs` is `root` or lies below it (never a prefix look-alike such as /data2 for /data). */
export function within (root: string, abs: string): boolean {
  const rel = path.relative(root, abs)
  return rel === '' || (rel !== '..' && !rel.startsWith('..' + path.sep) && !path.isAbsolute(rel))
}

function refuse (message: string): never {
  throw new GuardError('path', message)
}

async function realRoot (root: Root): Promise<string | undefined> {
  if (root.real) return root.real
  try {
    root.real = await realpath(root.configured)
  } catch {
    root.real = undefined
  }
  return root.real
}

export async function createPathSandbox (opts: SandboxOptions) {
  const media: Root = { setting: 'MEDIA_ROOT', configured: path.resolve(opts.mediaRoot) }
  const downloads: Root = { setting: 'DOWNLOADS_ROOT', configured: path.resolve(opts.downloadsRoot) }
  const roots = [media, downloads]
  for (const root of roots) {
    if (!await realRoot(root)) opts.warn?.(`${root.setting} (${root.configured}) does not exist: paths under it are refused until it is created`)
  }

  async function requireRoot (root: Root): Promise<string> {
    const real = await realRoot(root)
    if (!real) refuse(`The folder ${root.setting} (${root.configured}) does not exist on the server. Create it or fix ${root.setting}, then try again.`)
    return real
  }

  /** Picks the root an input addresses and builds the lexical absolute path, before any symlink is looked at. */
  async function lexicalTarget (input: string, segments: string[]): Promise<string> {
    if (input.startsWith('/')) {
      const abs = '/' + segments.join('/')
      // The longest matching root wins, so nested roots (DOWNLOADS_ROOT inside MEDIA_ROOT) pick the inner one.
      const matches = roots.filter(r => within(r.configured, abs) || (r.real !== undefined && within(r.real, abs)))
        .sort((a, b) => b.configured.length - a.configured.length)
      if (matches.length === 0) {
        refuse(`The path ${quote(input)} is outside the media and downloads folders. Use a path relative to the media root ` +
          `(e.g. "movies/Heat (1995)"), "downloads/...", or an absolute path under ${media.configured} or ${downloads.configured}.`)
      }
      await requireRoot(matches[0])
      return abs
    }
    if (segments[0] === 'downloads') return path.join(await requireRoot(downloads), ...segments.slice(1))
    return path.join(await requireRoot(media), ...segments)
  }

  /** Real path of the deepest existing ancestor plus the missing tail. */
  async function realpathDeepest (abs: string, input: string): Promise<string> {
    const fail = (err: unknown): never => {
      const code = (err as NodeJS.ErrnoException).code
      if (code === 'ELOOP') refuse(`The path ${quote(input)} goes through a loop of symbolic links.`)
      if (code === 'EACCES') refuse(`The server may not read a folder on the way to ${quote(input)}.`)
      throw err
    }
    let head = abs
    const tail: string[] = []
    let looksAgain = 0
    for (;;) {
      // A root's real path was taken at startup; everything below it is looked at now.
      if (roots.some(r => r.real === head)) return path.join(head, ...tail)
      const exists = await lstat(head).then(() => true, (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return false
        return fail(err)
      })
      if (exists) {
        try {
          return path.join(await realpath(head), ...tail)
        } catch (err) {
          // The entry was there a moment ago and its real path is not: a dangling symlink (creating through it
          // would write wherever it points), or the entry was moved away between the two looks (another program,
          // seen on a loaded run), which is looked at again as missing; an entry still there and no symlink is
          // looked at again a few times, then refused as changing under the server.
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
            const now = await lstat(head).catch(() => undefined)
            if (now === undefined) continue
            if (now.isSymbolicLink()) refuse(`The path ${quote(input)} goes through a symbolic link whose target is missing; it is not followed.`)
            if (looksAgain++ < 3) continue
            refuse(`The path ${quote(input)} kept changing while the server looked at it (another program is moving things there); try again once it is still.`)
          }
          fail(err)
        }
      }
      const up = path.dirname(head)
      if (up === head) refuse(`The path ${quote(input)} is outside the media and downloads folders.`)
      tail.unshift(path.basename(head))
      head = up
    }
  }

  async function containingRoot (real: string): Promise<Root | undefined> {
    let best: Root | undefined
    for (const root of roots) {
      const r = await realRoot(root)
      if (r !== undefined && within(r, real) && (!best || r.length > best.real!.length)) best = root
    }
    return best
  }

  /** Resolves a path input to its absolute real path inside a root. Throws GuardError otherwise. */
  async function resolve (input: string): Promise<string> {
    const segments = checkPathSyntax(input)
    const lexical = await lexicalTarget(input, segments)
    const real = await realpathDeepest(lexical, input)
    if (!await containingRoot(real)) {
      refuse(`The path ${quote(input)} leads outside the media and downloads folders through a symbolic link; it is not followed.`)
    }
    return real
  }

  /**
   * Resolves a path input naming an entry to act on (delete, move, rename) without following its last
   * name: the folder holding it is resolved symlink-safe, the entry is taken as it is, so a symbolic link
   * is deleted or moved as a link, never its target. A root itself resolves as resolve() does.
   */
  async function resolveEntry (input: string): Promise<string> {
    const segments = checkPathSyntax(input)
    const lexical = await lexicalTarget(input, segments)
    if (roots.some(r => r.real === lexical || r.configured === lexical)) return await resolve(input)
    const parent = await realpathDeepest(path.dirname(lexical), input)
    const abs = path.join(parent, path.basename(lexical))
    if (!await containingRoot(parent)) {
      refuse(`The path ${quote(input)} leads outside the media and downloads folders through a symbolic link; it is not followed.`)
    }
    return abs
  }

  /**
   * lstat of a resolved entry; a missing one is a ToolError naming the input and saying what to do next.
   * `input` is the path as the caller gave it.
   */
  async function mustExist (abs: string, input: string): Promise<Stats> {
    try {
      return await lstat(abs)
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code === 'ENOENT' || code === 'ENOTDIR') throw missingError(abs, input) ?? new ToolError(`No such file or folder: ${quote(input)}.`)
      throw err
    }
  }

  /**
   * "No such file or folder: X", with the listing of its parent as the next call, for a path inside the roots;
   * undefined for a path outside them (never shown: it is not the caller's).
   */
  function missingError (abs: string, input?: string): ToolError | undefined {
    if (!roots.some(r => r.real !== undefined && within(r.real, abs))) return undefined
    const parent = path.dirname(abs)
    const listable = roots.some(r => r.real !== undefined && within(r.real, parent))
    return refusal(`No such file or folder: ${quote(input ?? display(abs))}.`, listable ? [listFolder(display(parent))] : [])
  }

  /** Shows an absolute path in the form tools accept: media-relative, "downloads/...", or absolute when ambiguous. */
  function display (abs: string): string {
    let best: Root | undefined
    for (const root of roots) {
      if (root.real !== undefined && within(root.real, abs) && (!best || root.real.length > best.real!.length)) best = root
    }
    if (!best) throw new Error('display() was given a path outside the roots; resolve() it first')
    const rel = path.relative(best.real!, abs)
    if (best === downloads) return rel === '' ? 'downloads' : `downloads/${rel}`
    if (rel === '') return '.'
    // "downloads/..." would mean the downloads root, and "~x" or "C:x" would be refused as home or drive paths:
    // such media folders are shown absolute, which resolve() accepts as is.
    if (rel.split(path.sep)[0] === 'downloads' || AMBIGUOUS_START.test(rel)) return abs
    return rel
  }

  function shown (abs: string): string {
    return roots.some(r => r.real !== undefined && within(r.real, abs)) ? display(abs) : abs
  }

  /**
   * Re-checks a path returned by resolve() right before a mutating operation: it must still be its own real
   * path (no folder on the way swapped for a symlink since) and inside a root.
   */
  async function recheck (abs: string): Promise<string> {
    if (!path.isAbsolute(abs)) throw new Error('recheck() takes the absolute path returned by resolve()')
    const real = await realpathDeepest(abs, abs)
    if (real !== abs || !await containingRoot(real)) {
      refuse(`The path ${quote(shown(abs))} changed since it was checked (a folder on the way is now a symbolic link). Nothing was changed; look at the folder and try again.`)
    }
    return real
  }

  /**
   * Re-checks, right before an unlink, rmdir, rename or link of `abs`, that the folder holding it is still
   * its own real path inside a root (no folder on the way swapped for a symlink since it was looked at).
   * The entry itself is not followed: a symlink there is changed as a link.
   */
  async function recheckEntry (abs: string): Promise<string> {
    if (!path.isAbsolute(abs)) throw new Error('recheckEntry() takes an absolute path from resolve() or resolveEntry()')
    if (roots.some(r => r.real === abs)) return await recheck(abs)
    await recheck(path.dirname(abs))
    return abs
  }

  /** The roots and the library top folders, plus anything containing them. */
  function isProtected (abs: string): boolean {
    const guarded: string[] = []
    for (const root of roots) {
      guarded.push(root.configured)
      if (root.real) guarded.push(root.real)
    }
    for (const base of [media.configured, media.real]) {
      if (base) for (const top of LIBRARY_TOP_FOLDERS) guarded.push(path.join(base, top))
    }
    return guarded.some(p => within(abs, p))
  }

  /** Call right before delete/move/rename: refuses protected folders, then rechecks the entry's folder. */
  async function assertMutable (abs: string): Promise<string> {
    if (isProtected(abs)) {
      refuse(`${quote(shown(abs))} is a root or library top folder (movies, tv, anime, music); it can never be deleted, moved or renamed. Pick a folder inside it.`)
    }
    return recheckEntry(abs)
  }

  return {
    resolve,
    resolveEntry,
    mustExist,
    missingError,
    display,
    recheck,
    recheckEntry,
    checkName,
    isProtected,
    assertMutable,
    roots: () => ({ media: media.real, downloads: downloads.real })
  }
}

export type PathSandbox = Awaited<ReturnType<typeof createPathSandbox>>
