// A contract-faithful Prowlarr v1 simulator: system status, health, indexers (one failing, so health
// has something to say) and applications (Sonarr/Radarr registrations made by setup). *arr auth rules:
// the key from the `apikey` query or the X-Api-Key header; a missing or wrong key is 401 with an empty body.
import Fastify, { type FastifyInstance } from 'fastify'
import { attachContract, loadContract } from '../contract.js'
import { attachFaults, type FaultSwitch } from '../faults.js'
import { attachRouteList } from '../route-list.js'
import { listenLocal, requireApiKey } from '../shared-http.js'
import { DOCKER_HOST } from '../shared-status.js'

export interface ProwlarrSimulatorOptions { apiKey: string, port?: number }

interface SimApplication { id: number, name: string, implementation: string, syncLevel: string, tags: number[], fields: Array<{ name: string, value: unknown }> }

export interface ProwlarrState {
  indexers: Array<Record<string, unknown>>
  applications: SimApplication[]
}

export interface ProwlarrSimulator {
  url: string
  state: ProwlarrState
  violations: string[]
  faults: FaultSwitch
  app: FastifyInstance
  close: () => Promise<void>
}

const VERSION = '1.37.0.5076'
const IMPLEMENTATIONS = ['Sonarr', 'Radarr', 'Lidarr', 'Readarr', 'Whisparr', 'LazyLibrarian', 'Mylar']
const SECRET_FIELDS = new Set(['apiKey'])
// Prowlarr returns credentials masked; a client sending the mask back keeps the stored value.
const MASK = '********'

function indexer (id: number, name: string, protocol: 'torrent' | 'usenet', privacy: 'public' | 'private' | 'semiPrivate', failing = false): Record<string, unknown> {
  const added = '2025-01-10T12:00:00Z'
  return {
    id,
    name,
    fields: [{ order: 0, name: 'baseUrl', label: 'Base Url', value: `https://${name.toLowerCase().replace(/\W+/g, '')}.example`, type: 'select', advanced: false, privacy: 'normal', isFloat: false }],
    implementationName: protocol === 'torrent' ? 'Cardigann' : 'Newznab',
    implementation: protocol === 'torrent' ? 'Cardigann' : 'Newznab',
    configContract: protocol === 'torrent' ? 'CardigannSettings' : 'NewznabSettings',
    infoLink: 'https://wiki.servarr.com/prowlarr/supported-indexers',
    tags: [],
    enable: true,
    redirect: false,
    supportsRss: true,
    supportsSearch: true,
    supportsRedirect: false,
    supportsPagination: protocol === 'usenet',
    appProfileId: 1,
    protocol,
    privacy,
    priority: 25,
    downloadClientId: 0,
    added,
    sortName: name.toLowerCase(),
    ...(failing ? { status: { id, indexerId: id, disabledTill: new Date(Date.now() + 3_600_000).toISOString(), mostRecentFailure: new Date().toISOString(), initialFailure: new Date(Date.now() - 600_000).toISOString() } } : {})
  }
}

export async function createProwlarrSimulator (opts: ProwlarrSimulatorOptions): Promise<ProwlarrSimulator> {
  const state: ProwlarrState = {
    indexers: [
      indexer(1, 'Nyaa', 'torrent', 'public'),
      indexer(2, 'TorrentLeech', 'torrent', 'private'),
      indexer(3, 'The Pirate Bay', 'torrent', 'public', true),
      indexer(4, 'NZBgeek', 'usenet', 'private'),
      indexer(5, 'EZTV', 'torrent', 'public'),
      indexer(6, 'YTS', 'torrent', 'public')
    ],
    applications: []
  }
  let nextAppId = 1
  const started = new Date().toISOString()

  const app = Fastify({ logger: false })
  const faults = attachFaults(app)
  attachRouteList(app, 'Prowlarr')
  requireApiKey(app, opts.apiKey)
  const violations = attachContract(app, await loadContract('prowlarr'))

  app.get('/ping', async () => ({ status: 'OK' }))

  app.get('/api/v1/system/status', async () => ({
    appName: 'Prowlarr',
    instanceName: 'Prowlarr',
    version: VERSION,
    buildTime: '2025-06-08T10:00:00Z',
    isDebug: false,
    isProduction: true,
    isAdmin: false,
    isUserInteractive: false,
    startupPath: '/app/prowlarr/bin',
    appData: '/config',
    ...DOCKER_HOST,
    branch: 'master',
    databaseType: 'sqLite',
    databaseVersion: '3.46.1',
    authentication: 'forms',
    migrationVersion: 42,
    urlBase: '',
    runtimeVersion: '8.0.12',
    runtimeName: '.NET',
    startTime: started,
    packageUpdateMechanism: 'docker'
  }))

  app.get('/api/v1/health', async () => {
    const failing = state.indexers.filter(i => (i.status as { disabledTill?: string } | undefined)?.disabledTill)
    const checks: Array<Record<string, unknown>> = []
    if (failing.length) {
      checks.push({ id: 1, source: 'IndexerStatusCheck', type: 'warning', message: `Indexers unavailable due to failures: ${failing.map(i => i.name).join(', ')}`, wikiUrl: 'https://wiki.servarr.com/prowlarr/system#indexers-are-unavailable-due-to-failures' })
    }
    if (state.applications.length === 0) {
      checks.push({ id: 2, source: 'ApplicationCheck', type: 'warning', message: 'No applications are configured; indexers are not synced to Sonarr or Radarr', wikiUrl: 'https://wiki.servarr.com/prowlarr/settings#applications' })
    }
    return checks
  })

  app.get('/api/v1/indexer', async () => state.indexers)

  app.get('/api/v1/applications', async () => state.applications.map(toResource))

  app.post('/api/v1/applications', async (req, reply) => {
    const body = (req.body ?? {}) as Partial<SimApplication> & { fields?: Array<{ name?: string, value?: unknown }> }
    const failures: Array<Record<string, unknown>> = []
    const field = (name: string) => body.fields?.find(f => f.name === name)?.value
    if (!body.name) failures.push(failure('name', 'Name must not be empty', body.name))
    if (!body.implementation || !IMPLEMENTATIONS.includes(body.implementation)) failures.push(failure('implementation', 'Unknown implementation', body.implementation))
    if (state.applications.some(a => a.name.toLowerCase() === String(body.name ?? '').toLowerCase())) failures.push(failure('name', 'Should be unique', body.name))
    for (const required of ['baseUrl', 'prowlarrUrl', 'apiKey']) {
      if (typeof field(required) !== 'string' || field(required) === '') failures.push(failure(required, `'${required}' must not be empty.`, field(required)))
    }
    if (failures.length) return reply.code(400).send(failures)
    const created: SimApplication = {
      id: nextAppId++,
      name: body.name!,
      implementation: body.implementation!,
      syncLevel: body.syncLevel ?? 'fullSync',
      tags: body.tags ?? [],
      fields: (body.fields ?? []).filter(f => typeof f.name === 'string').map(f => ({ name: f.name!, value: f.value }))
    }
    state.applications.push(created)
    // Real Prowlarr answers 201 Created; the OpenAPI file declares only 200, and the contract is the judge here
    // (same choice as the Sonarr/Radarr simulators). The client accepts any 2xx.
    return reply.code(200).send(toResource(created))
  })

  const url = await listenLocal(app, opts.port)
  return { url, state, violations, faults, app, close: () => app.close() }
}

function toResource (a: SimApplication): Record<string, unknown> {
  return {
    id: a.id,
    name: a.name,
    implementation: a.implementation,
    implementationName: a.implementation,
    configContract: `${a.implementation}Settings`,
    infoLink: `https://wiki.servarr.com/prowlarr/supported#${a.implementation.toLowerCase()}`,
    syncLevel: a.syncLevel,
    tags: a.tags,
    fields: a.fields.map((f, order) => ({
      order,
      name: f.name,
      value: SECRET_FIELDS.has(f.name) ? MASK : f.value,
      privacy: SECRET_FIELDS.has(f.name) ? 'apiKey' : 'normal',
      advanced: false,
      isFloat: false
    }))
  }
}

function failure (propertyName: string, errorMessage: string, attemptedValue: unknown) {
  return { propertyName, errorMessage, attemptedValue: attemptedValue ?? null, severity: 'error', errorCode: 'PredicateValidator' }
}
