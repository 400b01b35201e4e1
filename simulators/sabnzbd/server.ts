// A SABnzbd simulator that follows sabnzbd/sabnzbd @ 5.0.1 for the calls our client makes: GET /api?mode=…
// (version, queue with pause/resume/delete, history with delete, retry) and POST /api?mode=addfile, the API key as
// a query parameter (403 "API Key Required" / "API Key Incorrect"), JSON answers with {"status": false, "error"}
// for errors. Every behaviour has its row in simulators/fidelity/sabnzbd.ts. Used by the tests and the demo stack.
import Fastify from 'fastify'
import { recordRoutes } from '../route-list.js'
import { createSabState, type SabJob, type SabState } from './state.js'

export interface SabnzbdSimulatorOptions {
  apiKey: string
  /** The complete folder jobs land in, as SABnzbd reports it. */
  completeDir?: string
  bytesPerSecond?: number
  /**
   * A clock (ms) the downloads follow: each API call first advances them by the time since the last one, so
   * progress and time left move as a real SABnzbd's do (the demo passes Date.now). Without it, time moves only
   * when a test calls state.advance(ms).
   */
  now?: () => number
  version?: string
}

export interface SabnzbdSimulator {
  url: string
  state: SabState
  /** Every authorized call, "mode" or "mode name" ("queue delete"), in order. */
  calls: string[]
  close: () => Promise<void>
}

const MODES = ['version', 'queue', 'history', 'retry']
const MIB = 1024 * 1024
const mb = (bytes: number) => (bytes / MIB).toFixed(2)

/** [DD:]H:MM:SS as sabnzbd/misc.py format_time_left writes it. */
function timeLeft (s: number): string {
  if (s <= 0) return '0:00:00'
  const d = Math.floor(s / 86_400)
  const h = Math.floor(s / 3600) % 24
  const pad = (n: number) => String(n).padStart(2, '0')
  const rest = `${pad(Math.floor(s / 60) % 60)}:${pad(Math.floor(s % 60))}`
  return d > 0 ? `${d}:${pad(h)}:${rest}` : `${h}:${rest}`
}

export async function createSabnzbdSimulator (o: SabnzbdSimulatorOptions): Promise<SabnzbdSimulator> {
  const state = createSabState({ completeDir: o.completeDir ?? '/downloads/complete', bytesPerSecond: o.bytesPerSecond })
  const calls: string[] = []
  const app = Fastify({ logger: false })
  recordRoutes('SABnzbd', ['GET /api', 'POST /api', ...MODES.map(m => `GET /api?mode=${m}`)])
  // The NZB upload arrives as multipart: kept raw and read below.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))))

  let last = o.now?.()
  function followClock () {
    if (!o.now || last === undefined) return
    const now = o.now()
    if (now > last) state.advance(now - last)
    last = now
  }

  const ok = (data: object) => data
  const error = (text: string) => ({ status: false, error: text })

  app.route({
    method: ['GET', 'POST'],
    url: '/api',
    handler: async (req, reply) => {
      // CherryPy hands the API one set of arguments, the query's and a form body's merged (sabnzbd/interface.py
      // 494-497): any mode may come as a POST.
      const form = req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) ? req.body as Record<string, string> : {}
      const q = { ...form, ...req.query as Record<string, string | undefined> }
      const mode = q.mode ?? ''
      // mode=version needs no key (sabnzbd/interface.py 383-385); the others a right one (403 plain text).
      if (mode !== 'version') {
        if (!q.apikey) return reply.code(403).type('text/plain').send('API Key Required')
        if (q.apikey !== o.apiKey) return reply.code(403).type('text/plain').send('API Key Incorrect')
      }
      calls.push(q.name && mode !== 'addurl' ? `${mode} ${q.name}` : mode)
      followClock()
      if (mode === 'addfile') return addfile(req.method === 'POST' ? req.body as Buffer | undefined : undefined, q)
      switch (mode) {
        case 'version': return ok({ version: o.version ?? '5.0.1' })
        case 'queue': return queue(q)
        case 'history': return history(q)
        case 'retry': {
          const job = q.value ? state.find(q.value) : undefined
          // _MSG_NO_ITEM (api.py 100, _api_retry 328-341).
          if (!job || job.status !== 'Failed') return error('item does not exist')
          Object.assign(job, { status: 'Queued', done: 0, fail_message: '', path: '', outcome: 'complete' })
          return ok({ status: true, nzo_id: job.nzo_id })
        }
        default: return error('not implemented')
      }
    }
  })

  function addfile (body: Buffer | undefined, q: Record<string, string | undefined>) {
    const text = body?.toString('utf8') ?? ''
    const file = /filename="([^"]*)"[^]*?\r\n\r\n([^]*?)\r\n--/.exec(text)
    // No file at all is _MSG_NO_VALUE; a file that is not an NZB is add_nzbfile's failure, {status: false,
    // nzo_ids: []} (api.py _api_addfile 307-325).
    if (!file) return error('expects one parameter')
    if (!/<nzb[\s>]/.test(file[2]!)) return ok({ status: false, nzo_ids: [] })
    const bytes = [...file[2]!.matchAll(/<segment[^>]*bytes="(\d+)"/g)].reduce((n, m) => n + Number(m[1]), 0)
    const job = state.add(q.nzbname || file[1]!.replace(/\.nzb$/i, ''), bytes, { cat: q.cat })
    return ok({ status: true, nzo_ids: [job.nzo_id] })
  }

  function queue (q: Record<string, string | undefined>) {
    const ids = (q.value ?? '').split(',').filter(Boolean)
    if (q.name === 'pause' || q.name === 'resume') {
      const handled = ids.map(id => state.find(id)).filter((j): j is SabJob => j !== undefined && state.queued().includes(j))
      for (const j of handled) j.status = q.name === 'pause' ? 'Paused' : 'Queued'
      return ok({ status: handled.length > 0, nzo_ids: handled.map(j => j.nzo_id) })
    }
    if (q.name === 'delete') {
      const removed = ids.filter(id => state.queued().some(j => j.nzo_id === id) && state.remove(id))
      return ok({ status: removed.length > 0, nzo_ids: removed })
    }
    const active = state.active()
    let running = 0
    const slots = state.queued().map((j, index) => {
      const left = j.bytes - j.done
      // build_queue: while the downloader runs, a waiting slot reports Downloading too.
      const status = j.status === 'Paused' || state.paused ? j.status === 'Paused' ? 'Paused' : 'Queued' : j.heldAs ?? 'Downloading'
      const counted = status !== 'Paused'
      if (counted) running += left
      return {
        index,
        nzo_id: j.nzo_id,
        filename: j.name,
        cat: j.cat === '*' ? 'None' : j.cat,
        status,
        // "0" while nothing is downloaded (mb == mbleft), else the whole percent done (build_queue 1651).
        percentage: j.done === 0 ? '0' : String(Math.floor(j.done / j.bytes * 100)),
        mb: mb(j.bytes),
        mbleft: mb(left),
        timeleft: counted && active ? timeLeft(Math.floor(running / state.rate)) : '0:00:00',
        priority: 'Normal',
        labels: [],
        time_added: 0
      }
    })
    return ok({ queue: { status: state.paused ? 'Paused' : active ? 'Downloading' : 'Idle', paused: state.paused, kbpersec: active ? (state.rate / 1024).toFixed(2) : '0.00', mbleft: mb(state.queued().reduce((n, j) => n + j.bytes - j.done, 0)), noofslots: slots.length, slots } })
  }

  function history (q: Record<string, string | undefined>) {
    if (q.name === 'delete') {
      // Post-processing and finished jobs: del_files touches a failed job's incomplete folder only (api.py 491-534).
      for (const id of (q.value ?? '').split(',')) {
        const job = state.find(id)
        if (job && !state.queued().includes(job)) state.remove(id)
      }
      return ok({ status: true })
    }
    // Jobs still post-processing first (add_active_history), then the finished ones, newest first.
    const list = [...state.postProcessing(), ...state.finished().reverse()]
    const slots = list.map(j => ({
      nzo_id: j.nzo_id,
      name: j.name,
      category: j.cat,
      status: j.status,
      fail_message: j.fail_message,
      storage: j.status === 'Completed' ? j.path : '',
      path: j.path,
      bytes: Math.round(j.done),
      stage_log: []
    }))
    return ok({ history: { slots, noofslots: slots.length } })
  }

  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  return { url, state, calls, close: () => app.close() }
}
