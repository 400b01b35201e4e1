// --- usenet: setup's step for the Usenet client (USENET_CLIENT_TYPE): it is added to Sonarr and Radarr as a
// download client, as the torrent client is (wire-servarr.ts), with a category each. The step runs when the
// torrent client's step for that manager is selected and a Usenet client is configured. Every Usenet client is
// wired: the default one (USENET_CLIENT_*) as "SABnzbd" / "NZBGet", each extra one (USENET_CLIENT_INSTANCES) as
// "SABnzbd (news2)", in steps of its own (usenet_client@news2.sonarr), so one that fails leaves the others.
// Implementation, contract and field names are the managers' own: Sonarr v4.0.19.2979
// src/NzbDrone.Core/Download/Clients/Sabnzbd/SabnzbdSettings.cs FieldDefinitions 0-7 (Host, Port, UseSsl, UrlBase,
// ApiKey, Username, Password, TvCategory) and Nzbget/NzbgetSettings.cs 0-6 (no ApiKey); Radarr v6.0.3.10276 the
// same with MovieCategory. Their Name is "SABnzbd" / "NZBGet" (Sabnzbd.cs 184, Nzbget.cs 195).
// The managers refuse a category the Usenet client does not have (Sabnzbd.cs TestCategory 455-480, Nzbget.cs
// 308-315: DownloadClientValidationCategoryMissing), so the categories are the ones each program ships with:
// SABnzbd "tv" and "movies" (sabnzbd/sabnzbd @ 5.0.1 sabnzbd/config.py 1150-1155), NZBGet "Series" and "Movies"
// (nzbget v21 nzbget.conf Category1.Name, Category2.Name).
import type { NewProvider } from '../../clients/setup-calls.js'
import { DEFAULT_INSTANCE } from '../../core/instance-config.js'
import { defaultTarget, missingTargetKey, type RunCalls } from './calls.js'
import { endpointOf, sameHostPort, sameName } from './equivalence.js'
import type { RunState, StepResult } from './types.js'
import { providerBody } from './wire-servarr.js'

type Outcome = Omit<StepResult, 'step'>

export type UsenetStepId = `usenet_client${'' | `@${string}`}.${'sonarr' | 'radarr'}`

const CLIENTS = {
  sabnzbd: { name: 'SABnzbd', implementation: 'Sabnzbd', configContract: 'SabnzbdSettings', categories: { sonarr: 'tv', radarr: 'movies' } },
  nzbget: { name: 'NZBGet', implementation: 'Nzbget', configContract: 'NzbgetSettings', categories: { sonarr: 'Series', radarr: 'Movies' } }
} as const

/** One configured Usenet client, as setup wires it. */
export interface UsenetTarget {
  /** "default", or the extra instance's name. */
  instance: string
  type: string
  url: string
  apiKey: string
  username: string
  password: string
  /** The variable its URL is in, for messages. */
  urlVar: string
}

/** Every configured Usenet client: the default one first, then the extra ones in configured order. */
export function usenetTargets (config: RunState['config']): UsenetTarget[] {
  if (config.USENET_CLIENT_TYPE === '') return []
  const main: UsenetTarget = { instance: DEFAULT_INSTANCE, type: config.USENET_CLIENT_TYPE, url: config.USENET_CLIENT_URL, apiKey: config.USENET_CLIENT_API_KEY, username: config.USENET_CLIENT_USERNAME, password: config.USENET_CLIENT_PASSWORD, urlVar: 'USENET_CLIENT_URL' }
  const extra = (config.instances?.usenet ?? []).map(i => ({
    instance: i.name,
    type: i.settings.TYPE ?? '',
    url: i.url,
    apiKey: i.settings.API_KEY ?? '',
    username: i.settings.USERNAME ?? '',
    password: i.settings.PASSWORD ?? '',
    urlVar: `USENET_CLIENT_${i.name.toUpperCase()}_URL`
  }))
  return [main, ...extra]
}

/** The program and the name the managers list it under: "SABnzbd", or "SABnzbd (news2)" for an extra one. */
const clientOf = (u: UsenetTarget) => {
  const type = u.type.toLowerCase()
  if (type !== 'sabnzbd' && type !== 'nzbget') return undefined
  const c = CLIENTS[type]
  return { ...c, name: u.instance === DEFAULT_INSTANCE ? c.name : `${c.name} (${u.instance})` }
}

export function usenetClientBody (u: UsenetTarget, service: 'sonarr' | 'radarr'): NewProvider | undefined {
  const target = endpointOf(u.url)
  const c = clientOf(u)
  if (!target || !c) return undefined
  const sab = c.implementation === 'Sabnzbd'
  return providerBody(c, 'usenet', [
    { name: 'host', value: target.host },
    { name: 'port', value: target.port },
    { name: 'useSsl', value: target.ssl },
    { name: 'urlBase', value: target.path === '/' ? '' : target.path },
    ...(sab
      ? [{ name: 'apiKey', value: u.apiKey }]
      : [{ name: 'username', value: u.username }, { name: 'password', value: u.password }]),
    { name: service === 'sonarr' ? 'tvCategory' : 'movieCategory', value: c.categories[service] }
  ])
}

/** One Usenet client as download client in the default Sonarr or Radarr. */
export async function usenetClientStep (state: RunState, calls: RunCalls, service: 'sonarr' | 'radarr', u: UsenetTarget): Promise<Outcome> {
  const instance = defaultTarget(state, service)
  const { label: name } = instance
  const manager = calls.servarrAt(instance)
  if (!manager) return { status: 'skipped', message: missingTargetKey(state, instance) }
  const c = clientOf(u)
  const body = usenetClientBody(u, service)
  const target = endpointOf(u.url)
  if (!c || !body || !target) return { status: 'failed', message: `${u.urlVar} is not an http(s) URL.` }
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

/**
 * The Usenet steps to run: for each configured Usenet client, one per manager whose download-client step is
 * selected. An extra client's step is named after it (usenet_client@news2.sonarr).
 */
export function usenetSteps (state: Pick<RunState, 'config'>, selected: readonly string[]): Array<{ id: UsenetStepId, backend: 'sonarr' | 'radarr', run: (s: RunState, c: RunCalls) => Promise<Outcome> }> {
  const services = (['sonarr', 'radarr'] as const).filter(s => selected.includes(`download_client.${s}`))
  return usenetTargets(state.config).flatMap(u => services.map(service => ({
    id: (u.instance === DEFAULT_INSTANCE ? `usenet_client.${service}` : `usenet_client@${u.instance}.${service}`) as UsenetStepId,
    backend: service,
    run: (s: RunState, c: RunCalls) => usenetClientStep(s, c, service, u)
  })))
}
