// Deluge client over its Web UI's JSON-RPC (deluge-web, POST /json), one implementation of the torrent client
// contract (app.backends.torrent when TORRENT_CLIENT_TYPE=deluge). Citations are github.com/deluge-torrent/deluge
// at tag deluge-2.0.3 (Debian 12); the names and signatures used are the same through 2.2.0.
import { BackendError, ToolError } from '../../core/errors.js'
import { delugeStatus } from '../../core/download-state/index.js'
import { createHttpBackend, type ProbeResult } from '../http.js'
import { magnetHash, readTorrentFile } from '../qbittorrent/torrent-file.js'
import { isoFromEpoch } from '../qbittorrent/types.js'
import { backendSavePath, insideFolder } from '../torrent/save-path.js'
import { probeVersion } from '../torrent/probe.js'
import type { AddTorrentOptions, TorrentClient, TorrentClientSettings, TorrentFileEntry, TorrentInfo, TorrentListFilter } from '../torrent/types.js'
import { delugePhase, KEYS, NO_SUCH_FILE, type RawDelugeTorrent } from './types.js'
import { delugeLabels } from './labels.js'

const SERVICE = 'Deluge'
// deluge/ui/web/json_api.py 156-167: 1 no session (auth.login first), 2 a method the web UI does not know, which
// every core.* call gets while it is not connected to a daemon (remote methods are learnt on connect, 92-104).
const NOT_AUTHENTICATED = 1
const UNKNOWN_METHOD = 2
/** How long after connecting an unknown method is still taken for one the web UI has not learnt yet. */
const METHODS_LEARNT_MS = 3_000

/** Deluge's own reason for refusing a call (json_api.py 170-172, code 3: "ExceptionClass: message"). */
class DelugeCallError extends Error {}

interface Answer<T> { result: T, error: { message: string, code: number } | null }

/** The JSON endpoint: the URL as given when it ends in /json, else its path + /json (deluge/ui/web/server.py 525). */
export function jsonPath (url: string): { base: string, path: string } {
  const u = new URL(url)
  const path = u.pathname.replace(/\/+$/, '')
  return { base: u.origin, path: path.endsWith('/json') ? path : `${path}/json` }
}

function sessionCookie (setCookie: string | string[] | undefined): string | undefined {
  for (const c of [setCookie ?? []].flat()) {
    const m = /^_session_id=([^;]*)/.exec(c)
    if (m) return m[1]
  }
  return undefined
}

export function createDelugeClient (opts: TorrentClientSettings) {
  const { base, path } = jsonPath(opts.url)
  let session: string | undefined
  let nextId = 1
  const http = createHttpBackend({
    service: SERVICE,
    baseUrl: base,
    urlVar: 'TORRENT_CLIENT_URL',
    keyVar: 'TORRENT_CLIENT_PASSWORD',
    headers: (): Record<string, string> => session ? { cookie: `_session_id=${session}` } : {},
    deadlineMs: opts.deadlineMs ?? 15_000,
    concurrency: 4
  })

  /** One call as sent; the answer's error is returned, not thrown. */
  async function send<T> (method: string, params: unknown[], deadlineMs?: number): Promise<Answer<T> & { cookie?: string }> {
    // Content-Type must be exactly application/json on 2.0.x (json_api.py 197-200); http.ts sends that.
    const res = await http.call<string>({ method: 'POST', path, json: { method, params, id: nextId++ }, as: 'text', ...(deadlineMs && { deadlineMs }) })
    let data: Answer<T> | undefined
    try { data = JSON.parse(res.data) as Answer<T> } catch { data = undefined }
    if (data === undefined || typeof data !== 'object' || !('error' in data)) {
      throw new BackendError(SERVICE, 'Deluge sent an answer that is not a JSON-RPC answer. Is TORRENT_CLIENT_URL the Deluge Web UI address (http://host:8112)?', res.status, 'bad_response')
    }
    return { ...data, cookie: sessionCookie(res.headers['set-cookie']) }
  }

  /** auth.login(password) → true/false and the _session_id cookie (deluge/ui/web/auth.py 243). */
  async function login () {
    const a = await send<boolean>('auth.login', [opts.password])
    if (a.result !== true || !a.cookie) {
      throw new BackendError(SERVICE, 'Deluge rejected the login: check TORRENT_CLIENT_PASSWORD (the Deluge Web UI password).', 200, 'unauthorized')
    }
    session = a.cookie
  }

  /**
   * Connects the web UI to a daemon when it is not: web.connected (json_api.py 470), web.get_hosts → [[id, host,
   * port, user], …] (777), web.connect(host_id) (455). The first host is the one the web UI's own host list names.
   */
  async function connect () {
    const c = await send<boolean>('web.connected', [])
    if (c.result === true) return
    const hosts = await send<Array<[string, string, number, string]>>('web.get_hosts', [])
    const host = hosts.result?.[0]
    if (!host) throw new BackendError(SERVICE, 'Deluge Web UI has no daemon in its host list: add deluged in its Connection Manager.', 200, 'unavailable')
    const done = await send<unknown>('web.connect', [host[0]])
    if (done.error) throw new BackendError(SERVICE, `Deluge Web UI could not connect to its daemon ${host[1]}:${host[2]}: ${done.error.message.slice(0, 200)}. Is deluged running?`, 200, 'unavailable')
  }

  /**
   * A call that logs in and connects to the daemon when the web UI says it must, then is sent again. Right after
   * a connect the web UI may still be learning the daemon's methods (it asks for them once connected), so an
   * unknown method is retried for a moment before it is taken as an old Deluge.
   */
  async function call<T> (method: string, params: unknown[], deadlineMs?: number): Promise<T> {
    if (!session) await login()
    let connectedAt: number | undefined
    for (let attempt = 0; ; attempt++) {
      const a = await send<T>(method, params, deadlineMs)
      if (!a.error) return a.result
      if (attempt === 0 && a.error.code === NOT_AUTHENTICATED) { await login(); continue }
      if (a.error.code === UNKNOWN_METHOD && connectedAt === undefined) { await connect(); connectedAt = Date.now(); continue }
      if (a.error.code === UNKNOWN_METHOD && Date.now() - connectedAt! < METHODS_LEARNT_MS) { await new Promise(resolve => setTimeout(resolve, 100)); continue }
      if (a.error.code === UNKNOWN_METHOD) throw new BackendError(SERVICE, `Deluge does not know ${method}; this server supports Deluge 2.0 and later.`, 200, 'bad_response')
      throw new DelugeCallError(a.error.message)
    }
  }

  function trim (t: RawDelugeTorrent): TorrentInfo {
    const phase = delugePhase(t)
    const left = Math.max(0, t.total_wanted - t.total_done)
    return {
      hash: t.hash.toLowerCase(),
      name: t.name,
      state: t.state,
      phase,
      status: delugeStatus(t),
      // progress reads 100 in Error whatever is on disk (torrent.py 958-959): bytes say it then.
      progress: t.state === 'Error' ? (t.total_wanted > 0 ? t.total_done / t.total_wanted : 0) : t.progress / 100,
      downloadSpeed: t.download_payload_rate,
      uploadSpeed: t.upload_payload_rate,
      etaSeconds: t.eta > 0 ? t.eta : undefined,
      sizeBytes: t.total_wanted,
      amountLeftBytes: left,
      savePath: opts.pathMap.toOurs(t.download_location),
      contentPath: opts.pathMap.toOurs(insideFolder(t.download_location, t.name)),
      category: t.label ?? '',
      tags: [],
      addedOn: isoFromEpoch(t.time_added),
      completedOn: isoFromEpoch(t.completed_time),
      ratio: t.ratio,
      ...(phase === 'error' ? { error: t.message } : {}),
      // A magnet without metadata has no size yet; otherwise downloading with nothing arriving.
      ...(phase === 'downloading' && t.total_wanted === 0 ? { stall: 'noMetadata' as const } : phase === 'downloading' && t.download_payload_rate === 0 ? { stall: 'noData' as const } : {}),
      ...(phase === 'error' && NO_SUCH_FILE.test(t.message) ? { filesMissing: true } : {})
    }
  }

  // core.get_torrents_status(filter_dict, keys) → {hash: {key: value}} (deluge/core/core.py 772); filter "id"
  // takes a list of hashes (deluge/core/filtermanager.py).
  async function list (filter: TorrentListFilter = {}): Promise<TorrentInfo[]> {
    if (filter.hashes?.length === 0) return []
    const f = filter.hashes ? { id: filter.hashes.map(h => h.toLowerCase()) } : {}
    const all = await call<Record<string, RawDelugeTorrent>>('core.get_torrents_status', [f, KEYS])
    return Object.values(all ?? {}).map(trim)
      .filter(t => (filter.category === undefined || t.category === filter.category) && (filter.tag === undefined || t.tags.includes(filter.tag)))
  }

  /** Options of an add: download_location and add_paused (deluge/core/torrentmanager.py 469, 655). */
  function addOptions (o: AddTorrentOptions): Record<string, unknown> {
    return {
      ...(o.savePath && { download_location: backendSavePath(o.savePath, opts.downloadsRoot, opts.pathMap) }),
      ...(o.paused && { add_paused: true })
    }
  }

  /** A call of the Label plugin's (clients/deluge/labels.ts), its refusal named. */
  async function labelCall<T> (method: string, params: unknown[]): Promise<T> {
    try {
      return await call<T>(method, params)
    } catch (err) {
      if (err instanceof DelugeCallError) throw new BackendError(SERVICE, `Deluge refused ${method}: ${err.message.slice(0, 200)}.`, 200, 'rejected')
      throw err
    }
  }
  const labels = delugeLabels(labelCall)

  /**
   * Deluge's add refusals (AddTorrentError, torrentmanager.py 436-448, 523-550) turned into what to do. A category
   * is its Label plugin's label: checked (and created) before the add, set on the torrent after it.
   */
  async function add (method: string, params: unknown[], hash: string, category?: string): Promise<{ hash: string }> {
    const label = category ? await labels.prepare(category) : undefined
    try {
      const id = await call<string | null>(method, params, 60_000)
      if (typeof id !== 'string' || id === '') throw new BackendError(SERVICE, 'Deluge did not add the torrent and gave no reason. Check its log.', 200, 'rejected')
      if (label) await labels.set(id, label)
      return { hash: id.toLowerCase() }
    } catch (err) {
      if (!(err instanceof DelugeCallError)) throw err
      if (/already (in session|being added)/.test(err.message)) throw new ToolError(`Deluge already has this torrent (hash ${hash}). Use cancel_downloads to list it.`)
      if (/invalid|decode|bdecode/i.test(err.message)) throw new ToolError(`Deluge says the torrent is not valid: ${err.message.slice(0, 200)}.`)
      throw new BackendError(SERVICE, `Deluge did not add the torrent: ${err.message.slice(0, 200)}.`, 200, 'rejected')
    }
  }

  async function act (method: string, params: unknown[]) {
    try {
      await call(method, params)
    } catch (err) {
      if (err instanceof DelugeCallError) throw new BackendError(SERVICE, `Deluge refused ${method}: ${err.message.slice(0, 200)}.`, 200, 'rejected')
      throw err
    }
  }

  const client = {
    service: SERVICE,
    pathMap: opts.pathMap,
    /** The Label plugin its categories need (setup turns it on: lib/setup/deluge-label.ts). */
    labelPlugin: { on: labels.pluginOn, enable: labels.enablePlugin },

    /** daemon.get_version (deluge/core/daemon.py 186), e.g. "2.0.3": the daemon's, which does the work. */
    async version () {
      return { app: String(await call<string>('daemon.get_version', [])).trim(), v5: false }
    },

    list,

    /** core.get_torrent_status(id, ["files", "file_progress"]) (core.py 758; torrent.py 759-770, 1127-1128). */
    async files (hash: string): Promise<TorrentFileEntry[]> {
      const s = await call<{ files?: Array<{ path: string, size: number }>, file_progress?: number[] }>('core.get_torrent_status', [hash.toLowerCase(), ['files', 'file_progress']])
      return (s?.files ?? []).map((f, i) => ({ name: f.path, sizeBytes: f.size, progress: s.file_progress?.[i] ?? 0 }))
    },

    /** core.add_torrent_magnet(uri, options) → torrent_id (core.py 556); the URL guard checked the link first. */
    async addMagnet (magnet: string, o: AddTorrentOptions = {}) {
      const hash = magnetHash(magnet)
      if (!hash) throw new ToolError('The magnet link has no BitTorrent info-hash (xt=urn:btih:…).')
      return await add('core.add_torrent_magnet', [magnet, addOptions(o)], hash, o.category)
    },

    /**
     * core.add_torrent_file(filename, base64, options) (core.py 465): the bytes this server fetched, so Deluge
     * never fetches a URL of ours (core.add_torrent_url, core.py 518, would let the daemon fetch it unguarded).
     */
    async addTorrentFile (torrent: Buffer, o: AddTorrentOptions = {}) {
      const { hash } = readTorrentFile(torrent)
      return await add('core.add_torrent_file', [`${hash}.torrent`, torrent.toString('base64'), addOptions(o)], hash, o.category)
    },

    /** core.remove_torrents(ids, remove_data) → [[id, error], …] (core.py 592); a failure per torrent is named. */
    async remove (hashes: string[], { deleteFiles }: { deleteFiles: boolean }) {
      if (hashes.length === 0) return
      let failed: Array<[string, string]> = []
      try {
        failed = await call<Array<[string, string]>>('core.remove_torrents', [hashes.map(h => h.toLowerCase()), deleteFiles]) ?? []
      } catch (err) {
        if (err instanceof DelugeCallError) throw new BackendError(SERVICE, `Deluge refused the removal: ${err.message.slice(0, 200)}.`, 200, 'rejected')
        throw err
      }
      if (failed.length > 0) {
        throw new BackendError(SERVICE, `Deluge did not remove ${failed.map(([id, e]) => `${id} (${String(e).slice(0, 120)})`).join(', ')}.`, 200, 'rejected')
      }
    },

    // pause_torrents / resume_torrents with no ids act on every torrent (core.py 674, 725): an empty list sends nothing.
    async pause (hashes: string[]) { if (hashes.length > 0) await act('core.pause_torrents', [hashes.map(h => h.toLowerCase())]) },

    async resume (hashes: string[]) { if (hashes.length > 0) await act('core.resume_torrents', [hashes.map(h => h.toLowerCase())]) },

    probe: (): Promise<ProbeResult> => probeVersion(SERVICE, async () => (await client.version()).app),

    circuit: http.circuit,
    close: () => http.close()
  }
  return client satisfies TorrentClient
}

export type DelugeClient = ReturnType<typeof createDelugeClient>
