// SABnzbd client: GET /api?mode=...&apikey=...&output=json (sabnzbd/sabnzbd @ 5.0.1: sabnzbd/interface.py
// 494-497, dispatch sabnzbd/api.py 109-120 and the tables at 1036, 1091, 1103). The key goes as a query parameter
// only (interface.py 371-400); a missing or wrong key is HTTP 403 (interface.py 103-104, 182-188). An error is
// {"status": false, "error": ...} (api.py 1145-1175).
import { randomBytes } from 'node:crypto'
import { BackendError } from '../../core/errors.js'
import type { PathMap } from '../../core/path-map.js'
import { createHttpBackend, type ProbeResult } from '../http.js'
import { sabFailure, sabState } from './sabnzbd-states.js'
import { usenetStatus } from '../../core/download-state/index.js'
import type { UsenetClient, UsenetItem } from './types.js'

const SERVICE = 'SABnzbd'
const MIB = 1024 * 1024

interface QueueSlot { nzo_id: string, filename: string, cat: string, status: string, percentage: string, mb: string, mbleft: string, timeleft: string }
interface HistorySlot { nzo_id: string, name: string, category: string, status: string, fail_message: string, storage: string, path: string, bytes: number }

export interface SabnzbdOptions {
  url: string
  apiKey: string
  pathMap: PathMap
  vars?: { url: string, key: string }
  deadlineMs?: number
}

export function createSabnzbdClient (opts: SabnzbdOptions): UsenetClient {
  const vars = opts.vars ?? { url: 'USENET_CLIENT_URL', key: 'USENET_CLIENT_API_KEY' }
  const http = createHttpBackend({
    service: SERVICE,
    baseUrl: opts.url,
    urlVar: vars.url,
    keyVar: vars.key,
    configured: () => opts.apiKey !== '',
    deadlineMs: opts.deadlineMs,
    concurrency: 4
  })

  async function api<T> (mode: string, query: Record<string, string | number | undefined> = {}, kind: 'read' | 'write' = 'read', signal?: AbortSignal): Promise<T> {
    const res = await http.call<T & { status?: boolean, error?: unknown }>({ method: 'GET', kind, path: '/api', query: { mode, ...query, output: 'json', apikey: opts.apiKey }, signal })
    const body = res.data
    // SABnzbd's error text is not passed on verbatim; what was asked is enough to act on.
    if (!body || typeof body !== 'object' || body.status === false) {
      throw new BackendError(SERVICE, `${SERVICE} refused "${mode}${query.name ? ` ${String(query.name).slice(0, 20)}` : ''}": the item may be gone. Check its log for the reason.`, res.status, 'rejected')
    }
    return body
  }

  async function items (signal?: AbortSignal): Promise<UsenetItem[]> {
    // mode=queue (api.py 274-299, build_queue 1582-1700) and mode=history (556-604; slots from the database
    // columns, sabnzbd/database.py 170-200, with post-processing jobs merged in by add_active_history).
    const [q, h] = await Promise.all([
      api<{ queue: { kbpersec: string, paused?: boolean, slots: QueueSlot[] } }>('queue', {}, 'read', signal),
      api<{ history: { slots: HistorySlot[] } }>('history', { limit: 200 }, 'read', signal)
    ])
    const rate = Math.round(Number(q.queue.kbpersec) * 1024) || 0
    const fetching = q.queue.paused === true ? [] : q.queue.slots.filter(s => sabState(s.status) === 'fetching')
    // The whole downloader paused (queue.paused, build_header api.py 1857, also while it waits for post-processing):
    // its waiting slots still say Queued or Downloading (build_queue 1655-1665), but nothing moves, as NZBGet's
    // DownloadPaused (clients/usenet/nzbget.ts).
    const globallyPaused = q.queue.paused === true
    const queue = q.queue.slots.map((s): UsenetItem => {
      const total = Number(s.mb) * MIB
      const own = sabState(s.status)
      const state = globallyPaused && (own === 'queued' || own === 'fetching') ? 'paused' : own
      const eta = sabTimeLeft(s.timeleft)
      return {
        id: s.nzo_id,
        downloadId: s.nzo_id,
        name: s.filename,
        list: 'queue',
        state,
        status: usenetStatus(state),
        ...(total > 0 ? { sizeBytes: Math.round(total), progress: Math.min(1, Math.max(0, (Number(s.mb) - Number(s.mbleft)) / Number(s.mb))) } : {}),
        // One rate for the whole program (queue.kbpersec): a slot's only when it is the one downloading (the first
        // in order: a waiting slot reports "Downloading" too, build_queue 1655-1665).
        ...(fetching[0] === s ? { bytesPerSecond: rate } : {}),
        ...(eta !== undefined && eta > 0 ? { etaSeconds: eta } : {}),
        ...(s.cat && s.cat !== 'None' && s.cat !== '*' ? { category: s.cat } : {})
      }
    })
    const done = h.history.slots.map((s): UsenetItem => {
      const state = sabState(s.status)
      const finished = state === 'completed' || state === 'failed'
      const where = s.storage || s.path
      return {
        id: s.nzo_id,
        downloadId: s.nzo_id,
        name: s.name,
        // A job still post-processing is in the history list, but not finished.
        list: finished ? 'history' : 'queue',
        state,
        status: usenetStatus(state, state === 'failed' ? sabFailure(s.fail_message) : undefined),
        ...(state === 'failed' ? { failure: sabFailure(s.fail_message) } : {}),
        ...(state === 'completed' ? { progress: 1 } : {}),
        ...(s.bytes > 0 ? { sizeBytes: s.bytes } : {}),
        ...(s.category && s.category !== '*' ? { category: s.category } : {}),
        ...(where ? { path: opts.pathMap.toOurs(where) } : {})
      }
    })
    return [...queue, ...done]
  }

  const ids = (list: string[]) => list.join(',')

  return {
    service: SERVICE,
    type: 'sabnzbd',
    items,
    async addNzb (fileName, nzb, o = {}) {
      // mode=addfile with the NZB as multipart field "name" (api.py 307-325); cat as a parameter.
      const boundary = `----usenet${randomBytes(12).toString('hex')}`
      const safeName = fileName.replace(/["\r\n\\]/g, '_')
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"; filename="${safeName}"\r\nContent-Type: application/x-nzb\r\n\r\n`),
        nzb,
        Buffer.from(`\r\n--${boundary}--\r\n`)
      ])
      const res = await http.call<{ status?: boolean, nzo_ids?: string[] }>({
        method: 'POST', kind: 'write', path: '/api', query: { mode: 'addfile', cat: o.category, output: 'json', apikey: opts.apiKey }, body, contentType: `multipart/form-data; boundary=${boundary}`
      })
      const id = res.data?.status === true ? res.data.nzo_ids?.[0] : undefined
      if (!id) throw new BackendError(SERVICE, `${SERVICE} did not accept the NZB "${fileName.slice(0, 80)}" (it answered no id): the file may not be a valid NZB.`, res.status, 'rejected')
      return id
    },
    // mode=queue&name=pause|resume&value=<ids> (api.py 226-241).
    pause: async list => { await api('queue', { name: 'pause', value: ids(list) }, 'write') },
    resume: async list => { await api('queue', { name: 'resume', value: ids(list) }, 'write') },
    async remove (list, { deleteData }) {
      // A job is deleted from the list it is in: post-processing jobs are in the history list (api.py 510-522).
      const slots = new Set((await api<{ queue: { slots: QueueSlot[] } }>('queue')).queue.slots.map(s => s.nzo_id))
      const queued = list.filter(i => slots.has(i))
      const history = list.filter(i => !slots.has(i))
      // Queue delete with del_files (api.py 181-191); history delete with del_files, which removes a failed job's
      // incomplete folder, archive=0 to delete for good (api.py 491-534). A completed job's files are never
      // touched by SABnzbd: those are deleted by the caller, behind its confirm.
      if (queued.length > 0) await api('queue', { name: 'delete', value: ids(queued), del_files: deleteData ? 1 : 0 }, 'write')
      if (history.length > 0) await api('history', { name: 'delete', value: ids(history), del_files: deleteData ? 1 : 0, archive: 0 }, 'write')
    },
    // mode=retry&value=<nzo_id> (api.py 328-341): a failed job goes back to the queue.
    retry: async id => { await api('retry', { value: id }, 'write') },
    version: async () => (await api<{ version: string }>('version')).version,
    async probe (): Promise<ProbeResult> {
      const started = performance.now()
      const base = { service: SERVICE, configured: opts.apiKey !== '', checkedAt: new Date().toISOString() }
      try {
        // mode=version needs no key (interface.py 383-385): a queue read checks the key too.
        const { version } = await api<{ version: string }>('version')
        await api('queue', { limit: 1 })
        return { ...base, reachable: true, version, latencyMs: Math.round(performance.now() - started) }
      } catch (err) {
        const e = err as BackendError
        return { ...base, reachable: e.code === 'unauthorized' || e.code === 'rejected', error: err instanceof BackendError ? err.message : 'probe failed' }
      }
    },
    circuit: http.circuit,
    close: () => http.close()
  }
}

/** [DD:]HH:MM:SS as SABnzbd writes time left (sabnzbd/misc.py format_time_left 122-141) in seconds. */
export function sabTimeLeft (text: string | undefined): number | undefined {
  const parts = text?.match(/^\d+(?::\d{1,2}){1,3}$/) ? text.split(':').map(Number) : undefined
  return parts?.reduce((n, p, i) => n * (i === parts.length - 3 && parts.length === 4 ? 24 : 60) + p, 0)
}
