// The static scan behind destructive-effects.test.ts: finds every place in the server's own source that
// unlinks, removes, renames over, truncates or overwrites a file, or asks a backend to delete something,
// and every call of the wrappers that do so. Comments are skipped; each hit is named by file and call.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO = fileURLToPath(new URL('../../', import.meta.url))
/** The server's own code: everything that runs in production. Tests, simulators, scripts and benches are not. */
const SOURCE = ['app.ts', 'server.ts', 'config.ts', 'core', 'clients', 'lib', 'plugins', 'domains', 'routes', 'bot']

/** Call name → pattern. A call on a file handle (fh.writeFile) counts as much as the fs function. */
export const DESTRUCTIVE_CALLS: Record<string, RegExp> = {
  unlink: /\bunlink(Sync)?\(/g,
  rm: /(?<![\w.])rm(Sync)?\(/g,
  rmdir: /\brmdir(Sync)?\(/g,
  rename: /\brename(Sync)?\((?!s\))/g,
  truncate: /\bf?truncate(Sync)?\(/g,
  writeFile: /\bwriteFile(Sync)?\(/g,
  copyFile: /\bcopyFile(Sync)?\(/g,
  cp: /(?<![\w.])cp(Sync)?\(/g,
  'HTTP DELETE': /method: 'DELETE'/g,
  'qBittorrent torrents/delete': /torrents\/delete/g,
  'pyLoad delete_packages': /delete_packages/g,
  'aria2 remove': /aria2\.(force)?[rR]emove(DownloadResult)?\b/g,
  // A manual import moves a file into the library and may replace the episode or movie file there.
  'Servarr runManualImport()': /\brunManualImport\(/g,
  // Wrappers of the above; their callers are the sites that decide.
  'deleteSeries()': /\.deleteSeries\(/g,
  'deleteMovie()': /\.deleteMovie\(/g,
  'deleteQueueItem()': /\.deleteQueueItem\(/g,
  // The torrent client's remove, named directly or through the instance chooser (domains/chosen-client.ts).
  'torrent.remove()': /\b(torrent|torrentClient\([^()]*\))\.remove\(/g,
  'deletePackages()': /\.deletePackages\(/g,
  // The Usenet client's remove: with deleteData its files go too (clients/usenet/types.ts).
  'usenet.remove()': /\busenet\.remove\(/g,
  'jellyfin deleteItem()': /\bdeleteItem\(/g,
  'applyDelete()': /\bapplyDelete\(/g,
  'rewriteMedia()': /\brewriteMedia\(/g,
  'runBatchJob()': /\brunBatchJob\(/g
}

function files (entry: string): string[] {
  const abs = join(REPO, entry)
  if (!statSync(abs, { throwIfNoEntry: false })) return []
  if (statSync(abs).isFile()) return abs.endsWith('.ts') ? [abs] : []
  return readdirSync(abs, { recursive: true, encoding: 'utf8' })
    .filter(f => f.endsWith('.ts') && !f.includes('node_modules'))
    .map(f => join(abs, f))
}

/** Source without comments (line and block), keeping strings, so a call named in prose is not a site. */
function code (text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').split('\n').map(line => line.replace(/(^|\s)\/\/.*$/, '')).join('\n')
}

/** Each source file of the server (repository-relative) with its code, comments left out. */
function sources (): Array<{ file: string, text: string }> {
  return SOURCE.flatMap(files).map(file => ({ file: relative(REPO, file), text: code(readFileSync(file, 'utf8')) }))
}

/** "file|call" → how many times it occurs. */
export function scanSites (): Map<string, number> {
  const found = new Map<string, number>()
  for (const { file, text } of sources()) {
    for (const [call, pattern] of Object.entries(DESTRUCTIVE_CALLS)) {
      const n = text.match(pattern)?.length ?? 0
      if (n > 0) found.set(`${file}|${call}`, n)
    }
  }
  return found
}

/**
 * A recursive remove (fs.rm or rmdir with recursive, or an rm child process) follows whatever a folder holds
 * at the moment it opens it, so a subfolder swapped for a link leads it outside: none may exist.
 */
const RECURSIVE_REMOVE = [/(?<![\w.])(rm|rmdir)(Sync)?\([^)]*\brecursive\b/g, /\b(spawn|execFile|exec)(Sync)?\(\s*['"](\/bin\/)?rm['"]/g]

/** Each recursive remove in the server's code, as "file: the call". */
export function recursiveRemovals (): string[] {
  return sources().flatMap(({ file, text }) => RECURSIVE_REMOVE.flatMap(p => [...text.matchAll(p)].map(m => `${file}: ${m[0]}`)))
}

/** Each call of `pattern` in the server's code with the statement line it is on, as "file:line: text". */
export function callLines (pattern: RegExp): Array<{ file: string, line: number, text: string }> {
  return sources().flatMap(({ file, text }) => text.split('\n').flatMap((line, i) => (new RegExp(pattern.source).test(line) ? [{ file, line: i + 1, text: line.trim() }] : [])))
}
