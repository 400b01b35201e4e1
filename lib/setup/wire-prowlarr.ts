// Step 2b: Prowlarr syncs its indexers into Sonarr and Radarr (applications), and sends requests through
// the challenge-bypass proxy (FlareSolverr) for indexers that carry the "flaresolverr" tag: Prowlarr only
// uses an indexer proxy for indexers sharing one of its tags, so the proxy gets that tag and the operator
// tags the indexers that need it.
import { SERVICE_NAMES, defaultTarget, missingKey, missingTargetKey, type RunCalls } from './calls.js'
import { sameName, sameUrl } from './equivalence.js'
import type { ManagerTarget, RunState, StepResult } from './types.js'
import { displayUrl } from '../../core/display-url.js'

type Outcome = Omit<StepResult, 'step'>

export const PROXY_TAG = 'flaresolverr'
const PROXY_NAME = 'FlareSolverr'
const SYNC_CATEGORIES = {
  sonarr: [5000, 5010, 5020, 5030, 5040, 5045, 5050],
  radarr: [2000, 2010, 2020, 2030, 2040, 2045, 2050, 2060]
}

export async function applicationStep (state: RunState, calls: RunCalls, service: 'sonarr' | 'radarr'): Promise<Outcome> {
  return await applicationStepFor(state, calls, defaultTarget(state, service))
}

/** Prowlarr syncs its indexers to one Sonarr or Radarr instance; the application is named as messages name it. */
export async function applicationStepFor (state: RunState, calls: RunCalls, target: ManagerTarget): Promise<Outcome> {
  const { service, label: name, baseUrl, apiKey: appKey } = target
  const implementation = SERVICE_NAMES[service]
  const prowlarr = calls.prowlarr()
  if (!prowlarr) return { status: 'skipped', message: missingKey(state, 'prowlarr') }
  const existing = await prowlarr.applications()
  const same = existing.find(a => sameName(a.implementation, implementation) && sameUrl(a.fields.baseUrl, baseUrl))
  if (same) return { status: 'already_done', message: `Prowlarr already syncs indexers to ${name} at ${displayUrl(baseUrl)} ("${same.name}").` }
  const clash = existing.find(a => sameName(a.name, name))
  if (clash) return { status: 'failed', message: `Prowlarr has an application named "${clash.name}" that points elsewhere; remove or rename it in Prowlarr (Settings → Apps), then run setup again.` }
  if (!appKey) return { status: 'skipped', message: missingTargetKey(state, target) }
  if (state.request.dryRun) return { status: 'planned', message: `Would make Prowlarr sync indexers to ${name} at ${displayUrl(baseUrl)}.` }
  await prowlarr.addApplication({
    name,
    implementation,
    implementationName: implementation,
    configContract: `${implementation}Settings`,
    syncLevel: 'fullSync',
    tags: [],
    fields: [
      { name: 'prowlarrUrl', value: state.config.INDEXER_MANAGER_URL },
      { name: 'baseUrl', value: baseUrl },
      { name: 'apiKey', value: appKey },
      { name: 'syncCategories', value: SYNC_CATEGORIES[service] }
    ]
  })
  return { status: 'done', message: `Prowlarr now syncs indexers to ${name} at ${displayUrl(baseUrl)}.` }
}

export async function indexerProxyStep (state: RunState, calls: RunCalls): Promise<Outcome> {
  const prowlarr = calls.prowlarr()
  if (!prowlarr) return { status: 'skipped', message: missingKey(state, 'prowlarr') }
  const host = state.config.CHALLENGE_PROXY_URL.replace(/\/*$/, '/')
  const existing = await prowlarr.indexerProxies()
  const same = existing.find(p => sameName(p.implementation, PROXY_NAME) && sameUrl(p.fields.host, host))
  if (same) return { status: 'already_done', message: `Prowlarr already has FlareSolverr at ${host} ("${same.name}").` }
  const clash = existing.find(p => sameName(p.name, PROXY_NAME))
  if (clash) return { status: 'failed', message: `Prowlarr has an indexer proxy named "${clash.name}" that points elsewhere; remove or rename it in Prowlarr (Settings → Indexers), then run setup again.` }
  if (state.request.dryRun) return { status: 'planned', message: `Would add FlareSolverr at ${host} to Prowlarr as an indexer proxy, tagged "${PROXY_TAG}".` }
  const tags = await prowlarr.tags()
  const tag = tags.find(t => sameName(t.label, PROXY_TAG)) ?? await prowlarr.addTag(PROXY_TAG)
  await prowlarr.addIndexerProxy({
    name: PROXY_NAME,
    implementation: PROXY_NAME,
    implementationName: PROXY_NAME,
    configContract: 'FlareSolverrSettings',
    tags: [tag.id],
    fields: [
      { name: 'host', value: host },
      { name: 'requestTimeout', value: 60 }
    ]
  })
  return { status: 'done', message: `Added FlareSolverr at ${host} to Prowlarr, tagged "${PROXY_TAG}": give that tag to the indexers that sit behind a challenge page.` }
}
