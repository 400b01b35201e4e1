// qBittorrent WebUI API v2 client, one implementation of the torrent client contract (app.backends.torrent). Logs in with TORRENT_CLIENT_USERNAME/PASSWORD
// for a session cookie and logs in again once when a call answers 403 (expired session). Sends neither
// Referer nor Origin: the WebUI's CSRF check only rejects them when present and not an exact host:port match.
// Reads webapiVersion once to pick 4.x names (pause/resume, paused) or 5.x names (stop/start, stopped).
import { BackendError, ToolError } from '../../core/errors.js'
import { qbittorrentStatus } from '../../core/download-state/index.js'
import { createHttpBackend, type HttpCall, type ProbeResult } from '../http.js'
import type { TorrentClient, TorrentClientSettings } from '../torrent/types.js'
import { magnetHash, readTorrentFile } from './torrent-file.js'
import { backendSavePath as savePathFor, insideFolder } from '../torrent/save-path.js'
import { probeVersion } from '../torrent/probe.js'
import { multipart, sessionCookie } from './wire.js'
import {
  isoFromEpoch, phaseOf, type AddTorrentOptions, type RawTorrent, type TorrentFileEntry, type TorrentInfo
} from './types.js'

export type { TorrentInfo, TorrentFileEntry, AddTorrentOptions } from './types.js'

const SERVICE = 'qBittorrent'
const ETA_INFINITE = 8_640_000

export type QbittorrentOptions = TorrentClientSettings

export function createQbittorrentClient (opts: QbittorrentOptions) {
  /** The session cookie(s) the login set, as `name=value` pairs (the name differs by version, see login()). */
  let session: string | undefined
  let loggedIn = false
  let loggingIn: Promise<void> | undefined
  let api: { webapi: string, v5: boolean } | undefined

  const http = createHttpBackend({
    service: SERVICE,
    baseUrl: opts.url,
    urlVar: 'TORRENT_CLIENT_URL',
    keyVar: 'TORRENT_CLIENT_PASSWORD',
    headers: (): Record<string, string> => (session ? { cookie: session } : {}),
    deadlineMs: opts.deadlineMs,
    concurrency: 4
  })

  // Login answers by version (github.com/qbittorrent/qBittorrent, src/webui/api/authcontroller.cpp and
  // src/webui/webapplication.cpp): up to 5.1 (release-4.5.2, release-5.1.0) 200 "Ok." or 200 "Fails.", cookie
  // "SID", which 4.6–5.1 let users rename (WebAPI\SessionCookieName, release-4.6.0 webapplication.cpp);
  // from 5.2 (release-5.2.0, commits 0c48b70e5 and 753fb80e9) 204 with no body, 401 for wrong credentials,
  // cookie "QBT_SID_<WebUI port>". All versions answer 403 to a banned address. So: any success, any cookie.
  async function login (): Promise<void> {
    const body = new URLSearchParams({ username: opts.username, password: opts.password }).toString()
    let res
    try {
      // A read: it changes no data, and every read waits on it, so it gets the read deadline.
      res = await http.call<string>({ method: 'POST', kind: 'read', path: '/api/v2/auth/login', body, contentType: 'application/x-www-form-urlencoded', as: 'text' })
    } catch (err) {
      if (err instanceof BackendError && err.status === 403) {
        throw new BackendError(SERVICE, 'qBittorrent has banned this server\'s address after too many failed logins. Fix TORRENT_CLIENT_USERNAME/TORRENT_CLIENT_PASSWORD, then restart qBittorrent (or wait for WebUI\\BanDuration).', 403, 'unauthorized')
      }
      if (err instanceof BackendError && err.status === 401) {
        throw new BackendError(SERVICE, 'qBittorrent rejected the login (HTTP 401): check TORRENT_CLIENT_USERNAME and TORRENT_CLIENT_PASSWORD; if they are right, its CSRF or host check refused TORRENT_CLIENT_URL (see WebUI\\ServerDomains).', 401, 'unauthorized')
      }
      throw err
    }
    const succeeded = res.status === 204 || (res.status === 200 && res.data.trim() === 'Ok.')
    if (!succeeded) {
      const detail = res.data.trim() === 'Fails.' ? '' : ` (it answered HTTP ${res.status}; is TORRENT_CLIENT_URL the qBittorrent WebUI?)`
      throw new BackendError(SERVICE, `qBittorrent rejected the login: check TORRENT_CLIENT_USERNAME and TORRENT_CLIENT_PASSWORD${detail}.`, res.status, 'unauthorized')
    }
    // No cookie is normal when the WebUI bypasses auth for this address (LocalHostAuth off or a whitelisted subnet).
    session = sessionCookie(res.headers['set-cookie'])
    loggedIn = true
  }

  /** One login at a time; concurrent callers share it. */
  async function ensureLogin () {
    loggingIn ??= login().finally(() => { loggingIn = undefined })
    await loggingIn
  }

  /** An authenticated call: logs in first when needed, and once more when the session has expired (403). */
  async function call<T> (c: HttpCall): Promise<T> {
    if (!loggedIn) await ensureLogin()
    try {
      return (await http.call<T>(c)).data
    } catch (err) {
      if (!(err instanceof BackendError) || err.code !== 'unauthorized') throw err
      if (err.status === 401) {
        throw new BackendError(SERVICE, 'qBittorrent refused the request (HTTP 401): its WebUI CSRF or host check rejected it. Check TORRENT_CLIENT_URL and WebUI\\ServerDomains.', 401, 'unauthorized')
      }
      session = undefined
      loggedIn = false
      await ensureLogin()
      return (await http.call<T>(c)).data
    }
  }

  function form (path: string, fields: Record<string, string>, as: HttpCall['as'] = 'text'): HttpCall {
    return { method: 'POST', path, body: new URLSearchParams(fields).toString(), contentType: 'application/x-www-form-urlencoded', as }
  }

  async function apiVersion () {
    if (!api) {
      const webapi = (await call<string>({ path: '/api/v2/app/webapiVersion', as: 'text' })).trim()
      const [major, minor] = webapi.split('.').map(Number)
      api = { webapi, v5: major > 2 || (major === 2 && minor >= 11) }
    }
    return api
  }

  function toOurs (path: string) {
    return opts.pathMap.toOurs(path)
  }

  const backendSavePath = (ours: string) => savePathFor(ours, opts.downloadsRoot, opts.pathMap)

  function trim (t: RawTorrent): TorrentInfo {
    return {
      hash: t.hash,
      name: t.name,
      state: t.state,
      phase: phaseOf(t.state),
      status: qbittorrentStatus(t),
      progress: t.progress,
      downloadSpeed: t.dlspeed,
      uploadSpeed: t.upspeed,
      etaSeconds: t.eta >= 0 && t.eta < ETA_INFINITE ? t.eta : undefined,
      sizeBytes: t.size,
      amountLeftBytes: t.amount_left,
      savePath: toOurs(t.save_path),
      contentPath: toOurs(contentPathOf(t)),
      category: t.category,
      tags: t.tags.split(',').map(s => s.trim()).filter(Boolean),
      addedOn: isoFromEpoch(t.added_on),
      completedOn: isoFromEpoch(t.completion_on),
      ratio: t.ratio,
      ...(t.state === 'stalledDL' ? { stall: 'noData' as const } : t.state === 'metaDL' || t.state === 'forcedMetaDL' ? { stall: 'noMetadata' as const } : {}),
      ...(t.state === 'missingFiles' ? { filesMissing: true } : {})
    }
  }

  async function list (filter: { hashes?: string[], category?: string, tag?: string } = {}): Promise<TorrentInfo[]> {
    const raw = await call<RawTorrent[]>({
      path: '/api/v2/torrents/info',
      query: { hashes: filter.hashes?.join('|'), category: filter.category, tag: filter.tag }
    })
    return (raw ?? []).map(trim)
  }

  // qBittorrent answers torrents/add before the torrent is in its session: until it is, the torrent is missing
  // from lists and calls naming its hash (peers, pause) are ignored. Wait briefly so callers see what they added.
  async function untilListed (hash: string, timeoutMs = 5_000) {
    const deadline = Date.now() + timeoutMs
    while ((await list({ hashes: [hash] })).length === 0 && Date.now() < deadline) {
      await new Promise(resolve => setTimeout(resolve, 100))
    }
  }

  async function add (parts: { magnet?: string, torrent?: Buffer }, hash: string, o: AddTorrentOptions) {
    const { v5 } = await apiVersion()
    const fields: Record<string, string> = {}
    // A save path is where the torrent goes, whatever the client's defaults: automatic management would put it
    // in its category's folder instead, and an "incomplete" download path writes outside it until it finishes
    // (torrentscontroller.cpp addAction: autoTMM, useDownloadPath; release-4.5.2 and later).
    if (o.savePath) Object.assign(fields, { savepath: backendSavePath(o.savePath), autoTMM: 'false', useDownloadPath: 'false' })
    if (o.category) fields.category = o.category
    if (o.tags?.length) fields.tags = o.tags.join(',')
    if (o.paused) fields[v5 ? 'stopped' : 'paused'] = 'true'
    if (o.skipChecking) fields.skip_checking = 'true'
    let c: HttpCall
    if (parts.torrent) {
      const { body, contentType } = multipart(fields, { name: 'torrents', filename: `${hash}.torrent`, type: 'application/x-bittorrent', data: parts.torrent })
      c = { method: 'POST', path: '/api/v2/torrents/add', body, contentType, as: 'text', deadlineMs: 60_000 }
    } else c = form('/api/v2/torrents/add', { ...fields, urls: parts.magnet! })
    const answer = (await call<string>({ ...c, allowStatus: [202, 409, 415] })).trim()
    // 4.x–5.1 answer "Ok."/"Fails."; 5.2+ answer JSON counts (409 when nothing was added).
    if (answer === 'Ok.' || /"success_count"\s*:\s*[1-9]|"pending_count"\s*:\s*[1-9]/.test(answer)) {
      await untilListed(hash)
      return { hash }
    }
    if (/not a valid torrent/i.test(answer)) throw new ToolError('qBittorrent says the .torrent file is not valid.')
    const existing = await list({ hashes: [hash] })
    if (existing.length > 0) throw new ToolError(`qBittorrent already has this torrent (${existing[0].name}, hash ${hash}). Use cancel_downloads to list it.`)
    throw new BackendError(SERVICE, 'qBittorrent did not add the torrent (it answered "Fails."). Check its log for the reason.', 200, 'rejected')
  }

  const client = {
    service: SERVICE,
    pathMap: opts.pathMap,

    /** WebUI and API version; `v5` selects stop/start names. */
    async version () {
      const app = (await call<string>({ path: '/api/v2/app/version', as: 'text' })).trim()
      return { app, ...(await apiVersion()) }
    },

    list,

    async files (hash: string): Promise<TorrentFileEntry[]> {
      const raw = await call<Array<{ name: string, size: number, progress: number }>>({ path: '/api/v2/torrents/files', query: { hash } })
      return raw.map(f => ({ name: f.name, sizeBytes: f.size, progress: f.progress }))
    },

    /** Adds a magnet link (checked by the URL guard before this call). Returns its info-hash. */
    async addMagnet (magnet: string, o: AddTorrentOptions = {}) {
      const hash = magnetHash(magnet)
      if (!hash) throw new ToolError('The magnet link has no BitTorrent info-hash (xt=urn:btih:…).')
      return await add({ magnet }, hash, o)
    },

    /** Uploads .torrent bytes (fetched by this server through the URL guard, never by qBittorrent). */
    async addTorrentFile (torrent: Buffer, o: AddTorrentOptions = {}) {
      const { hash } = readTorrentFile(torrent)
      return await add({ torrent }, hash, o)
    },

    /** Removes torrents; with deleteFiles their downloaded data too. Never retried (not idempotent in effect). */
    async remove (hashes: string[], { deleteFiles }: { deleteFiles: boolean }) {
      if (hashes.length === 0) return
      await call(form('/api/v2/torrents/delete', { hashes: hashes.join('|'), deleteFiles: String(deleteFiles) }))
    },

    async pause (hashes: string[]) {
      const { v5 } = await apiVersion()
      await call(form(`/api/v2/torrents/${v5 ? 'stop' : 'pause'}`, { hashes: hashes.join('|') }))
    },

    async resume (hashes: string[]) {
      const { v5 } = await apiVersion()
      await call(form(`/api/v2/torrents/${v5 ? 'start' : 'resume'}`, { hashes: hashes.join('|') }))
    },

    /** Tells qBittorrent about peers (host:port) for these torrents. */
    async addPeers (hashes: string[], peers: string[]) {
      await call(form('/api/v2/torrents/addPeers', { hashes: hashes.join('|'), peers: peers.join('|') }))
    },

    async setPreferences (prefs: Record<string, unknown>) {
      await call(form('/api/v2/app/setPreferences', { json: JSON.stringify(prefs) }))
    },

    probe: (): Promise<ProbeResult> => probeVersion(SERVICE, async () => (await call<string>({ path: '/api/v2/app/version', as: 'text', deadlineMs: 5_000 })).trim()),

    circuit: http.circuit,
    close: () => http.close()
  }
  return client satisfies TorrentClient
}

export type QbittorrentClient = ReturnType<typeof createQbittorrentClient>

/**
 * Where the torrent's data is, as qBittorrent sees it. While it checks resume data, qBittorrent reports
 * content_path as a bare name: it is then relative to the save path (never trusted to climb out of it). A
 * torrent without its metadata yet (a magnet) has an empty content_path (release-4.5.2
 * src/base/bittorrent/torrentimpl.cpp contentPath(): `if (!hasMetadata()) return {};`), not its save path: it
 * holds nothing yet, so it is placed at save path + name, never over the whole save folder.
 */
export function contentPathOf (t: { content_path?: string, save_path: string, name: string }): string {
  return insideFolder(t.save_path, t.content_path || t.name)
}
