// --- usenet: setup's step for the Usenet client (USENET_CLIENT_TYPE): it is added to Sonarr and Radarr as a
// download client, as the torrent client is (wire-servarr.ts), with a category each. The step runs when the
// torrent client's step for that manager is selected and a Usenet client is configured.
// Implementation, contract and field names are the managers' own: Sonarr v4.0.19.2979
// src/NzbDrone.Core/Download/Clients/Sabnzbd/SabnzbdSettings.cs FieldDefinitions 0-7 (Host, Port, UseSsl, UrlBase,
// ApiKey, Username, Password, TvCategory) and Nzbget/NzbgetSettings.cs 0-6 (no ApiKey); Radarr v6.0.3.10276 the
// same with MovieCategory. Their Name is "SABnzbd" / "NZBGet" (Sabnzbd.cs 184, Nzbget.cs 195).
// The managers refuse a category the Usenet client does not have (Sabnzbd.cs TestCategory 455-480, Nzbget.cs
// 308-315: DownloadClientValidationCategoryMissing), so the categories are the ones each program ships with:
// SABnzbd "tv" and "movies" (sabnzbd/sabnzbd @ 5.0.1 sabnzbd/config.py 1150-1155), NZBGet "Series" and "Movies"
// (nzbget v21 nzbget.conf Category1.Name, Category2.Name).
import type { NewProvider } from '../../clients/setup-calls.js'
import { defaultTarget, missingTargetKey, type RunCalls } from './calls.js'
import { endpointOf, sameHostPort, sameName } from './equivalence.js'
import type { RunState, StepResult } from './types.js'
import { providerBody } from './wire-servarr.js'

type Outcome = Omit<StepResult, 'step'>

export type UsenetStepId = `usenet_client.${'sonarr' | 'radarr'}`

const CLIENTS = {
  sabnzbd: { name: 'SABnzbd', implementation: 'Sabnzbd', configContract: 'SabnzbdSettings', categories: { sonarr: 'tv', radarr: 'movies' } },
  nzbget: { name: 'NZBGet', implementation: 'Nzbget', configContract: 'NzbgetSettings', categories: { sonarr: 'Series', radarr: 'Movies' } }
} as const

const clientOf = (state: RunState) => {
  const type = state.config.USENET_CLIENT_TYPE.toLowerCase()
  return type === 'sabnzbd' || type === 'nzbget' ? CLIENTS[type] : undefined
}

export function usenetClientBody (state: RunState, service: 'sonarr' | 'radarr'): NewProvider | undefined {
  const target = endpointOf(state.config.USENET_CLIENT_URL)
  const c = clientOf(state)
  if (!target || !c) return undefined
  const sab = c.implementation === 'Sabnzbd'
  return providerBody(c, 'usenet', [
    { name: 'host', value: target.host },
    { name: 'port', value: target.port },
    { name: 'useSsl', value: target.ssl },
    { name: 'urlBase', value: target.path === '/' ? '' : target.path },
    ...(sab
      ? [{ name: 'apiKey', value: state.config.USENET_CLIENT_API_KEY }]
      : [{ name: 'username', value: state.config.USENET_CLIENT_USERNAME }, { name: 'password', value: state.config.USENET_CLIENT_PASSWORD }]),
    { name: service === 'sonarr' ? 'tvCategory' : 'movieCategory', value: c.categories[service] }
  ])
}

/** The Usenet client (USENET_CLIENT_URL) as download client in the default Sonarr or Radarr. */
export async function usenetClientStep (state: RunState, calls: RunCalls, service: 'sonarr' | 'radarr'): Promise<Outcome> {
  const instance = defaultTarget(state, service)
  const { label: name } = instance
  const manager = calls.servarrAt(instance)
  if (!manager) return { status: 'skipped', message: missingTargetKey(state, instance) }
  const c = clientOf(state)
  const body = usenetClientBody(state, service)
  const target = endpointOf(state.config.USENET_CLIENT_URL)
  if (!c || !body || !target) return { status: 'failed', message: 'USENET_CLIENT_URL is not an http(s) URL.' }
  const where = `${target.host}:${target.port}`
  const category = c.categories[service]
  const existing = await manager.downloadClients()
  const same = existing.find(e => e.implementation.toLowerCase() === c.implementation.toLowerCase() && sameHostPort(e.fields.host, e.fields.port, target))
  if (same) return { status: 'already_done', message: `${name} already has ${c.name} at ${where} ("${same.name}").` }
  const clash = existing.find(e => sameName(e.name, c.name))
  if (clash) return { status: 'failed', message: `${name} has a download client named "${clash.name}" that points elsewhere; remove or rename it in ${name} (Settings → Download Clients), then run setup again.` }
  if (state.request.dryRun) return { status: 'planned', message: `Would add ${c.name} at ${where} to ${name} (category ${category}).` }
  await manager.addDownloadClient(body)
  return { status: 'done', message: `Added ${c.name} at ${where} to ${name} (category ${category}, which ${c.name} must have; it ships with it).` }
}

/** The Usenet steps to run: one per manager whose download-client step is selected, when a Usenet client is set. */
export function usenetSteps (state: Pick<RunState, 'config'>, selected: readonly string[]): Array<{ id: UsenetStepId, backend: 'sonarr' | 'radarr', run: (s: RunState, c: RunCalls) => Promise<Outcome> }> {
  if (state.config.USENET_CLIENT_TYPE === '') return []
  return (['sonarr', 'radarr'] as const).filter(s => selected.includes(`download_client.${s}`))
    .map(service => ({ id: `usenet_client.${service}` as const, backend: service, run: (s: RunState, c: RunCalls) => usenetClientStep(s, c, service) }))
}
