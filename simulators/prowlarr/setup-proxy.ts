// What first-run setup needs from Prowlarr beyond the simulator's applications: indexer proxies
// (GET/POST /api/v1/indexerproxy, FlareSolverr and HTTP) and tags (GET/POST /api/v1/tag).
// createProwlarrSetupSimulator puts these routes in front of the regular Prowlarr simulator (the front
// answers them and forwards everything else), so setup tests exercise the simulator's own applications
// logic; both halves are contract-checked. The full simulator can call registerProwlarrSetupRoutes(app).
import Fastify, { type FastifyInstance } from 'fastify'
import { request } from 'undici'
import { attachContract, loadContract } from '../contract.js'
import { attachFaults } from '../faults.js'
import { attachRouteList } from '../route-list.js'
import { listenLocal, requireApiKey } from '../shared-http.js'
import { createProviderStore, type ProviderSpec } from '../servarr/setup-providers.js'
import { createProwlarrSimulator, type ProwlarrSimulatorOptions } from './index.js'

const PROXY_SPECS: ProviderSpec[] = [
  {
    implementation: 'FlareSolverr',
    configContract: 'FlareSolverrSettings',
    fields: [
      { name: 'host', label: 'Host', type: 'textbox', required: true, default: 'http://localhost:8191/' },
      { name: 'requestTimeout', label: 'Request Timeout', type: 'number', default: 60 }
    ]
  },
  {
    implementation: 'Http',
    configContract: 'HttpSettings',
    fields: [
      { name: 'host', label: 'Host', type: 'textbox', required: true },
      { name: 'port', label: 'Port', type: 'number', required: true, default: 8080 },
      { name: 'username', label: 'Username', type: 'textbox', privacy: 'userName' },
      { name: 'password', label: 'Password', type: 'password', privacy: 'password' }
    ]
  }
]

export function registerProwlarrSetupRoutes (app: FastifyInstance) {
  const proxies = createProviderStore(PROXY_SPECS, { onHealthIssue: false, supportsOnHealthIssue: false, includeHealthWarnings: false }, 'https://wiki.servarr.com/prowlarr/supported')
  const tags: Array<{ id: number, label: string }> = []

  app.get('/api/v1/indexerproxy', async () => proxies.list())
  app.post<{ Body: Record<string, unknown> }>('/api/v1/indexerproxy', async (req, reply) => {
    const body = req.body ?? {}
    const added = proxies.add(body)
    if ('failures' in added) return reply.code(400).send(added.failures)
    const unknownTag = added.entry.tags.find(id => !tags.some(t => t.id === id))
    if (unknownTag !== undefined) {
      proxies.entries.splice(proxies.entries.indexOf(added.entry), 1)
      return reply.code(400).send([{ propertyName: 'Tags', errorMessage: `Tag ${unknownTag} does not exist`, attemptedValue: unknownTag, severity: 'error', errorCode: 'PredicateValidator' }])
    }
    return reply.code(200).send(added.resource)
  })

  app.get('/api/v1/tag', async () => tags)
  app.post<{ Body: { label?: unknown } }>('/api/v1/tag', async (req, reply) => {
    const label = typeof req.body?.label === 'string' ? req.body.label.trim().toLowerCase() : ''
    if (!/^[a-z0-9-]+$/.test(label)) return reply.code(400).send([{ propertyName: 'Label', errorMessage: 'Allowed characters a-z, 0-9 and -', attemptedValue: req.body?.label ?? null, severity: 'error', errorCode: 'RegularExpressionValidator' }])
    const existing = tags.find(t => t.label === label)
    if (existing) return existing // Prowlarr returns the existing tag for a duplicate label
    const tag = { id: tags.length + 1, label }
    tags.push(tag)
    return tag
  })

  return { proxies, tags }
}

/** The Prowlarr simulator with indexer proxies and tags in front. */
export async function createProwlarrSetupSimulator (opts: ProwlarrSimulatorOptions) {
  const inner = await createProwlarrSimulator({ ...opts, port: 0 })
  const app = Fastify({ logger: false })
  const faults = attachFaults(app)
  // The catch-all only forwards to the inner simulator, whose own routes are recorded there.
  attachRouteList(app, 'Prowlarr', { except: ['/*'] })
  requireApiKey(app, opts.apiKey)
  const frontViolations = attachContract(app, await loadContract('prowlarr'))
  const setup = registerProwlarrSetupRoutes(app)

  app.all('/*', async (req, reply) => {
    const res = await request(inner.url + req.url, {
      method: req.method as 'GET',
      headers: { 'x-api-key': opts.apiKey, ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: req.body !== undefined ? JSON.stringify(req.body) : undefined
    })
    const text = await res.body.text()
    reply.code(res.statusCode)
    if (res.headers['content-type']) reply.type(String(res.headers['content-type']))
    return reply.send(text)
  })

  const url = await listenLocal(app, opts.port)
  return {
    url,
    state: inner.state,
    proxies: setup.proxies,
    tags: setup.tags,
    faults,
    get violations () { return [...frontViolations, ...inner.violations] },
    close: async () => { await app.close(); await inner.close() }
  }
}

export type ProwlarrSetupSimulator = Awaited<ReturnType<typeof createProwlarrSetupSimulator>>
