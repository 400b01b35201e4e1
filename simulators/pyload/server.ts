// A contract-faithful pyLoad-ng simulator: `/api/<method>` (and the legacy camelCase alias), X-API-Key
// auth (401 {"error":"Invalid API key"}), exactly one verb per method (405), unknown methods 404, JSON
// bodies for POST and query arguments for GET. Every request and response is checked against
// pyload-ng.openapi.json; tests assert `violations` stays empty.
import Fastify from 'fastify'
import { mkdirSync } from 'node:fs'
import { attachContract, loadContract, type Contract } from '../contract.js'
import { attachFaults, type FaultSwitch } from '../faults.js'
import { recordRoutes } from '../route-list.js'
import { createSimState, DONE_STATUSES, STATUS, type SimPackage, type SimState } from './state.js'

export interface PyloadSimulatorOptions {
  apiKey: string
  /** Where finished packages are written (pyLoad's storage folder on this machine). */
  storageDir: string
  /** The storage folder as pyLoad reports it (get_config_value); default storageDir. Differs when PATH_MAP is tested. */
  reportedStorageDir?: string
  linkDurationMs?: number
  /** Permissions of the key: false makes get_config_value answer 401 "Access denied" (no SETTINGS bit). */
  settingsPermission?: boolean
  version?: string
}

export interface PyloadSimulator {
  url: string
  state: SimState
  violations: string[]
  faults: FaultSwitch
  /** Every authorized API call the simulator received, in order ("add_package", …). */
  calls: string[]
  close: () => Promise<void>
}

const VERBS: Record<string, 'GET' | 'POST'> = {
  add_package: 'POST',
  add_files: 'POST',
  status_downloads: 'GET',
  status_server: 'GET',
  get_queue: 'GET',
  get_queue_data: 'GET',
  get_collector: 'GET',
  get_package_data: 'GET',
  get_package_info: 'GET',
  delete_packages: 'POST',
  delete_finished: 'POST',
  get_server_version: 'GET',
  get_config_value: 'GET',
  free_space: 'GET',
  pause_server: 'POST',
  unpause_server: 'POST'
}
const LEGACY = Object.fromEntries(Object.keys(VERBS).map(name => [name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), name]))

function formatSize (n: number) {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MiB` : `${(n / 1024).toFixed(2)} KiB`
}
function formatEta (s: number) {
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(Math.floor(s % 60)).padStart(2, '0')}`
}

export async function createPyloadSimulator (opts: PyloadSimulatorOptions): Promise<PyloadSimulator> {
  mkdirSync(opts.storageDir, { recursive: true })
  const state = createSimState({ storageDir: opts.storageDir, linkDurationMs: opts.linkDurationMs })
  const app = Fastify({ logger: false })
  const faults = attachFaults(app)
  const calls: string[] = []
  const contract = await loadContract('pyload')
  const violations = attachContract(app, withFixups(contract))

  const methodOf = (raw: string) => LEGACY[raw] ?? raw
  // One Fastify route dispatches every method: the routes served are the methods, each with its one verb (the
  // legacy camelCase names are aliases of the same methods).
  recordRoutes('pyLoad', Object.entries(VERBS).map(([name, verb]) => `${verb} /api/${name}`))

  app.addHook('onRequest', async (request, reply) => {
    const name = /^\/api\/([^/?]+)/.exec(request.url)?.[1]
    if (!name) return reply.code(404).send({ error: 'Not Found' })
    if (name.startsWith('_')) return reply.code(403).send({ error: 'Forbidden' })
    if (request.headers['x-api-key'] !== opts.apiKey) return reply.code(401).send({ error: 'Invalid API key' })
    const method = methodOf(name)
    const verb = VERBS[method]
    if (!verb) return reply.code(404).send({ error: 'Not Found' })
    if (request.method !== verb) return reply.code(405).send({ error: `Method not allowed in API: ${method} accepts ${verb} only` })
    if (method === 'get_config_value' && opts.settingsPermission === false) return reply.code(401).send({ error: 'Access denied' })
    calls.push(method)
  })

  /**
   * PackageData as each method fills it (pyload/pyload main, src/pyload/core/api/__init__.py): get_queue and
   * get_collector carry the stats and no links; get_queue_data and get_collector_data the links and the stats
   * except linkstotal; get_package_data only the links; get_package_info only fids. Unset fields are null
   * (PackageData defaults, serialised whole by webui/app/helpers.py JSONEncoder).
   */
  function packageData (p: SimPackage, shape: 'info' | 'complete' | 'links' | 'fids') {
    // The pstats view (src/pyload/core/threads/database_thread.py): links done are statuses 0, 4 and 13
    // (finished, skipped, processing), counted whole; a link in progress adds nothing to sizedone.
    const done = p.files.filter(f => DONE_STATUSES.has(f.status))
    const stats = shape === 'info' || shape === 'complete'
    return {
      pid: p.pid,
      name: p.name,
      folder: p.folder,
      site: p.site,
      password: p.password,
      dest: p.dest,
      order: p.order,
      linksdone: stats ? done.length : null,
      sizedone: stats ? done.reduce((n, f) => n + f.size, 0) : null,
      sizetotal: stats ? p.files.reduce((n, f) => n + f.size, 0) : null,
      linkstotal: shape === 'info' ? p.files.length : null,
      links: shape === 'complete' || shape === 'links'
        ? p.files.map(f => ({
          fid: f.fid,
          url: f.url,
          name: f.name,
          plugin: f.plugin,
          size: f.size,
          format_size: formatSize(f.size),
          status: f.status,
          statusmsg: f.status === STATUS.FINISHED ? 'finished' : f.status === STATUS.DOWNLOADING ? 'downloading' : f.status === STATUS.OFFLINE ? 'offline' : 'queued',
          package_id: p.pid,
          error: f.error,
          order: f.order
        }))
        : null,
      fids: shape === 'fids' ? p.files.map(f => f.fid) : null
    }
  }

  // The list methods join packages with their link stats, so a package without links is not listed
  // (file_database.py get_all_packages: JOIN pstats).
  const sorted = (dest: number) => [...state.packages.values()].filter(p => p.dest === dest && p.files.length > 0).sort((a, b) => a.order - b.order)
  const body = (request: { body: unknown }) => (request.body ?? {}) as Record<string, unknown>

  app.route({
    method: ['GET', 'POST'],
    url: '/api/:method',
    handler: async (request, reply) => {
      state.tick()
      const method = methodOf((request.params as { method: string }).method)
      const query = request.query as Record<string, string>
      switch (method) {
        case 'add_package': {
          const { name, links, dest } = body(request)
          if (typeof name !== 'string' || !Array.isArray(links) || links.some(l => typeof l !== 'string')) {
            return reply.code(500).send({ error: 'Internal server error' })
          }
          return state.addPackage(name, links as string[], dest === 0 ? 0 : 1)
        }
        case 'status_downloads': {
          const active = [...state.packages.values()].flatMap(p => p.files.filter(f => f.status === STATUS.DOWNLOADING).map(f => ({ p, f })))
          return active.map(({ p, f }) => {
            const percent = Math.floor(100 * f.doneMs / state.linkDurationMs)
            const leftMs = state.linkDurationMs - f.doneMs
            const speed = Math.round(f.size / (state.linkDurationMs / 1000))
            const eta = Math.ceil(leftMs / 1000)
            return {
              fid: f.fid,
              name: f.name,
              speed,
              eta,
              format_eta: formatEta(eta),
              bleft: Math.round(f.size * leftMs / state.linkDurationMs),
              size: f.size,
              format_size: formatSize(f.size),
              percent,
              status: f.status,
              statusmsg: 'downloading',
              format_wait: '00:00:00',
              wait_until: 0,
              package_id: p.pid,
              package_name: p.name,
              plugin: f.plugin,
              info: ''
            }
          })
        }
        case 'status_server': {
          const all = [...state.packages.values()].flatMap(p => p.files)
          const active = all.filter(f => f.status === STATUS.DOWNLOADING).length
          return {
            pause: state.paused,
            active,
            queue: all.filter(f => f.status === STATUS.QUEUED).length,
            total: all.length,
            speed: active * 1024 * 1024,
            download: !state.paused,
            reconnect: false,
            captcha: false,
            proxy: false
          }
        }
        case 'get_queue': return sorted(1).map(p => packageData(p, 'info'))
        case 'get_queue_data': return sorted(1).map(p => packageData(p, 'complete'))
        case 'get_collector': return sorted(0).map(p => packageData(p, 'info'))
        case 'get_package_data':
        case 'get_package_info': {
          const p = state.packages.get(Number(query.package_id))
          // pyLoad raises inside the method for an unknown id, which its API turns into a 500.
          if (!p) return reply.code(500).send({ error: 'Internal server error' })
          return packageData(p, method === 'get_package_data' ? 'links' : 'fids')
        }
        case 'delete_packages': {
          const ids = body(request).package_ids
          if (!Array.isArray(ids)) return reply.code(500).send({ error: 'Internal server error' })
          state.delete(ids.map(Number))
          return reply.type('application/json').send('null')
        }
        case 'delete_finished': return state.deleteFinished()
        case 'get_server_version': return opts.version ?? '0.5.0b3.dev101'
        case 'get_config_value':
          if (query.category === 'general' && query.option === 'storage_folder') return reply.type('application/json').send(JSON.stringify(opts.reportedStorageDir ?? opts.storageDir))
          return reply.type('application/json').send('null')
        case 'free_space': return 100 * 1024 * 1024 * 1024
        case 'pause_server': state.setPaused(true); return reply.type('application/json').send('null')
        case 'unpause_server': state.setPaused(false); return reply.type('application/json').send('null')
        case 'add_files': return reply.type('application/json').send('null')
      }
      return reply.code(404).send({ error: 'Not Found' })
    }
  })

  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  return { url: `http://127.0.0.1:${port}`, state, violations, faults, calls, close: () => app.close() }
}

/**
 * Two documented fix-ups of the upstream spec: (1) get_config_value returns Python `Any` (a string for
 * storage_folder), which the spec generator rendered as `type: object`; (2) pyLoad's error answers
 * (403 for `_names`, 405 for a wrong verb) belong to no operation in the spec, so they are not checked.
 */
function withFixups (contract: Contract): Contract {
  return {
    ...contract,
    checkResponse: (req, status, body) => {
      if (status < 200 || status >= 300) return []
      if (req.path === '/api/get_config_value' && typeof body !== 'object') return []
      return contract.checkResponse(req, status, body)
    }
  }
}
