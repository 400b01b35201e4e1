// pyLoad-ng client (app.backends.pyload): the current API, `/api/<method>` with X-API-Key, one HTTP verb per
// method as pyLoad enforces (pyload-ng-api-methods.json): GET methods take query arguments, POST methods a
// JSON body. Trims packages to what the tools show; never passes link URLs on (premium links carry tokens).
import { posix } from 'node:path'
import type { Config } from '../../config.js'
import { BackendError, ToolError } from '../../core/errors.js'
import { createHttpBackend, type ProbeResult } from '../http.js'
import type { PathMap } from '../../core/path-map.js'
import type { ClientDeps } from '../types.js'
import {
  DOWNLOAD_STATUS, DOWNLOADING, FAILED_STATUSES, FINISHED, hostOf,
  type PyloadDownload, type PyloadPackage, type RawDownloadInfo, type RawPackageData, type RawServerStatus
} from './types.js'

export type { PyloadDownload, PyloadPackage, PyloadFile } from './types.js'

const SERVICE = 'pyLoad'

export interface PyloadOptions {
  url: string
  apiKey: string
  downloadsRoot: string
  pathMap: PathMap
  deadlineMs?: number
}

/**
 * The package folder's name as pyLoad writes it: safejoin(storage, folder) drops these characters from each
 * path part (pyload/pyload main, src/pyload/core/utils/fs.py safepath/safename; plugins/base/downloader.py).
 */
// eslint-disable-next-line no-control-regex
export const diskFolder = (folder: string) => folder.replace(/[<>:"\\|?*\x00]/g, '')

/**
 * Links and bytes done and in total. Which stats come back depends on the method (pyload/pyload main,
 * src/pyload/core/api/__init__.py): get_package_data sends links and no stats, get_queue_data links and
 * stats without linkstotal, get_collector stats without links. With links they are counted here.
 */
export function packageProgress (p: RawPackageData, inProgress: ReadonlyMap<number, number> = new Map()): Pick<PyloadPackage, 'linksDone' | 'linksTotal' | 'bytesDone' | 'bytesTotal'> {
  if (p.links) {
    const done = p.links.filter(l => l.status === FINISHED)
    const bytes = (list: typeof done) => list.reduce((n, l) => n + (l.size ?? 0), 0)
    // A link being downloaded counts what status_downloads says is on disk (its stats count it only when done).
    const partial = p.links.reduce((n, l) => n + (l.status === FINISHED ? 0 : inProgress.get(l.fid) ?? 0), 0)
    return { linksDone: done.length, linksTotal: p.links.length, bytesDone: bytes(done) + partial, bytesTotal: bytes(p.links) }
  }
  return { linksDone: p.linksdone ?? 0, linksTotal: p.linkstotal ?? 0, bytesDone: p.sizedone ?? 0, bytesTotal: p.sizetotal ?? 0 }
}

export function createPyloadClient (opts: PyloadOptions) {
  const http = createHttpBackend({
    service: SERVICE,
    baseUrl: opts.url,
    urlVar: 'DOWNLOAD_MANAGER_URL',
    // An empty URL: this stack has no direct-download manager (not "down"); set both to add one.
    keyVar: opts.url === '' ? 'DOWNLOAD_MANAGER_URL and DOWNLOAD_MANAGER_API_KEY' : 'DOWNLOAD_MANAGER_API_KEY',
    configured: () => opts.url !== '' && opts.apiKey !== '',
    headers: () => ({ 'x-api-key': opts.apiKey }),
    deadlineMs: opts.deadlineMs,
    concurrency: 4
  })
  let storage: Promise<string | undefined> | undefined

  async function get<T> (method: string, query: Record<string, string | number> = {}): Promise<T> {
    return (await http.call<T>({ method: 'GET', path: `/api/${method}`, query })).data
  }
  async function post<T> (method: string, body: Record<string, unknown> = {}): Promise<T> {
    return (await http.call<T>({ method: 'POST', path: `/api/${method}`, json: body })).data
  }

  /** pyLoad's storage folder as we see it; undefined when the key may not read settings. */
  function storageFolder (): Promise<string | undefined> {
    storage ??= get<unknown>('get_config_value', { category: 'general', option: 'storage_folder', section: 'core' })
      .then(v => typeof v === 'string' && v.startsWith('/') ? opts.pathMap.toOurs(v) : undefined)
      .catch(err => {
        storage = undefined // retry next time: the key or the service may be fixed meanwhile
        if (err instanceof BackendError && err.code === 'unauthorized') return undefined
        throw err
      })
    return storage
  }

  function folderPathOf (root: string | undefined, folder: string): string | undefined {
    if (!root) return undefined
    // Without a folder per package, the package's files go straight into the storage folder.
    if (folder === '') return root
    const joined = posix.join(root, diskFolder(folder))
    // A folder name from the backend must not walk out of the storage folder.
    return joined.startsWith(root.replace(/\/$/, '') + '/') ? joined : undefined
  }

  function trim (p: RawPackageData, root: string | undefined, inProgress?: ReadonlyMap<number, number>): PyloadPackage {
    const links = p.links ?? []
    const progress = packageProgress(p, inProgress)
    return {
      id: p.pid,
      name: p.name,
      destination: p.dest === 0 ? 'collector' : 'queue',
      ...progress,
      finished: progress.linksTotal > 0 && (links.length > 0 ? links.every(l => l.status === FINISHED) : progress.linksDone === progress.linksTotal),
      failed: links.some(l => FAILED_STATUSES.has(l.status)),
      folderName: diskFolder(p.folder),
      folderPath: folderPathOf(root, p.folder),
      files: links.map(l => ({
        id: l.fid,
        name: l.name,
        host: hostOf(l.url),
        sizeBytes: l.size ?? 0,
        status: DOWNLOAD_STATUS[l.status] ?? 'unknown',
        ...(l.error ? { error: l.error.slice(0, 200) } : {})
      }))
    }
  }

  /** Bytes on disk of each link being downloaded now, by file id (asked only when some link is downloading). */
  async function bytesInProgress (packages: RawPackageData[]): Promise<Map<number, number>> {
    if (!packages.some(p => p.links?.some(l => l.status === DOWNLOADING))) return new Map()
    const raw = await get<RawDownloadInfo[]>('status_downloads')
    return new Map((raw ?? []).map(d => [d.fid, Math.max(0, d.size - d.bleft)]))
  }

  async function packages (method: 'get_queue_data' | 'get_collector'): Promise<PyloadPackage[]> {
    const [raw, root] = await Promise.all([get<RawPackageData[]>(method), storageFolder()])
    const inProgress = await bytesInProgress(raw ?? [])
    return (raw ?? []).map(p => trim(p, root, inProgress))
  }

  return {
    service: SERVICE,

    /** Adds a package of links (each already checked by the URL guard). Returns its id. */
    async addPackage (name: string, links: string[], destination: 'queue' | 'collector' = 'queue'): Promise<number> {
      if (links.length === 0) throw new ToolError('A package needs at least one link.')
      const id = await post<number>('add_package', { name, links, dest: destination === 'queue' ? 1 : 0 })
      if (typeof id !== 'number') throw new BackendError(SERVICE, 'pyLoad did not return a package id.', 200, 'bad_response')
      return id
    },

    /** Files being downloaded right now. */
    async activeDownloads (): Promise<PyloadDownload[]> {
      const raw = await get<RawDownloadInfo[]>('status_downloads')
      return (raw ?? []).map(d => ({
        fileId: d.fid,
        name: d.name,
        packageId: d.package_id,
        packageName: d.package_name,
        percent: d.percent,
        bytesPerSecond: d.speed,
        etaSeconds: d.eta,
        bytesLeft: d.bleft,
        sizeBytes: d.size,
        status: DOWNLOAD_STATUS[d.status] ?? 'unknown',
        statusMessage: d.statusmsg
      }))
    },

    /** Every package in the download queue, with its links (finished ones included). */
    queue: () => packages('get_queue_data'),

    /** Packages in the link collector (added but not queued). */
    collector: () => packages('get_collector'),

    async package (id: number): Promise<PyloadPackage> {
      const [raw, root] = await Promise.all([get<RawPackageData>('get_package_data', { package_id: id }), storageFolder()])
      return trim(raw, root, await bytesInProgress([raw]))
    },

    /** Finished packages (every link done), newest first. */
    async finishedPackages (): Promise<PyloadPackage[]> {
      return (await packages('get_queue_data')).filter(p => p.finished).sort((a, b) => b.id - a.id)
    },

    /** Removes packages from pyLoad (their links; files already on disk are left to the caller). */
    async deletePackages (ids: number[]): Promise<void> {
      if (ids.length > 0) await post('delete_packages', { package_ids: ids })
    },

    async serverStatus (): Promise<RawServerStatus> {
      return await get<RawServerStatus>('status_server')
    },

    storageFolder,

    async probe (): Promise<ProbeResult> {
      const started = performance.now()
      const base = { service: SERVICE, configured: opts.url !== '' && opts.apiKey !== '', checkedAt: new Date().toISOString() }
      try {
        await get<RawServerStatus>('status_server')
        const version = await get<string>('get_server_version').catch(() => undefined)
        return { ...base, reachable: true, version: typeof version === 'string' ? version : undefined, latencyMs: Math.round(performance.now() - started) }
      } catch (err) {
        const e = err as BackendError
        return { ...base, reachable: e.code !== undefined && e.code !== 'unavailable' && e.code !== 'timeout' && e.code !== 'not_configured', error: err instanceof ToolError ? err.message : 'probe failed' }
      }
    },

    circuit: http.circuit,
    close: () => http.close()
  }
}

export type PyloadClient = ReturnType<typeof createPyloadClient>

declare module '../types.js' {
  interface Backends {
    pyload: PyloadClient
  }
}

export function pyloadFactory (config: Config, deps: ClientDeps) {
  return {
    pyload: createPyloadClient({
      url: config.DOWNLOAD_MANAGER_URL,
      apiKey: config.DOWNLOAD_MANAGER_API_KEY,
      downloadsRoot: config.DOWNLOADS_ROOT,
      pathMap: deps.pathMap
    })
  }
}
