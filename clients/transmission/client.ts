// Transmission RPC client, one implementation of the torrent client contract (app.backends.torrent when
// TORRENT_CLIENT_TYPE=transmission). It speaks the old protocol (method "torrent-get", camelCase fields), which
// every release from 3.00 through 4.1.x answers (github.com/transmission/transmission, 3.00
// extras/rpc-spec.txt; 4.1.3 libtransmission/rpcimpl.cc 2837-2851 converts it in and out).
import { BackendError, ToolError } from '../../core/errors.js'
import { createHttpBackend, type HttpCall, type ProbeResult } from '../http.js'
import { magnetHash, readTorrentFile } from '../qbittorrent/torrent-file.js'
import { isoFromEpoch } from '../qbittorrent/types.js'
import { backendSavePath, insideFolder } from '../torrent/save-path.js'
import { probeVersion } from '../torrent/probe.js'
import type { AddTorrentOptions, TorrentClient, TorrentClientSettings, TorrentFileEntry, TorrentInfo, TorrentListFilter } from '../torrent/types.js'
import { transmissionStatus } from '../../core/download-state/index.js'
import { FIELDS, LOCAL_ERROR, NO_DATA_FOUND, transmissionState, type RawTransmissionTorrent } from './types.js'

const SERVICE = 'Transmission'
// 3.00 libtransmission/transmission.h 54; 4.1.3 transmission.h 58.
const SESSION_HEADER = 'x-transmission-session-id'

export type TransmissionOptions = TorrentClientSettings

interface Envelope<T> { result: string, arguments?: T }

/** The RPC endpoint: the URL as given when it ends in /rpc, else its path + /rpc, else the default /transmission/rpc. */
export function rpcPath (url: string): { base: string, path: string } {
  const u = new URL(url)
  const path = u.pathname.replace(/\/+$/, '')
  const base = u.origin
  if (path.endsWith('/rpc')) return { base, path }
  return { base, path: path === '' ? '/transmission/rpc' : `${path}/rpc` }
}

export function createTransmissionClient (opts: TransmissionOptions) {
  const { base, path } = rpcPath(opts.url)
  let sessionId: string | undefined
  // HTTP Basic, sent only when a user or password is set (rpc-authentication-required is optional):
  // 3.00 libtransmission/rpc-server.c 650-682; 4.1.3 docs/rpc-spec.md 126-135.
  const basic = opts.username !== '' || opts.password !== ''
    ? `Basic ${Buffer.from(`${opts.username}:${opts.password}`).toString('base64')}`
    : undefined
  const http = createHttpBackend({
    service: SERVICE,
    baseUrl: base,
    urlVar: 'TORRENT_CLIENT_URL',
    keyVar: 'TORRENT_CLIENT_PASSWORD',
    headers: (): Record<string, string> => ({ ...(basic && { authorization: basic }), ...(sessionId && { [SESSION_HEADER]: sessionId }) }),
    deadlineMs: opts.deadlineMs,
    concurrency: 4
  })

  function refused (err: unknown): never {
    if (err instanceof BackendError && err.status === 401) {
      throw new BackendError(SERVICE, 'Transmission rejected the login (HTTP 401): check TORRENT_CLIENT_USERNAME and TORRENT_CLIENT_PASSWORD (its rpc-username and rpc-password).', 401, 'unauthorized')
    }
    // 3.00 rpc-server.c 637-650: too many failed logins, or this server's address is not in rpc-whitelist.
    if (err instanceof BackendError && err.status === 403) {
      throw new BackendError(SERVICE, 'Transmission refused this server (HTTP 403): either its address is not in rpc-whitelist (add it, or set rpc-whitelist-enabled to false, in settings.json) or too many logins failed (restart transmission-daemon).', 403, 'unauthorized')
    }
    // 3.00 rpc-server.c 702-716: a host name that is not in rpc-host-whitelist while no password is required.
    if (err instanceof BackendError && err.status === 421) {
      throw new BackendError(SERVICE, 'Transmission refused the host name in TORRENT_CLIENT_URL (HTTP 421): add it to rpc-host-whitelist in settings.json, or turn on rpc-authentication-required.', 421, 'rejected')
    }
    throw err
  }

  /**
   * One RPC call. The first call (and any after Transmission restarts) gets 409 with the current session id in
   * X-Transmission-Session-Id; it is kept and the call sent again (3.00 extras/rpc-spec.txt 56-67, rpc-server.c
   * 720-738; 4.1.3 libtransmission/rpc-server.cc 616-636). Transmission answers 200 even when the call failed:
   * the failure is `result` (3.00 rpc-spec.txt 29-45).
   */
  async function rpc<T> (method: string, args: Record<string, unknown>, c: Partial<HttpCall> = {}): Promise<{ result: string, args: T }> {
    for (let attempt = 0; ; attempt++) {
      let res
      try {
        // Text, parsed below: the 409 answer is an HTML page.
        res = await http.call<string>({ method: 'POST', path, json: { method, arguments: args }, allowStatus: [409], as: 'text', ...c })
      } catch (err) { refused(err) }
      if (res.status === 409) {
        const id = res.headers[SESSION_HEADER]
        if (typeof id !== 'string' || id === '' || attempt > 0) {
          throw new BackendError(SERVICE, 'Transmission kept refusing the session id (HTTP 409). Is TORRENT_CLIENT_URL the Transmission RPC address (http://host:9091/transmission/rpc)?', 409, 'bad_response')
        }
        sessionId = id
        continue
      }
      let data: Envelope<T> | undefined
      try { data = JSON.parse(res.data) as Envelope<T> } catch { data = undefined }
      if (typeof data?.result !== 'string') {
        throw new BackendError(SERVICE, 'Transmission sent an answer that is not an RPC answer. Is TORRENT_CLIENT_URL the Transmission RPC address (http://host:9091/transmission/rpc)?', res.status, 'bad_response')
      }
      return { result: data.result, args: (data.arguments ?? {}) as T }
    }
  }

  /** A call that must succeed: any result other than "success" is Transmission's own reason, passed on. */
  async function must<T> (method: string, args: Record<string, unknown>, c: Partial<HttpCall> = {}): Promise<T> {
    const { result, args: out } = await rpc<T>(method, args, c)
    if (result !== 'success') throw new BackendError(SERVICE, `Transmission refused ${method}: ${result.slice(0, 200)}.`, 200, 'rejected')
    return out
  }

  const read = <T>(method: string, args: Record<string, unknown>) => must<T>(method, args, { kind: 'read' })

  /**
   * The session's folder for unfinished torrents, when one is on: a torrent keeps its data there until it is
   * complete and is then moved to its download-dir (3.00 libtransmission/torrent.c: torrentInit 950-958 takes the
   * session's incomplete-dir, refreshCurrentDir 3577-3597 looks there, recheckCompleteness 2323-2326 moves it).
   */
  async function incompleteDir (): Promise<string | undefined> {
    const s = await read<{ 'incomplete-dir-enabled'?: boolean, 'incomplete-dir'?: string }>('session-get', { fields: ['incomplete-dir-enabled', 'incomplete-dir'] })
    return s['incomplete-dir-enabled'] === true && typeof s['incomplete-dir'] === 'string' && s['incomplete-dir'] !== '' ? s['incomplete-dir'] : undefined
  }

  function trim (t: RawTransmissionTorrent, incomplete?: string): TorrentInfo {
    const { state, phase } = transmissionState(t)
    const savePath = opts.pathMap.toOurs(t.downloadDir)
    const labels = t.labels ?? []
    return {
      hash: t.hashString.toLowerCase(),
      name: t.name,
      state,
      phase,
      status: transmissionStatus(t),
      progress: t.percentDone,
      downloadSpeed: t.rateDownload,
      uploadSpeed: t.rateUpload,
      etaSeconds: t.eta >= 0 ? t.eta : undefined,
      sizeBytes: t.sizeWhenDone,
      amountLeftBytes: t.leftUntilDone,
      savePath,
      // A torrent's name is its single file or its top folder, inside downloadDir.
      contentPath: opts.pathMap.toOurs(insideFolder(t.downloadDir, t.name)),
      ...(incomplete !== undefined && (t.leftUntilDone > 0 || t.metadataPercentComplete < 1) ? { partialPath: opts.pathMap.toOurs(insideFolder(incomplete, t.name)) } : {}),
      // Transmission has no categories: the first label stands for one (labels exist from rpc 16, 3.00).
      category: labels[0] ?? '',
      tags: labels.slice(1),
      addedOn: isoFromEpoch(t.addedDate),
      completedOn: isoFromEpoch(t.doneDate),
      ratio: t.uploadRatio,
      ...(t.error === LOCAL_ERROR || (t.error !== 0 && t.errorString) ? { error: t.errorString } : {}),
      // Downloading with nothing arriving, as qBittorrent's metaDL / stalledDL (the stuck view waits on these).
      ...(phase === 'downloading' && t.metadataPercentComplete < 1 ? { stall: 'noMetadata' as const } : phase === 'downloading' && t.rateDownload === 0 ? { stall: 'noData' as const } : {}),
      ...(t.error === LOCAL_ERROR && NO_DATA_FOUND.test(t.errorString) ? { filesMissing: true } : {})
    }
  }

  // `ids` absent means every torrent to torrent-remove, -start and -stop (3.00 rpc-spec.txt 96-101; rpcimpl.c
  // getTorrents 108): every call that acts names its hashes, and an empty list sends nothing.
  async function list (filter: TorrentListFilter = {}): Promise<TorrentInfo[]> {
    if (filter.hashes?.length === 0) return []
    const args: Record<string, unknown> = { fields: FIELDS }
    if (filter.hashes) args.ids = filter.hashes
    const [{ torrents }, incomplete] = await Promise.all([read<{ torrents?: RawTransmissionTorrent[] }>('torrent-get', args), incompleteDir()])
    return (torrents ?? []).map(t => trim(t, incomplete))
      .filter(t => (filter.category === undefined || t.category === filter.category) && (filter.tag === undefined || t.tags.includes(filter.tag)))
  }

  async function add (source: { filename: string } | { metainfo: string }, hash: string, o: AddTorrentOptions): Promise<{ hash: string }> {
    const labels = transmissionLabels(o)
    const args: Record<string, unknown> = { ...source }
    if (o.savePath) args['download-dir'] = backendSavePath(o.savePath, opts.downloadsRoot, opts.pathMap)
    if (o.paused) args.paused = true
    // torrent-add: "torrent-added" {id, name, hashString}; a duplicate is "torrent-duplicate", with result "success"
    // on 3.00 (rpcimpl.c addTorrentImpl 1725-1774 clears it at 1771) and from 4.0.3 (4.1.3 docs/rpc-spec.md 516), "duplicate
    // torrent" on 4.0.0-4.0.2 (rpcimpl.cc 1503-1511): the torrent-duplicate argument is what says it.
    const { result, args: out } = await rpc<{ 'torrent-added'?: { hashString: string, name: string }, 'torrent-duplicate'?: { hashString: string, name: string } }>('torrent-add', args, { deadlineMs: 60_000 })
    if (out['torrent-duplicate']) {
      throw new ToolError(`Transmission already has this torrent (${out['torrent-duplicate'].name}, hash ${hash}). Use cancel_downloads to list it.`)
    }
    if (result === 'invalid or corrupt torrent file') throw new ToolError('Transmission says the .torrent file is not valid.')
    if (result !== 'success' || !out['torrent-added']) {
      throw new BackendError(SERVICE, `Transmission did not add the torrent (it answered "${result.slice(0, 200)}"). Check its log for the reason.`, 200, 'rejected')
    }
    const added = out['torrent-added'].hashString.toLowerCase()
    // Labels on torrent-add exist only from 4.0 (rpc 17); torrent-set has them from 3.00 (rpc 16,
    // 3.00 rpc-spec.txt 808-809), so they are set after the add on every version, checked before it.
    if (labels.length > 0) await must('torrent-set', { ids: [added], labels })
    return { hash: added }
  }

  const act = async (method: string, hashes: string[], extra: Record<string, unknown> = {}) => {
    if (hashes.length === 0) return
    await must(method, { ids: hashes, ...extra })
  }

  const client = {
    service: SERVICE,
    pathMap: opts.pathMap,

    /** "3.00 (bb6b5a062e)" from session-get `version` (3.00 rpc-spec.txt 533). */
    async version () {
      const s = await read<{ version?: string }>('session-get', { fields: ['version', 'rpc-version'] })
      return { app: String(s.version ?? '').trim(), v5: false }
    },

    list,

    async files (hash: string): Promise<TorrentFileEntry[]> {
      const { torrents } = await read<{ torrents?: Array<{ files?: Array<{ name: string, length: number, bytesCompleted: number }> }> }>('torrent-get', { ids: [hash], fields: ['files'] })
      return (torrents?.[0]?.files ?? []).map(f => ({ name: f.name, sizeBytes: f.length, progress: f.length > 0 ? f.bytesCompleted / f.length : 1 }))
    },

    /** A magnet goes in `filename` (3.00 rpcimpl.c 1953-1956 reads "magnet:?"); the URL guard checked it first. */
    async addMagnet (magnet: string, o: AddTorrentOptions = {}) {
      const hash = magnetHash(magnet)
      if (!hash) throw new ToolError('The magnet link has no BitTorrent info-hash (xt=urn:btih:…).')
      if (!magnet.startsWith('magnet:?')) throw new ToolError('A magnet link starts with "magnet:?".')
      return await add({ filename: magnet }, hash, o)
    },

    /** .torrent bytes go in `metainfo`, base64 (3.00 rpc-spec.txt 403): Transmission never fetches a URL of ours. */
    async addTorrentFile (torrent: Buffer, o: AddTorrentOptions = {}) {
      const { hash } = readTorrentFile(torrent)
      return await add({ metainfo: torrent.toString('base64') }, hash, o)
    },

    /** torrent-remove with delete-local-data (3.00 rpc-spec.txt 430-437, rpcimpl.c torrentRemove 330-360). */
    async remove (hashes: string[], { deleteFiles }: { deleteFiles: boolean }) {
      await act('torrent-remove', hashes, { 'delete-local-data': deleteFiles })
    },

    async pause (hashes: string[]) { await act('torrent-stop', hashes) },

    async resume (hashes: string[]) { await act('torrent-start', hashes) },

    probe: (): Promise<ProbeResult> => probeVersion(SERVICE, async () => (await client.version()).app),

    circuit: http.circuit,
    close: () => http.close()
  }
  return client satisfies TorrentClient
}

export type TransmissionClient = ReturnType<typeof createTransmissionClient>

/**
 * The labels a category and tags make, checked before anything is added as Transmission checks them on torrent-set
 * (3.00 rpcimpl.c setLabels 999-1056; 4.1.3 rpcimpl.cc make_labels 1056-1085): trimmed, not empty, no comma, and
 * on 3.00 no label twice. Refused after the add, they would leave an unlabelled torrent behind.
 */
export function transmissionLabels (o: Pick<AddTorrentOptions, 'category' | 'tags'>): string[] {
  const labels = [o.category ?? '', ...(o.tags ?? [])].filter(l => l !== '')
  for (const label of labels) {
    if (label.trim() === '') throw new ToolError('Transmission labels cannot be blank: give a category or tag with letters in it. Nothing was added.')
    if (label.includes(',')) throw new ToolError(`Transmission labels cannot contain a comma: "${label.slice(0, 60)}" cannot be a category or tag. Nothing was added.`)
  }
  const trimmed = labels.map(l => l.trim())
  const twice = trimmed.find((l, i) => trimmed.indexOf(l) !== i)
  if (twice !== undefined) throw new ToolError(`Transmission keeps a category and its tags as one list of labels, so "${twice.slice(0, 60)}" cannot be both or appear twice. Nothing was added.`)
  return labels
}
