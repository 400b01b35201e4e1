// The wiring steps again for each extra Sonarr or Radarr instance (SERIES_MANAGER_INSTANCES,
// MOVIE_MANAGER_INSTANCES): the torrent client as its download client, and Prowlarr syncing indexers to it.
// They run when their default step is selected (by name, by group or by default). Extra instances have no key
// step (their key is configured) and no root-folder step (where a 4K or an anime library lives is the
// operator's choice; add it in that instance).
import type { Config } from '../../config.js'
import { SERVICE_NAMES, type RunCalls } from './calls.js'
import type { InstanceStepId, ManagerTarget, RunState, StepId, StepResult } from './types.js'
import { downloadClientStepFor } from './wire-servarr.js'
import { applicationStepFor } from './wire-prowlarr.js'

export interface InstanceStep {
  id: InstanceStepId
  /** What an unreachable answer marks down for the rest of the run. */
  backend: string
  run: (state: RunState, calls: RunCalls) => Promise<Omit<StepResult, 'step'>>
}

/** Every extra manager instance as a setup target. */
export function instanceTargets (config: Config): ManagerTarget[] {
  const kinds = [['series', 'sonarr', 'SERIES_MANAGER'], ['movies', 'radarr', 'MOVIE_MANAGER']] as const
  return kinds.flatMap(([kind, service, prefix]) => (config.instances?.[kind] ?? []).map(i => ({
    service,
    instance: i.name,
    label: `${SERVICE_NAMES[service]} (${i.name})`,
    baseUrl: i.url,
    apiKey: i.settings.API_KEY ?? '',
    urlVar: `${prefix}_${i.name.toUpperCase()}_URL`,
    keyVar: `${prefix}_${i.name.toUpperCase()}_API_KEY`
  })))
}

/** The instance steps whose default step is among `selected`, in run order (download clients, then applications). */
export function instanceSteps (config: Config, selected: readonly StepId[]): InstanceStep[] {
  const targets = instanceTargets(config)
  const steps: InstanceStep[] = []
  for (const t of targets) {
    if (!selected.includes(`download_client.${t.service}`)) continue
    steps.push({ id: `download_client.${t.service}@${t.instance}`, backend: `${t.service}@${t.instance}`, run: (s, c) => downloadClientStepFor(s, c, t) })
  }
  for (const t of targets) {
    if (!selected.includes(`application.${t.service}`)) continue
    steps.push({ id: `application.${t.service}@${t.instance}`, backend: 'prowlarr', run: (s, c) => applicationStepFor(s, c, t) })
  }
  return steps
}
