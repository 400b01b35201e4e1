// Deluge client over its Web UI's JSON-RPC (deluge-web, POST /json), one implementation of the torrent client
// contract (app.backends.torrent when TORRENT_CLIENT_TYPE=deluge). Citations are github.com/deluge-torrent/deluge
// at tag deluge-2.0.3 (Debian 12); the names and signatures used are the same through 2.2.0.
import { BackendError, ToolError } from '../../core/errors.js'
import { createHttpBackend, type ProbeResult } from '../http.js'
import { magnetHash, readTorrentFile } from '../qbittorrent/torrent-file.js'
import { backendSavePath } from '../torrent/save-path.js'
import { probeVersion } from '../torrent/probe.js'
import type { AddTorrentOptions, TorrentClient, TorrentClientSettings, TorrentFileEntry, TorrentInfo, TorrentListFilter } from '../torrent/types.js'
import { KEYS, type RawDelugeTorrent } from './types.js'
import { delugeRow } from './rows.js'
import { delugeLabels } from './labels.js'
import { DelugeCallError, delugeCallError, NOT_AUTHENTICATED, UNKNOWN_METHOD } from './errors.js'

const SERVICE = 'Deluge'
/** How long an unknown method is still taken for one the web UI has not learnt yet (a plugin just turned on). */
const METHODS_LEARNT_MS = 3_000

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
    deadlineMs: opts.deadlineMs,
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

  /** Whether this client has seen deluge-web connected to its daemon (a later disconnect is then a lost daemon). */
  let daemonSeen = false

  /**
   * Connects the web UI to its daemon: web.get_hosts → [[id, host, port, user], …] (json_api.py 777), then
   * web.connect(host_id) (454-468), which answers the daemon's method list once connected and null with no error
   * when it could not connect (_on_client_connect_fail, 436-439). The first host is the web UI's own host list's.
   */
  async function connect () {
    const hosts = await send<Array<[string, string, number, string]>>('web.get_hosts', [])
    const host = hosts.result?.[0]
    if (!host) throw new BackendError(SERVICE, 'Deluge Web UI has no daemon in its host list: add deluged in its Connection Manager.', 200, 'unavailable')
    const done = await send<unknown>('web.connect', [host[0]])
    if (Array.isArray(done.result)) return
    const why = done.error ? ` (${delugeCallError('web.connect', done.error).reason})` : ''
    const what = daemonSeen ? `deluge-web lost its connection to deluged (${host[1]}:${host[2]}) and could not reconnect${why}` : `deluge-web is not connected to deluged (${host[1]}:${host[2]}) and could not connect to it${why}`
    throw new BackendError(SERVICE, `${what}. Is deluged running? Start it (or its service), then try again.`, 200, 'unavailable')
  }

  /**
   * Makes sure deluge-web is connected to its daemon before a daemon call, reconnecting once when it is not. A
   * daemon restarted under a running deluge-web leaves it with the dead connection and the methods it had learnt,
   * so a core.* call is dispatched anyway and its Deferred never fires (json_api.py 155-160 checks no connection;
   * deluge/ui/client.py DaemonSSLProxy.call 307-339): only web.connected (json_api.py 469-477) says so.
   */
  async function daemonConnected () {
    let c = await send<boolean>('web.connected', [])
    if (c.error?.code === NOT_AUTHENTICATED) { await login(); c = await send<boolean>('web.connected', []) }
    if (c.result !== true) await connect()
    daemonSeen = true
  }

  /**
   * A call that logs in and connects to the daemon when the web UI says it must. Right after a plugin is turned
   * on the web UI is still learning its methods (json_api.py 395-412), so an unknown method is asked again for a
   * moment before it is taken as an old Deluge.
   */
  async function call<T> (method: string, params: unknown[], deadlineMs?: number): Promise<T> {
    if (!session) await login()
    await daemonConnected()
    const started = Date.now()
    for (let attempt = 0; ; attempt++) {
      const a = await send<T>(method, params, deadlineMs)
      if (!a.error) return a.result
      if (attempt === 0 && a.error.code === NOT_AUTHENTICATED) { await login(); continue }
      if (a.error.code === UNKNOWN_METHOD && Date.now() - started < METHODS_LEARNT_MS) { await new Promise(resolve => setTimeout(resolve, 100)); continue }
      if (a.error.code === UNKNOWN_METHOD) throw new BackendError(SERVICE, `Deluge does not know ${method}; this server supports Deluge 2.0 and later.`, 200, 'bad_response')
      throw delugeCallError(method, a.error)
    }
  }

  // core.get_torrents_status(filter_dict, keys) → {hash: {key: value}} (deluge/core/core.py 772); filter "id"
  // takes a list of hashes (deluge/core/filtermanager.py).
  async function list (filter: TorrentListFilter = {}): Promise<TorrentInfo[]> {
    if (filter.hashes?.length === 0) return []
    const f = filter.hashes ? { id: filter.hashes.map(h => h.toLowerCase()) } : {}
    const all = await call<Record<string, RawDelugeTorrent>>('core.get_torrents_status', [f, KEYS])
    return Object.values(all ?? {}).map(t => delugeRow(t, opts.pathMap))
      // Labels are lower case (the Label plugin lower-cases them, deluge_label/core.py add 178-190; so does add):
      // "Movies" finds what was added as "Movies".
      .filter(t => (filter.category === undefined || t.category === filter.category.toLowerCase()) && (filter.tag === undefined || t.tags.includes(filter.tag)))
  }

  /**
   * Options of an add: download_location and add_paused (deluge/core/torrentmanager.py 469, 655); with a save
   * path, move_completed off, so a finished torrent stays in the folder it was given (TorrentOptions).
   */
  function addOptions (o: AddTorrentOptions): Record<string, unknown> {
    return {
      ...(o.savePath && { download_location: backendSavePath(o.savePath, opts.downloadsRoot, opts.pathMap), move_completed: false }),
      ...(o.paused && { add_paused: true })
    }
  }

  // A daemon refusal reaches the person as a DelugeCallError, naming what was refused (clients/deluge/errors.ts).
  const labels = delugeLabels(call)

  /**
   * Deluge's add refusals (AddTorrentError, torrentmanager.py 436-448, 523-550) turned into what to do. A category
   * is its Label plugin's label: checked (and created) before the add, set on the torrent after it.
   */
  async function add (method: string, params: unknown[], hash: string, category?: string): Promise<{ hash: string }> {
    const label = category ? await labels.prepare(category) : undefined
    let id: string | null
    try {
      id = await call<string | null>(method, params, 60_000)
    } catch (err) {
      if (!(err instanceof DelugeCallError)) throw err
      if (/already (in session|being added)/.test(err.reason)) throw new ToolError(`Deluge already has this torrent (hash ${hash}). Use cancel_downloads to list it.`)
      if (/invalid|decode|bdecode/i.test(err.reason)) throw new ToolError(`Deluge says the torrent is not valid: ${err.reason}`)
      throw err
    }
    if (typeof id !== 'string' || id === '') throw new BackendError(SERVICE, 'Deluge did not add the torrent and gave no reason. Check its log.', 200, 'rejected')
    if (label) {
      try {
        await labels.set(id, label)
      } catch (err) {
        if (err instanceof DelugeCallError) throw new BackendError(SERVICE, `Deluge added the torrent (hash ${id.toLowerCase()}) but refused its label "${label}": ${err.reason}`, 200, 'rejected')
        throw err
      }
    }
    return { hash: id.toLowerCase() }
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
      const failed = await call<Array<[string, string]>>('core.remove_torrents', [hashes.map(h => h.toLowerCase()), deleteFiles]) ?? []
      if (failed.length > 0) {
        throw new BackendError(SERVICE, `Deluge did not remove ${failed.map(([id, e]) => `${id} (${String(e).slice(0, 120)})`).join(', ')}.`, 200, 'rejected')
      }
    },

    // pause_torrents / resume_torrents with no ids act on every torrent (core.py 674, 725): an empty list sends nothing.
    async pause (hashes: string[]) { if (hashes.length > 0) await call('core.pause_torrents', [hashes.map(h => h.toLowerCase())]) },

    async resume (hashes: string[]) { if (hashes.length > 0) await call('core.resume_torrents', [hashes.map(h => h.toLowerCase())]) },

    probe: (): Promise<ProbeResult> => probeVersion(SERVICE, async () => (await client.version()).app),

    circuit: http.circuit,
    close: () => http.close()
  }
  return client satisfies TorrentClient
}

export type DelugeClient = ReturnType<typeof createDelugeClient>
