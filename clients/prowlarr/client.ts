// Prowlarr client (app.backends.prowlarr): status, health and indexers for the dashboard and status
// tools, applications (the Sonarr/Radarr instances it syncs indexers into) for setup. X-Api-Key auth.
import type { Config } from '../../config.js'
import { BackendError } from '../../core/errors.js'
import { createHttpBackend, type HttpCall, type ProbeResult } from '../http.js'
import type { BackendClientBase, BackendFactory } from '../types.js'
import { versionProbe } from '../version-probe.js'

export const SERVICE = 'Prowlarr'
export const KEY_VAR = 'INDEXER_MANAGER_API_KEY'
export const URL_VAR = 'INDEXER_MANAGER_URL'

export interface IndexerStatus { appName: string, version: string, instanceName?: string, isDocker?: boolean, startTime?: string }
export interface HealthCheck { source: string, type: 'ok' | 'notice' | 'warning' | 'error' | string, message: string, wikiUrl?: string }
export interface Indexer {
  id: number
  name: string
  protocol: string
  privacy?: string
  enable: boolean
  priority?: number
  /** Set while Prowlarr has disabled the indexer after failures. */
  disabledTill?: string
}
export interface Application {
  id: number
  name: string
  implementation: string
  syncLevel: string
  /** Only non-secret fields (baseUrl, prowlarrUrl, syncCategories…); apiKey values are never returned. */
  fields: Record<string, unknown>
}

/** What setup passes to register Sonarr or Radarr in Prowlarr. */
export interface NewApplication {
  name: string
  implementation: 'Sonarr' | 'Radarr'
  /** Prowlarr's own URL as the app should reach it, e.g. http://prowlarr:9696 */
  prowlarrUrl: string
  /** The app's URL as Prowlarr reaches it, e.g. http://sonarr:8989 */
  baseUrl: string
  apiKey: string
  syncLevel?: 'disabled' | 'addOnly' | 'fullSync'
  syncCategories?: number[]
}

interface RawField { name?: string | null, value?: unknown, privacy?: string }

// Field names whose values are credentials; Prowlarr marks them privacy=apiKey/password too.
const SECRET_FIELD = /key|password|token|secret/i

export function createProwlarrClient (config: Pick<Config, 'INDEXER_MANAGER_URL' | 'INDEXER_MANAGER_API_KEY'>, options: { deadlineMs?: number } = {}) {
  const key = config.INDEXER_MANAGER_API_KEY
  const http = createHttpBackend({
    service: SERVICE,
    baseUrl: config.INDEXER_MANAGER_URL,
    urlVar: URL_VAR,
    keyVar: KEY_VAR,
    configured: () => key !== '',
    deadlineMs: options.deadlineMs,
    headers: () => ({ 'x-api-key': key })
  })

  async function api<T> (c: HttpCall, signal?: AbortSignal): Promise<T> {
    return (await http.call<T>({ ...c, signal })).data
  }

  async function status (signal?: AbortSignal): Promise<IndexerStatus> {
    const r = await api<Record<string, unknown> | null>({ path: '/api/v1/system/status' }, signal)
    if (!r || typeof r.version !== 'string') throw new BackendError(SERVICE, `${SERVICE} answered /api/v1/system/status without a version: is ${URL_VAR} pointing at Prowlarr?`, undefined, 'bad_response')
    return { appName: String(r.appName ?? 'Prowlarr'), version: r.version, instanceName: str(r.instanceName), isDocker: typeof r.isDocker === 'boolean' ? r.isDocker : undefined, startTime: str(r.startTime) }
  }

  async function health (signal?: AbortSignal): Promise<HealthCheck[]> {
    const raw = await api<Array<Record<string, unknown>>>({ path: '/api/v1/health' }, signal)
    return (raw ?? []).map(h => ({ source: String(h.source ?? ''), type: String(h.type ?? 'notice'), message: String(h.message ?? ''), wikiUrl: str(h.wikiUrl) }))
  }

  async function indexers (signal?: AbortSignal): Promise<Indexer[]> {
    const raw = await api<Array<Record<string, any>>>({ path: '/api/v1/indexer' }, signal)
    return (raw ?? []).map(i => ({
      id: Number(i.id),
      name: String(i.name ?? ''),
      protocol: String(i.protocol ?? 'unknown'),
      privacy: str(i.privacy),
      enable: i.enable === true,
      priority: typeof i.priority === 'number' ? i.priority : undefined,
      disabledTill: str(i.status?.disabledTill)
    }))
  }

  async function applications (signal?: AbortSignal): Promise<Application[]> {
    const raw = await api<Array<Record<string, any>>>({ path: '/api/v1/applications' }, signal)
    return (raw ?? []).map(toApplication)
  }

  /** Registers Sonarr or Radarr so Prowlarr syncs its indexers into it. */
  async function addApplication (app: NewApplication, signal?: AbortSignal): Promise<Application> {
    const fields = [
      { name: 'prowlarrUrl', value: app.prowlarrUrl },
      { name: 'baseUrl', value: app.baseUrl },
      { name: 'apiKey', value: app.apiKey },
      { name: 'syncCategories', value: app.syncCategories ?? (app.implementation === 'Sonarr' ? [5000, 5010, 5020, 5030, 5040, 5045, 5050] : [2000, 2010, 2020, 2030, 2040, 2045, 2050, 2060]) }
    ]
    const created = await api<Record<string, any>>({
      method: 'POST',
      path: '/api/v1/applications',
      json: { name: app.name, implementation: app.implementation, implementationName: app.implementation, configContract: `${app.implementation}Settings`, syncLevel: app.syncLevel ?? 'fullSync', tags: [], fields }
    }, signal)
    return toApplication(created ?? {})
  }

  const probe = (): Promise<ProbeResult> => versionProbe(SERVICE, key !== '', KEY_VAR, status)

  return {
    service: SERVICE,
    configured: key !== '',
    status,
    health,
    indexers,
    applications,
    addApplication,
    probe,
    circuit: http.circuit,
    close: () => http.close()
  } satisfies BackendClientBase & Record<string, unknown>
}

function toApplication (a: Record<string, any>): Application {
  const fields: Record<string, unknown> = {}
  for (const f of (a.fields ?? []) as RawField[]) {
    if (!f.name || SECRET_FIELD.test(f.name) || (f.privacy && f.privacy !== 'normal')) continue
    fields[f.name] = f.value
  }
  return { id: Number(a.id ?? 0), name: String(a.name ?? ''), implementation: String(a.implementation ?? ''), syncLevel: String(a.syncLevel ?? 'disabled'), fields }
}

function str (v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined
}

export type ProwlarrClient = ReturnType<typeof createProwlarrClient>

declare module '../types.js' {
  interface Backends { prowlarr: ProwlarrClient }
}

export const prowlarrFactory: BackendFactory = (config) => ({ prowlarr: createProwlarrClient(config) })
