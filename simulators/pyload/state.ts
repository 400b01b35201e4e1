// The simulated pyLoad's state: packages whose links download over simulated time. Progress is computed
// from the clock when read (no timers), so a test can also jump ahead with advance(ms). A finished link
// leaves a real small file in <storage>/<package folder>/<name>, so organizing can be tested on real files.
import { mkdirSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'

export interface SimFile {
  fid: number
  url: string
  name: string
  plugin: string
  /** Simulated size in bytes (what the API reports). */
  size: number
  /** Bytes written to disk when it finishes (kept small). */
  content: Buffer
  status: number
  error: string
  /** Simulated ms of downloading done so far. */
  doneMs: number
  order: number
}

export interface SimPackage {
  pid: number
  name: string
  folder: string
  dest: number
  order: number
  site: string
  password: string
  files: SimFile[]
}

export interface SimStateOptions {
  /** pyLoad's storage folder on this machine (where package folders are written). */
  storageDir: string
  /** Simulated time one link takes to download (default 1500 ms). */
  linkDurationMs?: number
  now?: () => number
}

export const STATUS = { FINISHED: 0, OFFLINE: 1, QUEUED: 3, FAILED: 8, DOWNLOADING: 12 } as const
/** Statuses pyLoad counts as done in its package stats (finished, skipped, processing). */
export const DONE_STATUSES: ReadonlySet<number> = new Set([0, 4, 13])

/**
 * The folder pyLoad gives a new package (folder_per_package on, its default): api add_package's replacements
 * (src/pyload/core/api/__init__.py); the folder on disk is that with safename's characters removed
 * (src/pyload/core/utils/fs.py safejoin → safepath → safename, per path part), as downloader.py joins it.
 */
export function packageFolder (name: string): string {
  return name.replace(/http:\/\//g, '').replace(/https:\/\//g, '').replace(/\.\.\//g, '_').replace(/\.\.\\/g, '_')
    .replace(/:/g, '').replace(/[/\\\r\n]/g, '_')
}
// eslint-disable-next-line no-control-regex
export const diskName = (folder: string) => folder.replace(/[<>:"\\|?*\x00]/g, '')

export function createSimState (opts: SimStateOptions) {
  const packages = new Map<number, SimPackage>()
  const linkMs = opts.linkDurationMs ?? 1500
  const now = opts.now ?? Date.now
  let nextPid = 1
  let nextFid = 1
  let lastTick = now()
  let skewMs = 0
  let paused = false

  function fileNameOf (url: string, fid: number) {
    let name = ''
    try { name = decodeURIComponent(basename(new URL(url).pathname)) } catch {}
    name = name.replace(/[^\w.\- ]/g, '_').replace(/^\.+/, '')
    return name === '' ? `file-${fid}.bin` : name
  }

  function finish (pkg: SimPackage, f: SimFile) {
    f.status = STATUS.FINISHED
    f.doneMs = linkMs
    const dir = join(opts.storageDir, diskName(pkg.folder))
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, f.name), f.content)
  }

  /** Moves simulated time forward: in each package the first unfinished link downloads. */
  function tick () {
    const t = now() + skewMs
    const elapsed = t - lastTick
    lastTick = t
    if (paused || elapsed <= 0) return
    const queued = [...packages.values()].filter(p => p.dest === 1).sort((a, b) => a.order - b.order)
    for (const pkg of queued) {
      let budget = elapsed
      for (const f of pkg.files) {
        if (budget <= 0) break
        if (f.status !== STATUS.QUEUED && f.status !== STATUS.DOWNLOADING) continue
        const step = Math.min(budget, linkMs - f.doneMs)
        f.doneMs += step
        budget -= step
        f.status = STATUS.DOWNLOADING
        if (f.doneMs >= linkMs) finish(pkg, f)
      }
    }
  }

  return {
    packages,
    linkDurationMs: linkMs,

    addPackage (name: string, links: string[], dest: number, fileBytes?: (url: string) => Buffer): number {
      tick()
      const pid = nextPid++
      const files = links.map((url, i): SimFile => {
        const fid = nextFid++
        const offline = /offline/i.test(url)
        return {
          fid,
          url,
          name: fileNameOf(url, fid),
          plugin: /\.(mkv|mp4|avi)$/i.test(url) ? 'HTTP' : 'BasePlugin',
          size: 50 * 1024 * 1024 + fid,
          content: fileBytes?.(url) ?? Buffer.from(`pyload-sim payload of ${url}\n`),
          status: offline ? STATUS.OFFLINE : STATUS.QUEUED,
          error: offline ? 'File is offline' : '',
          doneMs: 0,
          order: i
        }
      })
      packages.set(pid, { pid, name: name.replace(/\n/g, '\\n').replace(/\r/g, '\\r'), folder: packageFolder(name), dest, order: pid, site: '', password: '', files })
      return pid
    },

    /** A package that is already complete, with its files on disk (for organize tests). */
    addFinishedPackage (name: string, files: Array<{ name: string, content: Buffer | string }>): number {
      const pid = this.addPackage(name, files.map(f => `http://files.example.com/${encodeURIComponent(f.name)}`), 1,
        url => {
          const f = files.find(x => url.endsWith(encodeURIComponent(x.name)))!
          return Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content)
        })
      const pkg = packages.get(pid)!
      pkg.files.forEach((f, i) => { f.name = files[i].name; finish(pkg, f) })
      return pid
    },

    tick,
    /** Jumps simulated time ahead. */
    advance (ms: number) { tick(); skewMs += ms; tick() },
    setPaused (value: boolean) { tick(); paused = value },
    get paused () { return paused },
    delete (ids: number[]) { for (const id of ids) packages.delete(id) },
    deleteFinished (): number[] {
      tick()
      const gone = [...packages.values()].filter(p => p.files.length > 0 && p.files.every(f => f.status === STATUS.FINISHED)).map(p => p.pid)
      for (const id of gone) packages.delete(id)
      return gone
    }
  }
}

export type SimState = ReturnType<typeof createSimState>
