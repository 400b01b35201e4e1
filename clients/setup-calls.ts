// The calls first-run setup needs that the tool clients do not make: Sonarr/Radarr download clients and
// root folders, Prowlarr applications, indexer proxies and tags, Jellyfin sign-in and API keys, and
// libraries. Built on the same HTTP core, but with keys passed in (setup may have just found them, before
// the running config knows them) and short-lived: the caller closes them after the run.
// Resources come back typed to the few fields setup compares; secret field values are dropped here. Folder
// paths cross PATH_MAP here, as in every client: setup reads and writes this server's own paths.
import { BackendError, ToolError } from '../core/errors.js'
import { packageVersion } from '../core/package-version.js'
import { createHttpBackend, type HttpCall } from './http.js'
import { createPathMap, type PathMap } from '../core/path-map.js'
import { authorizationHeader, libraryRequest } from './jellyfin/requests.js'

const DEADLINE_MS = 20_000
const SECRET_FIELD = /key|password|token|secret/i

/** A provider field (download client, application, indexer proxy) as the *arr APIs carry it. */
export interface ProviderField { name: string, value: unknown }
/** A provider entry with only its non-secret field values. */
export interface ProviderEntry { id: number, name: string, implementation: string, tags: number[], fields: Record<string, unknown> }
export interface NewProvider {
  name: string
  implementation: string
  configContract: string
  fields: ProviderField[]
  tags?: number[]
  [extra: string]: unknown
}

interface ValidationFailure { propertyName?: string, errorMessage?: string, errorCode?: string }

function toEntry (raw: Record<string, any>): ProviderEntry {
  const fields: Record<string, unknown> = {}
  for (const f of (raw.fields ?? []) as Array<{ name?: string, value?: unknown, privacy?: string }>) {
    if (!f.name || SECRET_FIELD.test(f.name) || (f.privacy !== undefined && f.privacy !== 'normal')) continue
    fields[f.name] = f.value
  }
  return { id: Number(raw.id ?? 0), name: String(raw.name ?? ''), implementation: String(raw.implementation ?? ''), tags: Array.isArray(raw.tags) ? raw.tags.map(Number) : [], fields }
}

/** Sonarr, Radarr and Prowlarr share one API style: X-Api-Key, JSON, 400 with a list of validation failures. */
function createArrApi (service: string, baseUrl: string, prefix: string, apiKey: string, vars: { urlVar: string, keyVar: string }) {
  const http = createHttpBackend({
    service,
    baseUrl,
    ...vars,
    deadlineMs: DEADLINE_MS,
    concurrency: 2,
    configured: () => apiKey !== '',
    headers: () => ({ 'x-api-key': apiKey })
  })
  const get = async <T> (path: string): Promise<T> => (await http.call<T>({ path: prefix + path })).data
  async function post<T> (path: string, json: unknown, what: string): Promise<T> {
    const res = await http.call<T | ValidationFailure[]>({ method: 'POST', path: prefix + path, json, allowStatus: [400] })
    if (res.status !== 400) return res.data as T
    const failures = Array.isArray(res.data) ? res.data as ValidationFailure[] : []
    const reasons = failures.slice(0, 5).map(f => String(f.errorMessage ?? 'invalid').slice(0, 200))
    throw new ToolError(`${service} refused to ${what}${reasons.length ? `: ${reasons.join('; ')}` : ''}.`)
  }
  return { service, get, post, close: () => http.close() }
}

export interface ServarrSetupOptions { service: 'Sonarr' | 'Radarr', baseUrl: string, apiKey: string, urlVar: string, keyVar: string, pathMap?: PathMap }

export function createServarrSetupCalls (o: ServarrSetupOptions) {
  const api = createArrApi(o.service, o.baseUrl, '/api/v3', o.apiKey, o)
  const paths = o.pathMap ?? createPathMap('')
  return {
    service: o.service,
    version: async () => (await api.get<{ version?: string }>('/system/status'))?.version ?? 'unknown',
    /** Root folder paths as this server sees them. */
    rootFolders: async () => ((await api.get<Array<{ path?: string | null }>>('/rootfolder')) ?? []).map(r => paths.toOurs(String(r.path ?? ''))),
    /** One of our folders; the manager is sent its own path for it. */
    addRootFolder: (path: string) => api.post('/rootfolder', { path: paths.toBackend(path) }, `add the root folder ${paths.toBackend(path)}`),
    /** One of our paths as the manager sees it (for messages). */
    serverPath: (path: string) => paths.toBackend(path),
    downloadClients: async () => ((await api.get<Array<Record<string, any>>>('/downloadclient')) ?? []).map(toEntry),
    addDownloadClient: (body: NewProvider) => api.post('/downloadclient', body, `add the download client "${body.name}"`),
    close: api.close
  }
}

export function createProwlarrSetupCalls (o: { baseUrl: string, apiKey: string }) {
  const api = createArrApi('Prowlarr', o.baseUrl, '/api/v1', o.apiKey, { urlVar: 'INDEXER_MANAGER_URL', keyVar: 'INDEXER_MANAGER_API_KEY' })
  return {
    version: async () => (await api.get<{ version?: string }>('/system/status'))?.version ?? 'unknown',
    applications: async () => ((await api.get<Array<Record<string, any>>>('/applications')) ?? []).map(toEntry),
    addApplication: (body: NewProvider) => api.post('/applications', body, `add the application "${body.name}"`),
    indexerProxies: async () => ((await api.get<Array<Record<string, any>>>('/indexerproxy')) ?? []).map(toEntry),
    addIndexerProxy: (body: NewProvider) => api.post('/indexerproxy', body, `add the indexer proxy "${body.name}"`),
    tags: async () => ((await api.get<Array<{ id?: number, label?: string | null }>>('/tag')) ?? []).map(t => ({ id: Number(t.id ?? 0), label: String(t.label ?? '') })),
    addTag: async (label: string) => {
      const t = await api.post<{ id?: number, label?: string }>('/tag', { label }, `add the tag "${label}"`)
      return { id: Number(t?.id ?? 0), label: String(t?.label ?? label) }
    },
    close: api.close
  }
}

/** Jellyfin's Authorization header without a token (sign-in). */
function anonymousHeader (): string {
  const q = (v: string) => `"${encodeURIComponent(v)}"`
  return `MediaBrowser Client=${q('mediastack-mcp')}, Device=${q('server')}, DeviceId=${q('mediastack-mcp-setup')}, Version=${q(packageVersion())}`
}

export interface JellyfinKeyEntry { appName: string, token: string, created: string }
export interface JellyfinLibraryEntry { name: string, collectionType: string, locations: string[] }

export function createJellyfinSetupCalls (o: { baseUrl: string, pathMap?: PathMap }) {
  const paths = o.pathMap ?? createPathMap('')
  const http = createHttpBackend({ service: 'Jellyfin', baseUrl: o.baseUrl, urlVar: 'MEDIA_SERVER_URL', keyVar: 'the Jellyfin admin credential', deadlineMs: DEADLINE_MS, concurrency: 2 })
  const as = (token: string, c: HttpCall) => http.call({ ...c, headers: { ...c.headers, authorization: token ? authorizationHeader(token) : anonymousHeader() } })

  return {
    version: async () => String(((await http.call<{ Version?: string }>({ path: '/System/Info/Public' })).data)?.Version ?? 'unknown'),
    /** Signs in; returns the session token and whether the user is an administrator. */
    async signIn (username: string, password: string): Promise<{ token: string, isAdmin: boolean }> {
      let res
      try {
        res = await as('', { method: 'POST', path: '/Users/AuthenticateByName', json: { Username: username, Pw: password } })
      } catch (err) {
        if (err instanceof BackendError && err.code === 'unauthorized') throw new ToolError('Jellyfin refused that username or password.')
        throw err
      }
      const data = res.data as { AccessToken?: string, User?: { Policy?: { IsAdministrator?: boolean } } } | null
      if (!data?.AccessToken) throw new ToolError('Jellyfin accepted the sign-in but returned no session token.')
      return { token: data.AccessToken, isAdmin: data.User?.Policy?.IsAdministrator === true }
    },
    /** Ends a session made by signIn (best effort: the token expires with the session anyway). */
    signOut: async (token: string) => { await as(token, { method: 'POST', path: '/Sessions/Logout', as: 'none' }).catch(() => {}) },
    /**
     * Every API key. IsActive is not read: AuthenticationManager.GetApiKeys never sets it, so Jellyfin 10.9–10.11
     * list every key with IsActive false, and a revoked key is deleted, not listed (jellyfin/jellyfin v10.11.11
     * Jellyfin.Server.Implementations/Security/AuthenticationManager.cs GetApiKeys, DeleteApiKey).
     */
    async keys (token: string): Promise<JellyfinKeyEntry[]> {
      const res = await as(token, { path: '/Auth/Keys' })
      const items = ((res.data as { Items?: Array<Record<string, unknown>> } | null)?.Items ?? [])
      return items.map(k => ({ appName: String(k.AppName ?? ''), token: String(k.AccessToken ?? ''), created: String(k.DateCreated ?? '') }))
    },
    createKey: async (token: string, app: string) => { await as(token, { method: 'POST', path: '/Auth/Keys', query: { app }, as: 'none' }) },
    async libraries (token: string): Promise<JellyfinLibraryEntry[]> {
      const res = await as(token, { path: '/Library/VirtualFolders' })
      return ((res.data as Array<Record<string, any>> | null) ?? []).map(l => ({ name: String(l.Name ?? ''), collectionType: String(l.CollectionType ?? 'mixed'), locations: Array.isArray(l.Locations) ? l.Locations.map(p => paths.toOurs(String(p))) : [] }))
    },
    /** A library over one of our folders; Jellyfin is sent its own path for it. */
    async addLibrary (token: string, q: { name: string, collectionType: string, path: string }): Promise<void> {
      const serverPath = paths.toBackend(q.path)
      const res = await as(token, {
        method: 'POST',
        path: '/Library/VirtualFolders',
        ...libraryRequest({ name: q.name, collectionType: q.collectionType, paths: [serverPath] }),
        allowStatus: [400],
        as: 'none'
      })
      // A taken name is not refused (Jellyfin appends 2, 3, …); its 400 means the folder does not exist where
      // Jellyfin runs (LibraryManager.AddVirtualFolder, jellyfin/jellyfin v10.11.11). The body is a fixed text.
      if (res.status === 400) throw new ToolError(`Jellyfin refused to add the library "${q.name}" (HTTP 400): it cannot see the folder ${serverPath}. Check that the media folder is mounted there in the Jellyfin container (and PATH_MAP), then run setup again.`)
    },
    /** One of our paths as Jellyfin sees it (for messages). */
    serverPath: (path: string) => paths.toBackend(path),
    close: () => http.close()
  }
}

export type ServarrSetupCalls = ReturnType<typeof createServarrSetupCalls>
export type ProwlarrSetupCalls = ReturnType<typeof createProwlarrSetupCalls>
export type JellyfinSetupCalls = ReturnType<typeof createJellyfinSetupCalls>
