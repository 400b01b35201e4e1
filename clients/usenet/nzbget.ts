// NZBGet client: JSON-RPC over HTTP Basic (nzbget/nzbget @ v21.0, Debian 12's nzbget 21; the calls used here
// are unchanged at that repository's newest tag v21.1 and in the nzbgetcom fork's v26.0 but for what is noted).
// POST /jsonrpc with {method, params (positional), id}; the answer is {result} or {error} (daemon/remote/XmlRpc.cpp
// 344-355, 517-524, 806-822). Auth: HTTP Basic with ControlUsername/ControlPassword (daemon/remote/WebServer.cpp
// 142, 262-283); a bad pair is 401.
import { BackendError, ToolError } from '../../core/errors.js'
import type { PathMap } from '../../core/path-map.js'
import { createHttpBackend, type ProbeResult } from '../http.js'
import { historyState, queueState } from './nzbget-states.js'
import { nzbgetTrouble, usenetStatus, type NzbgetLogEntry } from '../../core/download-state/index.js'
import type { UsenetClient, UsenetItem } from './types.js'

const SERVICE = 'NZBGet'

interface Param { Name: string, Value: string }
interface RawGroup {
  NZBID: number
  NZBName: string
  Category: string
  FileSizeLo: number
  FileSizeHi: number
  RemainingSizeLo: number
  RemainingSizeHi: number
  PausedSizeLo: number
  PausedSizeHi: number
  ActiveDownloads: number
  Status: string
  DestDir?: string
  Parameters?: Param[]
}
interface RawHistory {
  NZBID: number
  Name: string
  Category: string
  FileSizeLo: number
  FileSizeHi: number
  Status: string
  DestDir?: string
  FinalDir?: string
  UnpackStatus?: string
  Kind?: string
  Parameters?: Param[]
}
/**
 * Where a history job's files are. FinalDir names the folder they were to end up in, not where they are: with an
 * InterDir, the unpack sets FinalDir before it starts (v21.0 daemon/postprocess/Unpack.cpp 600-616) and, when it
 * fails, removes that folder again while FinalDir stays set (Unpack.cpp 745-748); a failed unpack (FAILURE, SPACE,
 * PASSWORD) never moves the files out of DestDir (daemon/postprocess/PrePostProcessor.cpp 795-811, moveInter),
 * which is also the folder the history delete removes for it (daemon/queue/HistoryCoordinator.cpp 340-354). The
 * history RPC gives both folders and the unpack status (daemon/remote/XmlRpc.cpp 1631-1636, 1720, 1744-1746).
 */
function historyFolder (h: RawHistory): string | undefined {
  const unpackFailed = h.UnpackStatus === 'FAILURE' || h.UnpackStatus === 'SPACE' || h.UnpackStatus === 'PASSWORD'
  return (unpackFailed ? '' : h.FinalDir) || h.DestDir
}

interface RawStatus { DownloadRate: number, DownloadPaused: boolean, QuotaReached?: boolean, ServerTime?: number }

/** The log tail read for news-server trouble (core/download-state/usenet.ts nzbgetTrouble). */
const LOG_TAIL = 40

export interface NzbgetOptions {
  url: string
  username: string
  password: string
  pathMap: PathMap
  /** The variables named in errors (an extra instance has its own). */
  vars?: { url: string, credentials: string }
  deadlineMs?: number
}

// Sizes come as two 32-bit halves, Lo and Hi (XmlRpc.cpp 1518-1527): JavaScript clients could not hold 64 bits.
const size = (lo: number, hi: number) => (hi >>> 0) * 2 ** 32 + (lo >>> 0)

/**
 * The id Sonarr and Radarr store as downloadId: the "drone" post-processing parameter they set on append, else
 * the NZBID (Sonarr/Sonarr src/NzbDrone.Core/Download/Clients/Nzbget/Nzbget.cs GetQueue/GetHistory,
 * NzbgetProxy.cs DownloadNzb).
 */
const downloadIdOf = (nzbId: number, params: Param[] | undefined) => params?.find(p => p.Name === 'drone')?.Value || String(nzbId)

export function createNzbgetClient (opts: NzbgetOptions): UsenetClient {
  const vars = opts.vars ?? { url: 'USENET_CLIENT_URL', credentials: 'USENET_CLIENT_USERNAME and USENET_CLIENT_PASSWORD' }
  const auth = 'Basic ' + Buffer.from(`${opts.username}:${opts.password}`).toString('base64')
  const http = createHttpBackend({
    service: SERVICE,
    baseUrl: opts.url,
    urlVar: vars.url,
    keyVar: vars.credentials,
    headers: () => ({ authorization: auth }),
    deadlineMs: opts.deadlineMs,
    concurrency: 4
  })
  let id = 0

  async function rpc<T> (method: string, params: unknown[] = [], kind: 'read' | 'write' = 'read', signal?: AbortSignal): Promise<T> {
    // NZBGet signs in with a user name and password (ControlUsername/ControlPassword), not an API key.
    const res = await http.call<{ result?: T, error?: unknown }>({ method: 'POST', kind, path: '/jsonrpc', json: { method, params, id: ++id }, signal }).catch((err: unknown) => {
      if (err instanceof BackendError && err.code === 'unauthorized') throw new BackendError(SERVICE, `${SERVICE} rejected the user name or password: check ${vars.credentials} (its ControlUsername and ControlPassword).`, err.status, 'unauthorized')
      throw err
    })
    const body = res.data
    // NZBGet's error text is not passed on (it may quote the request); the method is enough to act on.
    if (!body || typeof body !== 'object' || body.error || !('result' in body)) {
      throw new BackendError(SERVICE, `${SERVICE} refused the call "${method}". Check its log (Messages) for the reason.`, res.status, 'rejected')
    }
    return body.result as T
  }

  async function edit (command: string, ids: string[], param = '') {
    const nums = ids.map(Number)
    if (nums.some(n => !Number.isInteger(n) || n <= 0)) throw new BackendError(SERVICE, `${SERVICE} ids are whole numbers (NZBID); got ${JSON.stringify(ids.join(', ')).slice(0, 80)}.`, undefined, 'rejected')
    // editqueue(Command, Param, IDs) since v18 (XmlRpc.cpp 2079-2136; command names 2036-2061).
    const ok = await rpc<boolean>('editqueue', [command, param, nums], 'write')
    if (ok !== true) throw new BackendError(SERVICE, `${SERVICE} did not ${command.replace(/^(Group|History)/, '').toLowerCase()} item ${ids.join(', ')}: it is not in its ${command.startsWith('History') ? 'history' : 'queue'}.`, undefined, 'not_found')
  }

  async function items (signal?: AbortSignal): Promise<UsenetItem[]> {
    const [status, groups, history, log] = await Promise.all([
      rpc<RawStatus>('status', [], 'read', signal),
      rpc<RawGroup[]>('listgroups', [0], 'read', signal),
      // history(Hidden=false): hidden duplicates stay out (XmlRpc.cpp 2414-2532).
      rpc<RawHistory[]>('history', [false], 'read', signal),
      // log(IDFrom 0, NumberOfEntries): the newest entries (XmlRpc.cpp v21.0 1384-1447); the only place a refused
      // news server shows. A log that cannot be read hides the trouble, not the queue.
      rpc<NzbgetLogEntry[]>('log', [0, LOG_TAIL], 'read', signal).catch(() => [] as NzbgetLogEntry[])
    ])
    const trouble = nzbgetTrouble(status, Array.isArray(log) ? log : [])
    const rate = Math.max(0, status.DownloadRate ?? 0)
    const downloading = groups.filter(g => g.Status === 'DOWNLOADING')
    let ahead = 0
    const queue = groups.map((g): UsenetItem => {
      const total = size(g.FileSizeLo, g.FileSizeHi)
      const left = size(g.RemainingSizeLo, g.RemainingSizeHi)
      const paused = size(g.PausedSizeLo, g.PausedSizeHi)
      const state = status.DownloadPaused && g.Status === 'QUEUED' ? 'paused' : queueState(g.Status)
      const item: UsenetItem = {
        id: String(g.NZBID),
        downloadId: downloadIdOf(g.NZBID, g.Parameters),
        name: g.NZBName,
        list: 'queue',
        state,
        status: usenetStatus(state, undefined, trouble),
        ...(total > 0 ? { sizeBytes: total, progress: Math.min(1, Math.max(0, (total - left) / total)) } : {}),
        ...(g.Category ? { category: g.Category } : {}),
        // listgroups DestDir: the folder the files are downloaded to (v21.0 daemon/remote/XmlRpc.cpp 1625-1659).
        ...(g.DestDir ? { workPath: opts.pathMap.toOurs(g.DestDir) } : {})
      }
      // NZBGet reports one rate for the whole program (status.DownloadRate): it is this item's only when it is the
      // one downloading. Time left counts the items ahead, as NZBGet downloads in queue order (as Sonarr reckons it).
      if (state === 'fetching' && downloading.length === 1) item.bytesPerSecond = rate
      if ((state === 'fetching' || state === 'queued') && rate > 0) {
        ahead += left - paused
        item.etaSeconds = Math.round(ahead / rate)
      }
      return item
    })
    const done = history.flatMap((h): UsenetItem[] => {
      const outcome = historyState(h.Status)
      if (!outcome) return []
      const total = size(h.FileSizeLo, h.FileSizeHi)
      const dir = historyFolder(h)
      return [{
        id: String(h.NZBID),
        downloadId: downloadIdOf(h.NZBID, h.Parameters),
        name: h.Name,
        list: 'history',
        ...outcome,
        status: usenetStatus(outcome.state, outcome.failure),
        ...(outcome.state === 'completed' ? { progress: 1 } : {}),
        ...(total > 0 ? { sizeBytes: total } : {}),
        ...(h.Category ? { category: h.Category } : {}),
        ...(dir ? { path: opts.pathMap.toOurs(dir) } : {})
      }]
    })
    return [...queue, ...done]
  }

  return {
    service: SERVICE,
    type: 'nzbget',
    items,
    async addNzb (fileName, nzb, o = {}) {
      // append(NZBFilename, NZBContent (base64), Category, Priority, AddToTop, AddPaused, DupeKey, DupeScore,
      // DupeMode, PPParameters) in v21 (XmlRpc.cpp 2138-2290): the NZBID, or 0 when NZBGet could not read it.
      const nzbId = await rpc<number>('append', [fileName, nzb.toString('base64'), o.category ?? '', 0, false, false, '', 0, 'SCORE', []], 'write')
      if (typeof nzbId !== 'number' || nzbId <= 0) throw new BackendError(SERVICE, `${SERVICE} did not accept the NZB "${fileName.slice(0, 80)}" (it answered no id): the file may not be a valid NZB. Check its log (Messages).`, undefined, 'rejected')
      // Content NZBGet cannot parse still gets an id: append scans it at once (Scanner.cpp AddExternalFile 511-608,
      // ScanNzbDir(true) at 605) and files it straight into the history as deleted by the scan (AddFileToQueue
      // 412-494, dsScan at 482-486; history Status "FAILURE/SCAN"). So the add is read back to say so now.
      const history = await rpc<RawHistory[]>('history', [false])
      if (history.find(h => h.NZBID === nzbId)?.Status === 'FAILURE/SCAN') {
        throw new ToolError(`${SERVICE} could not read the NZB "${fileName.slice(0, 80)}": it is not a valid NZB file (NZBGet lists it as failed in its history; its log says why). Nothing will download.`)
      }
      return String(nzbId)
    },
    pause: ids => edit('GroupPause', ids),
    resume: ids => edit('GroupResume', ids),
    async remove (ids, { deleteData }) {
      const all = await items()
      const inHistory = new Set(all.filter(i => i.list === 'history').map(i => i.id))
      const queued = ids.filter(i => !inHistory.has(i))
      const past = ids.filter(i => inHistory.has(i))
      // GroupDelete moves a queue item to the history and deletes what was downloaded of it; GroupParkDelete keeps
      // those files (daemon/queue/DownloadInfo.h 973-974, QueueEditor.cpp 729-745). HistoryFinalDelete (like
      // HistoryDelete, which only hides the entry when DupeCheck is on) forgets a history item and deletes its
      // DestDir with its content only when the job was deleted, its par check or unpack failed or it needs a
      // password (v21.0 daemon/queue/HistoryCoordinator.cpp 331-358); a job that failed in its script, or whose
      // files are in FinalDir, keeps them. So the caller looks afterwards (lib/effects) and says what is left.
      if (queued.length > 0) await edit(deleteData ? 'GroupDelete' : 'GroupParkDelete', queued)
      if (past.length > 0) await edit('HistoryFinalDelete', past)
    },
    // HistoryRedownload puts the item back in the queue to be downloaded again, as Sonarr retries (NzbgetProxy.cs
    // RetryDownload).
    retry: async nzbId => { await edit('HistoryRedownload', [nzbId]) },
    version: () => rpc<string>('version'),
    async probe (): Promise<ProbeResult> {
      const started = performance.now()
      const base = { service: SERVICE, configured: true, checkedAt: new Date().toISOString() }
      try {
        const version = await rpc<string>('version')
        return { ...base, reachable: true, version: typeof version === 'string' ? version : undefined, latencyMs: Math.round(performance.now() - started) }
      } catch (err) {
        const e = err as BackendError
        return { ...base, reachable: e.code === 'unauthorized' || e.code === 'rejected', error: err instanceof BackendError ? err.message : 'probe failed' }
      }
    },
    circuit: http.circuit,
    close: () => http.close()
  }
}
