// aria2 JSON-RPC client (app.backends.aria2) for direct downloads that are not video pages.
// Talks to ARIA2_RPC_URL with `token:<ARIA2_RPC_SECRET>`, or, when that is empty, to a managed aria2c the
// server starts on first use (aria2-daemon.ts) and stops on close. Option values are strings (aria2 rule).
import { posix } from 'node:path'
import type { Config } from '../../config.js'
import { BackendError, ToolError } from '../../core/errors.js'
import { findExecutable } from '../../core/process/index.js'
import { createHttpBackend, type HttpBackend, type ProbeResult } from '../http.js'
import type { PathMap } from '../../core/path-map.js'
import { startManagedAria2, type ManagedAria2 } from './daemon.js'
import type { ClientDeps } from '../types.js'

const SERVICE = 'aria2'

export type Aria2State = 'active' | 'waiting' | 'paused' | 'error' | 'complete' | 'removed'

export interface Aria2Download {
  gid: string
  status: Aria2State
  totalBytes: number
  completedBytes: number
  /** Bytes per second. */
  downloadSpeed: number
  errorCode?: string
  errorMessage?: string
  /** Files as this server sees them (PATH_MAP applied). */
  files: Array<{ path: string, lengthBytes: number, completedBytes: number }>
}

export interface Aria2Options {
  /** Empty: run a managed aria2c (needs aria2cPath). */
  rpcUrl: string
  secret: string
  aria2cPath: string
  stateDir: string
  downloadsRoot: string
  pathMap: PathMap
  /** Extra environment for the managed aria2c. */
  env?: Record<string, string | undefined>
  /** The URL guard's forward proxy URL for the managed aria2c (an external aria2 cannot reach our loopback). */
  proxyUrl?: () => Promise<string>
}

/** RPC methods that only read: they get the read deadline and retries (everything else is a write). */
const READ_ONLY_METHODS = new Set(['aria2.tellStatus', 'aria2.tellActive', 'aria2.tellWaiting', 'aria2.tellStopped', 'aria2.getVersion'])

interface RpcAnswer<T> { result?: T, error?: { code: number, message: string } }

export function createAria2Client (opts: Aria2Options) {
  let managed: Promise<ManagedAria2> | undefined
  let connection: { http: HttpBackend, path: string, secret: string } | undefined
  let closed = false
  let seq = 0

  function connect (url: string, secret: string) {
    const u = new URL(url)
    const urlVar = opts.rpcUrl ? 'ARIA2_RPC_URL' : 'ARIA2C_PATH'
    return { http: createHttpBackend({ service: SERVICE, baseUrl: u.origin, urlVar, keyVar: 'ARIA2_RPC_SECRET', concurrency: 4 }), path: u.pathname, secret }
  }

  async function ensureConnection () {
    if (connection) return connection
    if (closed) throw new BackendError(SERVICE, 'aria2 is shutting down.', undefined, 'unavailable')
    if (opts.rpcUrl) {
      connection = connect(opts.rpcUrl, opts.secret)
      return connection
    }
    managed ??= (async () => {
      if (!await findExecutable(opts.aria2cPath)) {
        throw new ToolError(`aria2c is not installed (ARIA2C_PATH="${opts.aria2cPath}" was not found). Install aria2 (apt-get install aria2) or set ARIA2_RPC_URL to a running aria2 with RPC enabled.`)
      }
      return await startManagedAria2({ aria2cPath: opts.aria2cPath, stateDir: opts.stateDir, downloadsRoot: opts.downloadsRoot, env: opts.env, proxyUrl: await opts.proxyUrl?.() })
    })()
    let m: ManagedAria2
    try {
      m = await managed
    } catch (err) {
      managed = undefined // a later call may succeed (e.g. after installing aria2)
      if (err instanceof ToolError) throw err
      throw new BackendError(SERVICE, `The managed aria2c could not be started: ${(err as Error).message}.`, undefined, 'unavailable')
    }
    connection ??= connect(m.url, m.secret)
    return connection
  }

  async function rpc<T> (method: string, params: unknown[], deadlineMs?: number): Promise<T> {
    const c = await ensureConnection()
    const res = await c.http.call<RpcAnswer<T>>({
      method: 'POST',
      kind: READ_ONLY_METHODS.has(method) ? 'read' : 'write',
      path: c.path,
      json: { jsonrpc: '2.0', id: `msmcp-${++seq}`, method, params: [`token:${c.secret}`, ...params] },
      allowStatus: [400, 500],
      deadlineMs
    })
    const answer = res.data
    if (answer?.error) {
      if (/unauthorized/i.test(answer.error.message)) {
        throw new BackendError(SERVICE, 'aria2 rejected the RPC secret: check ARIA2_RPC_SECRET.', res.status, 'unauthorized')
      }
      if (/not found/i.test(answer.error.message)) throw new BackendError(SERVICE, 'aria2 does not know this download (it may have been removed).', res.status, 'not_found')
      throw new BackendError(SERVICE, `aria2 refused ${method.replace('aria2.', '')} (error ${answer.error.code}).`, res.status, 'rejected')
    }
    if (res.status !== 200 || answer === null || !('result' in answer)) throw new BackendError(SERVICE, `aria2 sent an unexpected answer (HTTP ${res.status}).`, res.status, 'bad_response')
    return answer.result as T
  }

  function insideDownloads (dir: string) {
    const root = posix.normalize(opts.downloadsRoot).replace(/\/$/, '')
    const d = posix.normalize(dir)
    if (!posix.isAbsolute(d) || (d !== root && !d.startsWith(root + '/'))) throw new ToolError(`Downloads must be saved inside the downloads folder (${root}).`)
    return d
  }

  const STATUS_KEYS = ['gid', 'status', 'totalLength', 'completedLength', 'downloadSpeed', 'errorCode', 'errorMessage', 'files']

  function trim (raw: Record<string, unknown>): Aria2Download {
    const files = (raw.files as Array<{ path: string, length: string, completedLength: string }> | undefined) ?? []
    return {
      gid: String(raw.gid),
      status: raw.status as Aria2State,
      totalBytes: Number(raw.totalLength ?? 0),
      completedBytes: Number(raw.completedLength ?? 0),
      downloadSpeed: Number(raw.downloadSpeed ?? 0),
      errorCode: raw.errorCode !== undefined && raw.errorCode !== '0' ? String(raw.errorCode) : undefined,
      errorMessage: typeof raw.errorMessage === 'string' && raw.errorMessage !== '' ? raw.errorMessage : undefined,
      files: files.filter(f => f.path !== '').map(f => ({ path: opts.pathMap.toOurs(f.path), lengthBytes: Number(f.length), completedBytes: Number(f.completedLength) }))
    }
  }

  return {
    service: SERVICE,

    /** Queues a URL (already checked by the URL guard). `dir` is our folder under DOWNLOADS_ROOT; `out` a file name. */
    async addUri (url: string, o: { dir: string, out?: string, connections?: number }): Promise<string> {
      const options: Record<string, string> = { dir: opts.pathMap.toBackend(insideDownloads(o.dir)) }
      if (o.out !== undefined) {
        if (o.out === '' || o.out.includes('/') || o.out === '.' || o.out === '..') throw new ToolError('The file name must be a single name without "/".')
        options.out = o.out
      }
      const n = String(Math.min(Math.max(o.connections ?? 4, 1), 16))
      options.split = n
      options['max-connection-per-server'] = n
      return await rpc<string>('aria2.addUri', [[url], options])
    },

    async status (gid: string): Promise<Aria2Download> {
      return trim(await rpc<Record<string, unknown>>('aria2.tellStatus', [gid, STATUS_KEYS]))
    },

    /** Every download aria2 still remembers (active, waiting and the last stopped ones). */
    async list (): Promise<Aria2Download[]> {
      const [active, waiting, stopped] = await Promise.all([
        rpc<Array<Record<string, unknown>>>('aria2.tellActive', [STATUS_KEYS]),
        rpc<Array<Record<string, unknown>>>('aria2.tellWaiting', [0, 100, STATUS_KEYS]),
        rpc<Array<Record<string, unknown>>>('aria2.tellStopped', [0, 100, STATUS_KEYS])
      ])
      return [...active, ...waiting, ...stopped].map(trim)
    },

    /** Stops a download and forgets it; partial files stay on disk for the caller to clean. */
    async remove (gid: string): Promise<void> {
      try {
        await rpc('aria2.forceRemove', [gid])
      } catch (err) {
        if (!(err instanceof BackendError) || err.code !== 'not_found') throw err
      }
      try { await rpc('aria2.removeDownloadResult', [gid]) } catch {}
    },

    async version (): Promise<string> {
      return (await rpc<{ version: string }>('aria2.getVersion', [])).version
    },

    async probe (): Promise<ProbeResult> {
      const started = performance.now()
      const base = { service: SERVICE, configured: opts.rpcUrl !== '' || (await findExecutable(opts.aria2cPath)) !== undefined, checkedAt: new Date().toISOString() }
      // A managed aria2c is started lazily: probing must not spawn it.
      if (!opts.rpcUrl && !connection) return { ...base, reachable: base.configured, version: base.configured ? 'managed (starts on first use)' : undefined }
      try {
        const version = await this.version()
        return { ...base, reachable: true, version, latencyMs: Math.round(performance.now() - started) }
      } catch (err) {
        return { ...base, reachable: false, error: err instanceof ToolError ? err.message : 'probe failed' }
      }
    },

    circuit: () => connection?.http.circuit(),

    async close () {
      closed = true
      const c = connection
      connection = undefined
      await c?.http.close()
      const m = await managed?.catch(() => undefined)
      await m?.stop()
    }
  }
}

export type Aria2Client = ReturnType<typeof createAria2Client>

declare module '../types.js' {
  interface Backends {
    aria2: Aria2Client
  }
}

export function aria2Factory (config: Config, deps: ClientDeps) {
  return {
    aria2: createAria2Client({
      rpcUrl: config.ARIA2_RPC_URL,
      secret: config.ARIA2_RPC_SECRET,
      aria2cPath: config.ARIA2C_PATH,
      stateDir: config.STATE_DIR,
      downloadsRoot: config.DOWNLOADS_ROOT,
      pathMap: deps.pathMap,
      proxyUrl: deps.forwardProxyUrl
    })
  }
}
