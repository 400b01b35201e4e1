// Runs the setup steps in a fixed order: the key steps, then one atomic write of the keys found, then the
// wiring steps with those keys. Every step runs even when an earlier one failed; each reports done,
// already_done, planned (dry run), skipped (a prerequisite is missing, with why) or failed (with why).
import type { Config } from '../../config.js'
import { BackendError, ToolError } from '../../core/errors.js'
import { safeEqual } from '../secrets.js'
import { createRunCalls, keyFor, type RunCalls } from './calls.js'
import { jellyfinKeyStep, servarrKeyStep } from './key-steps.js'
import { readStoredSecrets, writeStoredSecrets, type StoredSecrets } from './secrets-file.js'
import {
  KEY_VARS, STEP_GROUPS, STEP_IDS, type InstanceStepId, type KeyedService, type RunState, type SetupLog, type SetupReport,
  type SetupRequest, type StepId, type StepResult
} from './types.js'
import { instanceSteps } from './instance-steps.js'
import { libraryStep } from './wire-jellyfin.js'
import { plexLibraryStep } from './wire-plex.js'
import { applicationStep, indexerProxyStep } from './wire-prowlarr.js'
import { downloadClientStep, rootFolderStep } from './wire-servarr.js'
// --- usenet
import { usenetSteps, type UsenetStepId } from './wire-usenet.js'
// --- deluge label plugin
import { delugeSteps, type DelugeStepId } from './deluge-label.js'

type StepFn = (state: RunState, calls: RunCalls) => Promise<Omit<StepResult, 'step'>>

// --- Plex: the media-server steps speak Jellyfin's API, so with MEDIA_SERVER_TYPE=plex they are skipped, saying why.
const PLEX_SKIP = 'The media server is Plex (MEDIA_SERVER_TYPE=plex), which needs no Jellyfin key: set MEDIA_SERVER_TOKEN to the server owner\'s X-Plex-Token; the library steps then add the sections.'
const jellyfinOnly = (run: StepFn): StepFn => async (s, c) => s.config.MEDIA_SERVER_TYPE === 'plex' ? { status: 'skipped', message: PLEX_SKIP } : await run(s, c)
/** A library step: Jellyfin's, or with Plex the section over the same folder (lib/setup/wire-plex.ts). */
const library = (which: 'movies' | 'tv' | 'anime' | 'music'): StepFn => async (s, c) => s.config.MEDIA_SERVER_TYPE === 'plex' ? await plexLibraryStep(s, which) : await libraryStep(s, c, which)

const STEPS: Record<StepId, StepFn> = {
  'key.sonarr': s => servarrKeyStep(s, 'sonarr'),
  'key.radarr': s => servarrKeyStep(s, 'radarr'),
  'key.prowlarr': s => servarrKeyStep(s, 'prowlarr'),
  'key.jellyfin': jellyfinOnly((s, c) => jellyfinKeyStep(s, c)),
  'download_client.sonarr': (s, c) => downloadClientStep(s, c, 'sonarr'),
  'download_client.radarr': (s, c) => downloadClientStep(s, c, 'radarr'),
  'root_folder.tv': (s, c) => rootFolderStep(s, c, 'sonarr', 'tv'),
  'root_folder.anime': (s, c) => rootFolderStep(s, c, 'sonarr', 'anime'),
  'root_folder.movies': (s, c) => rootFolderStep(s, c, 'radarr', 'movies'),
  'application.sonarr': (s, c) => applicationStep(s, c, 'sonarr'),
  'application.radarr': (s, c) => applicationStep(s, c, 'radarr'),
  'indexer_proxy.challenge': (s, c) => indexerProxyStep(s, c),
  'library.movies': library('movies'),
  'library.tv': library('tv'),
  'library.anime': library('anime'),
  'library.music': library('music')
}

const KEY_STEP_SERVICE: Partial<Record<StepId, KeyedService>> = { 'key.sonarr': 'sonarr', 'key.radarr': 'radarr', 'key.prowlarr': 'prowlarr', 'key.jellyfin': 'jellyfin' }

/** The backend each step talks to (the *arr key steps only read files). */
const STEP_BACKEND: Partial<Record<StepId, KeyedService>> = {
  'key.jellyfin': 'jellyfin',
  'download_client.sonarr': 'sonarr',
  'download_client.radarr': 'radarr',
  'root_folder.tv': 'sonarr',
  'root_folder.anime': 'sonarr',
  'root_folder.movies': 'radarr',
  'application.sonarr': 'prowlarr',
  'application.radarr': 'prowlarr',
  'indexer_proxy.challenge': 'prowlarr',
  'library.movies': 'jellyfin',
  'library.tv': 'jellyfin',
  'library.anime': 'jellyfin',
  'library.music': 'jellyfin'
}

export class SetupInputError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'SetupInputError'
  }
}

/** Step ids and group names → the step ids, in run order. Unknown names throw SetupInputError. */
export function selectSteps (names?: readonly string[]): StepId[] {
  if (!names || names.length === 0) return [...STEP_IDS]
  const wanted = new Set<StepId>()
  for (const raw of names) {
    const name = raw.trim()
    if (name in STEP_GROUPS) for (const id of STEP_GROUPS[name as keyof typeof STEP_GROUPS]) wanted.add(id)
    else if ((STEP_IDS as string[]).includes(name)) wanted.add(name as StepId)
    else throw new SetupInputError(`Unknown setup step "${name.slice(0, 60)}". Steps: ${STEP_IDS.join(', ')}; groups: ${Object.keys(STEP_GROUPS).join(', ')}.`)
  }
  return STEP_IDS.filter(id => wanted.has(id))
}

export async function runSetup (config: Config, request: SetupRequest, log: SetupLog): Promise<SetupReport> {
  const selected = selectSteps(request.steps)
  let stored: StoredSecrets = {}
  try {
    stored = await readStoredSecrets(config.STATE_DIR)
  } catch (err) {
    log.warn({ err: errorText(err) }, 'stored setup keys unreadable; the key steps will replace the file')
  }
  const state: RunState = { config, request, stored, found: {}, log }
  const calls = createRunCalls(state)
  const results: StepResult[] = []
  // A backend found unreachable is not tried again in this run: its other steps fail at once with the
  // same reason, so a dead host costs one timeout, not one per step.
  const down = new Map<string, string>()
  const step = async (id: StepId | InstanceStepId | UsenetStepId | DelugeStepId, backend: string | undefined, run: StepFn) => {
    const known = backend && down.get(backend)
    if (known) return { step: id, status: 'failed' as const, message: `Not tried: ${known}` }
    const result = await runStep(id, run, state, calls)
    if (backend && result.unreachable) down.set(backend, result.message)
    return { step: result.step, status: result.status, message: result.message }
  }
  try {
    for (const id of selected.filter(id => KEY_STEP_SERVICE[id])) results.push(await step(id, STEP_BACKEND[id], STEPS[id]))
    if (!request.dryRun) await persistKeys(state, results)
    // Before the download-client steps: the managers' Deluge client needs the Label plugin for its category.
    for (const extra of delugeSteps(config, selected)) results.push(await step(extra.id, extra.backend, extra.run))
    for (const id of selected.filter(id => !KEY_STEP_SERVICE[id])) results.push(await step(id, STEP_BACKEND[id], STEPS[id]))
    for (const extra of instanceSteps(config, selected)) results.push(await step(extra.id, extra.backend, extra.run))
    for (const extra of usenetSteps(state, selected)) results.push(await step(extra.id, extra.backend, extra.run))
  } finally {
    await calls.close()
  }
  const keys = {} as SetupReport['keys']
  for (const s of Object.keys(KEY_VARS) as KeyedService[]) keys[s] = keyFor(state, s) ? 'present' : 'missing'
  return { results, restartRequired: restartRequired(config, state.stored), keys }
}

async function runStep (id: StepId | InstanceStepId | UsenetStepId | DelugeStepId, run: StepFn, state: RunState, calls: RunCalls): Promise<StepResult & { unreachable?: boolean }> {
  try {
    const outcome = await run(state, calls)
    state.log.info({ step: id, status: outcome.status }, 'setup step')
    return { step: id, ...outcome }
  } catch (err) {
    // Backend and user-fixable errors carry public messages; anything else is a bug, logged, shown generically.
    if (err instanceof ToolError) {
      state.log.warn({ step: id, status: 'failed', reason: err.message }, 'setup step')
      const unreachable = err instanceof BackendError && err.status === undefined && (err.code === 'unavailable' || err.code === 'timeout')
      return { step: id, status: 'failed', message: err.message, unreachable }
    }
    state.log.error({ step: id, err: errorText(err) }, 'setup step failed unexpectedly')
    return { step: id, status: 'failed', message: 'The step failed unexpectedly; see the server log.' }
  }
}

/** Writes every key found in one atomic replace; if that fails, the key steps that found something fail. */
async function persistKeys (state: RunState, results: StepResult[]): Promise<void> {
  const next: StoredSecrets = { ...state.stored }
  let changed = false
  for (const [service, key] of Object.entries(state.found) as Array<[KeyedService, string]>) {
    const v = KEY_VARS[service]
    if (next[v] !== undefined && safeEqual(next[v], key)) continue
    next[v] = key
    changed = true
  }
  if (!changed) return
  try {
    await writeStoredSecrets(state.config.STATE_DIR, next)
    state.stored = next
  } catch (err) {
    state.log.error({ err: errorText(err) }, 'could not store the setup keys')
    for (const r of results) {
      if (r.status === 'done') Object.assign(r, { status: 'failed', message: `${r.message} Storing it in STATE_DIR failed (${errorText(err)}); check that ${state.config.STATE_DIR} is writable.` })
    }
  }
}

function restartRequired (config: Config, stored: StoredSecrets): boolean {
  return (Object.values(KEY_VARS)).some(v => {
    const s = stored[v]
    return s !== undefined && s !== '' && !safeEqual(s, config[v])
  })
}

/** A short, secret-free description of an error (its code or class, never a value). */
function errorText (err: unknown): string {
  const e = err as NodeJS.ErrnoException | undefined
  return e?.code ?? e?.name ?? 'error'
}
