// Step 2a: the torrent client as download client in Sonarr and Radarr, and their root folders.
// Paths are ours (MEDIA_ROOT/<folder>); the setup clients send them as the managers see them (PATH_MAP), and
// messages name the managers' form, the one the operator finds in their settings.
import { posix } from 'node:path'
import type { NewProvider } from '../../clients/setup-calls.js'
import { SERVICE_NAMES, defaultTarget, missingKey, missingTargetKey, type RunCalls } from './calls.js'
import { endpointOf, sameHostPort, sameName, samePath } from './equivalence.js'
import type { ManagerTarget, RunState, StepResult } from './types.js'
import { rpcPath } from '../../clients/transmission/client.js'
import { jsonPath } from '../../clients/deluge/client.js'

type Outcome = Omit<StepResult, 'step'>

export const CATEGORIES = { sonarr: 'tv-sonarr', radarr: 'radarr' } as const

// --- torrents: the managers' download client for each TORRENT_CLIENT_TYPE. Implementation, contract and field
// names are Sonarr's (github.com/Sonarr/Sonarr, v4.0.19.2979, src/NzbDrone.Core/Download/Clients/
// QBittorrent/QBittorrentSettings.cs and Transmission/TransmissionSettings.cs 52-90: Host, Port, UseSsl,
// UrlBase, Username, Password, TvCategory; Radarr names the category MovieCategory). Sonarr calls Transmission
// at <UrlBase>rpc (Transmission/TransmissionProxy.cs 247-253), so UrlBase is our RPC path without "rpc"; the
// category is a label where Transmission has them, else a subfolder (Transmission/TransmissionBase.cs 49-75, 260-275).
const CLIENTS = {
  qbittorrent: { name: 'qBittorrent', implementation: 'QBittorrent', configContract: 'QBittorrentSettings', urlBase: (path: string) => path === '/' ? '' : path },
  transmission: { name: 'Transmission', implementation: 'Transmission', configContract: 'TransmissionSettings', urlBase: (path: string) => rpcPath(`http://h${path}`).path.replace(/rpc$/, '') },
  // --- deluge: Sonarr calls http://host:port/<UrlBase>/json and has no Username field, only the web UI's Password
  // (Sonarr @ 0218dbf8, src/NzbDrone.Core/Download/Clients/Deluge/DelugeSettings.cs FieldDefinitions 0-5,
  // DelugeProxy.cs BuildRequest: Resource("json")); its category is a Deluge label (Label plugin).
  deluge: { name: 'Deluge', implementation: 'Deluge', configContract: 'DelugeSettings', urlBase: (path: string) => jsonPath(`http://h${path}`).path.replace(/\/?json$/, '') }
} as const
/** Download client kinds whose settings have no Username field. */
const NO_USERNAME: readonly string[] = ['Deluge']
const clientOf = (state: RunState) => CLIENTS[state.config.TORRENT_CLIENT_TYPE]

/** A folder under MEDIA_ROOT, as this server sees it. */
export function mediaPath (state: RunState, folder: string): string {
  return posix.join(state.config.MEDIA_ROOT, folder)
}

export function downloadClientBody (state: RunState, service: 'sonarr' | 'radarr'): NewProvider | undefined {
  const target = endpointOf(state.config.TORRENT_CLIENT_URL)
  if (!target) return undefined
  const c = clientOf(state)
  return providerBody(c, 'torrent', [
    { name: 'host', value: target.host },
    { name: 'port', value: target.port },
    { name: 'useSsl', value: target.ssl },
    { name: 'urlBase', value: c.urlBase(target.path) },
    ...(NO_USERNAME.includes(c.implementation) ? [] : [{ name: 'username', value: state.config.TORRENT_CLIENT_USERNAME }]),
    { name: 'password', value: state.config.TORRENT_CLIENT_PASSWORD },
    { name: service === 'sonarr' ? 'tvCategory' : 'movieCategory', value: CATEGORIES[service] }
  ])
}

/** A download client as the managers' POST /downloadclient takes it: enabled, removing what it imported or failed. */
export function providerBody (c: { name: string, implementation: string, configContract: string }, protocol: 'torrent' | 'usenet', fields: NewProvider['fields']): NewProvider {
  return {
    name: c.name,
    implementation: c.implementation,
    implementationName: c.name,
    configContract: c.configContract,
    enable: true,
    protocol,
    priority: 1,
    removeCompletedDownloads: true,
    removeFailedDownloads: true,
    tags: [],
    fields
  }
}

export async function downloadClientStep (state: RunState, calls: RunCalls, service: 'sonarr' | 'radarr'): Promise<Outcome> {
  return await downloadClientStepFor(state, calls, defaultTarget(state, service))
}

/** The torrent client (TORRENT_CLIENT_URL) as download client in one Sonarr or Radarr instance. */
export async function downloadClientStepFor (state: RunState, calls: RunCalls, instance: ManagerTarget): Promise<Outcome> {
  const { service, label: name } = instance
  const manager = calls.servarrAt(instance)
  if (!manager) return { status: 'skipped', message: missingTargetKey(state, instance) }
  const body = downloadClientBody(state, service)
  const target = endpointOf(state.config.TORRENT_CLIENT_URL)
  if (!body || !target) return { status: 'failed', message: 'TORRENT_CLIENT_URL is not an http(s) URL.' }
  const where = `${target.host}:${target.port}`
  const kind = clientOf(state)
  const existing = await manager.downloadClients()
  const same = existing.find(c => c.implementation.toLowerCase() === kind.implementation.toLowerCase() && sameHostPort(c.fields.host, c.fields.port, target))
  if (same) return { status: 'already_done', message: `${name} already has ${kind.name} at ${where} ("${same.name}").` }
  const clash = existing.find(c => sameName(c.name, kind.name))
  if (clash) return { status: 'failed', message: `${name} has a download client named "${clash.name}" that points elsewhere; remove or rename it in ${name} (Settings → Download Clients), then run setup again.` }
  // Transmission may run without RPC authentication; qBittorrent's WebUI and Deluge's Web UI always have a password.
  if (state.config.TORRENT_CLIENT_PASSWORD === '' && kind.name !== 'Transmission') return { status: 'skipped', message: `Set TORRENT_CLIENT_PASSWORD (the ${kind.name} ${kind.name === 'Deluge' ? 'Web UI' : 'WebUI'} password) first, so the manager can sign in to the torrent client.` }
  if (state.request.dryRun) return { status: 'planned', message: `Would add ${kind.name} at ${where} to ${name} (category ${CATEGORIES[service]}).` }
  await manager.addDownloadClient(body)
  return { status: 'done', message: `Added ${kind.name} at ${where} to ${name} (category ${CATEGORIES[service]}).` }
}

export async function rootFolderStep (state: RunState, calls: RunCalls, service: 'sonarr' | 'radarr', folder: string): Promise<Outcome> {
  const name = SERVICE_NAMES[service]
  const manager = calls.servarr(service)
  if (!manager) return { status: 'skipped', message: missingKey(state, service) }
  const ours = mediaPath(state, folder)
  const path = manager.serverPath(ours)
  const existing = await manager.rootFolders()
  if (existing.some(p => samePath(p, ours))) return { status: 'already_done', message: `${name} already has the root folder ${path}.` }
  if (state.request.dryRun) return { status: 'planned', message: `Would add the root folder ${path} to ${name}.` }
  await manager.addRootFolder(ours)
  return { status: 'done', message: `Added the root folder ${path} to ${name}.` }
}
