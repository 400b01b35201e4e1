// What first-run setup needs from Sonarr and Radarr, on the shared Servarr base: download clients
// (GET/POST /api/v3/downloadclient: qBittorrent, Transmission, Deluge, SABnzbd, NZBGet) and adding root folders
// (POST /api/v3/rootfolder: absolute, not already configured, and the folder must exist when the simulator
// has a real disk behind the path). createServarrSetupSimulator starts a base with only the shared and
// setup routes, for setup tests; the full simulators can call registerServarrSetupRoutes(base) too.
import { existsSync } from 'node:fs'
import { isAbsolute } from 'node:path'
import { CREATED, createServarrBase, type ServarrBase, type ServarrSimOptions } from './core.js'
import type { SimKind } from './qualities.js'
import { createProviderStore, type FieldSpec, type ProviderSpec } from './setup-providers.js'
import { rootFolderResource } from './root-folders.js'

function torrentClientFields (kind: SimKind, defaultPort: number): FieldSpec[] {
  const category = kind === 'sonarr' ? 'tvCategory' : 'movieCategory'
  return [
    { name: 'host', label: 'Host', type: 'textbox', required: true, default: 'localhost' },
    { name: 'port', label: 'Port', type: 'number', required: true, default: defaultPort },
    { name: 'useSsl', label: 'Use SSL', type: 'checkbox', default: false },
    { name: 'urlBase', label: 'URL Base', type: 'textbox', default: '' },
    { name: 'username', label: 'Username', type: 'textbox', privacy: 'userName' },
    { name: 'password', label: 'Password', type: 'password', privacy: 'password' },
    { name: category, label: 'Category', type: 'textbox', default: kind === 'sonarr' ? 'tv-sonarr' : 'radarr' }
  ]
}

/** The Usenet clients' fields: the torrent clients' with an API key for SABnzbd, and their own default categories. */
function usenetClientFields (kind: SimKind, defaultPort: number, apiKey: boolean): FieldSpec[] {
  const fields = torrentClientFields(kind, defaultPort).map(f => f.name.endsWith('Category') ? { ...f, default: kind === 'sonarr' ? 'tv' : apiKey ? 'movies' : 'Movies' } : f)
  return apiKey ? [...fields.slice(0, 4), { name: 'apiKey', label: 'API Key', type: 'textbox', privacy: 'apiKey' }, ...fields.slice(4)] : fields
}

export function downloadClientSpecs (kind: SimKind): ProviderSpec[] {
  return [
    { implementation: 'QBittorrent', configContract: 'QBittorrentSettings', fields: torrentClientFields(kind, 8080), extra: { protocol: 'torrent' } },
    { implementation: 'Transmission', configContract: 'TransmissionSettings', fields: torrentClientFields(kind, 9091), extra: { protocol: 'torrent' } },
    // --- deluge: DelugeSettings has no Username, only the Web UI Password (Sonarr @ 0218dbf8,
    // src/NzbDrone.Core/Download/Clients/Deluge/DelugeSettings.cs FieldDefinitions 0-5; default port 8112).
    { implementation: 'Deluge', configContract: 'DelugeSettings', fields: torrentClientFields(kind, 8112).filter(f => f.name !== 'username'), extra: { protocol: 'torrent' } },
    // --- usenet: SabnzbdSettings.cs / NzbgetSettings.cs FieldDefinitions 0-7 / 0-6 (Sonarr v4.0.19.2979, Radarr
    // v6.0.3.10276): SABnzbd adds ApiKey before Username; default ports 8080 and 6789; protocol usenet.
    { implementation: 'Sabnzbd', configContract: 'SabnzbdSettings', fields: usenetClientFields(kind, 8080, true), extra: { protocol: 'usenet' } },
    { implementation: 'Nzbget', configContract: 'NzbgetSettings', fields: usenetClientFields(kind, 6789, false), extra: { protocol: 'usenet' } }
  ]
}

export function registerServarrSetupRoutes (base: ServarrBase) {
  const { app, state } = base
  const clients = createProviderStore(downloadClientSpecs(state.kind),
    { enable: true, priority: 1, removeCompletedDownloads: true, removeFailedDownloads: true },
    'https://wiki.servarr.com/sonarr/supported')

  app.get('/api/v3/downloadclient', async () => clients.list())
  app.post<{ Body: Record<string, unknown> }>('/api/v3/downloadclient', async (req, reply) => {
    const added = clients.add(req.body ?? {})
    if ('failures' in added) return reply.code(400).send(added.failures)
    return reply.code(CREATED).send(added.resource)
  })

  app.post<{ Body: { path?: unknown } }>('/api/v3/rootfolder', async (req, reply) => {
    const path = typeof req.body?.path === 'string' ? req.body.path.replace(/\/+$/, '') : ''
    if (!path || !isAbsolute(path)) return base.invalid(reply, [{ propertyName: 'Path', errorMessage: 'Invalid Path', errorCode: 'PathValidator', attemptedValue: req.body?.path ?? null }])
    if (state.rootFolders.some(r => r.path === path)) return base.invalid(reply, [{ propertyName: 'Path', errorMessage: 'Path is already configured as a root folder', errorCode: 'RootFolderValidator', attemptedValue: path }])
    const real = base.disk.real(path)
    if (real !== undefined && !existsSync(real)) return base.invalid(reply, [{ propertyName: 'Path', errorMessage: `Folder '${path}' does not exist`, errorCode: 'FolderValidator', attemptedValue: path }])
    const folder = { id: Math.max(0, ...state.rootFolders.map(r => r.id)) + 1, path }
    state.rootFolders.push(folder)
    return reply.code(CREATED).send(rootFolderResource(folder, base.disk))
  })

  return { downloadClients: clients }
}

/** A Sonarr or Radarr simulator with the shared routes (status, root folders, …) and the setup routes. */
export async function createServarrSetupSimulator (kind: SimKind, opts: ServarrSimOptions) {
  const base = await createServarrBase(kind, opts)
  base.registerSharedRoutes()
  const setup = registerServarrSetupRoutes(base)
  const server = await base.listen()
  return { url: server.url, state: base.state, downloadClients: setup.downloadClients, violations: base.violations, faults: base.faults, close: server.close }
}

export type ServarrSetupSimulator = Awaited<ReturnType<typeof createServarrSetupSimulator>>
