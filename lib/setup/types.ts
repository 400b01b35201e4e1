// Shared shapes of first-run setup: the steps, their outcomes, and what a run knows while it goes.
import type { Config } from '../../config.js'
import type { StoredSecrets } from './secrets-file.js'

/** done: changed now; already_done: an equivalent entry exists; planned: a dry run would do it. */
export type StepStatus = 'done' | 'already_done' | 'planned' | 'skipped' | 'failed'

export interface StepResult {
  step: StepId | InstanceStepId | `usenet_client${'' | `@${string}`}.${'sonarr' | 'radarr'}` | `deluge${'' | `@${string}`}.label_plugin`
  status: StepStatus
  /** What happened or why not; never a secret. */
  message: string
}

export const STEP_GROUPS = {
  keys: ['key.sonarr', 'key.radarr', 'key.prowlarr', 'key.jellyfin'],
  download_clients: ['download_client.sonarr', 'download_client.radarr'],
  root_folders: ['root_folder.tv', 'root_folder.anime', 'root_folder.movies'],
  applications: ['application.sonarr', 'application.radarr'],
  indexer_proxy: ['indexer_proxy.challenge'],
  libraries: ['library.movies', 'library.tv', 'library.anime', 'library.music']
} as const

export type StepGroup = keyof typeof STEP_GROUPS
export type StepId = typeof STEP_GROUPS[StepGroup][number]
export const STEP_IDS = Object.values(STEP_GROUPS).flat() as StepId[]

/** The steps run again for each extra manager instance (core/instance-config.ts), e.g. download_client.sonarr@anime. */
export type InstanceStepId = `${'download_client' | 'application'}.${'sonarr' | 'radarr'}@${string}`

/** One Sonarr or Radarr to wire: the default instance, or an extra one named in SERIES_/MOVIE_MANAGER_INSTANCES. */
export interface ManagerTarget {
  service: 'sonarr' | 'radarr'
  /** "default", or the extra instance's name. */
  instance: string
  /** How messages name it: "Sonarr", "Sonarr (anime)". */
  label: string
  baseUrl: string
  /** The key known now ('' when none). */
  apiKey: string
  urlVar: string
  keyVar: string
}

/** The four services whose keys setup manages, with the variable each key lives in. */
export const KEY_VARS = {
  sonarr: 'SERIES_MANAGER_API_KEY',
  radarr: 'MOVIE_MANAGER_API_KEY',
  prowlarr: 'INDEXER_MANAGER_API_KEY',
  jellyfin: 'MEDIA_SERVER_API_KEY'
} as const
export type KeyedService = keyof typeof KEY_VARS

/** A one-off Jellyfin administrator credential: used for this run only, never stored or logged. */
export interface JellyfinAdmin {
  token?: string
  username?: string
  password?: string
}

export interface SetupRequest {
  /** Step ids or group names; default: every step. */
  steps?: string[]
  /** Folder holding <service>/config.xml (already checked by the caller). */
  configRoot: string
  jellyfinAdmin?: JellyfinAdmin
  dryRun?: boolean
}

export interface SetupLog {
  info: (obj: Record<string, unknown>, msg: string) => void
  warn: (obj: Record<string, unknown>, msg: string) => void
  error: (obj: Record<string, unknown>, msg: string) => void
}

export interface SetupReport {
  results: StepResult[]
  /** true when the stored keys differ from those the running server was started with. */
  restartRequired: boolean
  /** Per service: whether a key is known after the run ("present"/"missing", never the value). */
  keys: Record<KeyedService, 'present' | 'missing'>
}

/** What every step sees. Keys are resolved once per run: found now, else configured, else stored. */
export interface RunState {
  config: Config
  request: SetupRequest
  stored: StoredSecrets
  /** Keys found during this run (by the key steps). */
  found: Partial<Record<KeyedService, string>>
  log: SetupLog
}
