// TypeBox schemas of the /api/setup answers (also what the OpenAPI document shows).
import { Type } from '@sinclair/typebox'
import { STEP_GROUPS, STEP_IDS } from './types.js'

export const StepName = Type.Union([...STEP_IDS, ...Object.keys(STEP_GROUPS)].map(s => Type.Literal(s)), { description: 'A step id or a group name' })

const Presence = Type.Union([Type.Literal('present'), Type.Literal('missing')])

export const StepResultBody = Type.Object({
  step: Type.String({ description: 'Step id, e.g. download_client.sonarr' }),
  status: Type.Union(['done', 'already_done', 'planned', 'skipped', 'failed'].map(s => Type.Literal(s)), {
    description: 'done: changed now; already_done: an equivalent entry exists; planned: a dry run would do it; skipped: a prerequisite is missing; failed: see message'
  }),
  message: Type.String({ description: 'What happened or why not (never a secret)' })
})

export const SetupRunResult = Type.Object({
  results: Type.Array(StepResultBody),
  restartRequired: Type.Boolean({ description: 'true: stored keys differ from those the server started with; restart it to apply them' }),
  keys: Type.Object({ sonarr: Presence, radarr: Presence, prowlarr: Presence, jellyfin: Presence }, { description: 'Whether a key is known for each service after the run' }),
  secretsFile: Type.String({ description: 'Where the keys are stored (mode 0600)' }),
  message: Type.String({ description: 'One-line summary' })
})

export const BackendStatusBody = Type.Object({
  name: Type.String({ description: 'jellyfin or plex, sonarr, radarr, prowlarr, qbittorrent or flaresolverr' }),
  url: Type.String(),
  key: Type.Union([Presence, Type.Literal('not_needed')], { description: 'The credential of the running server (qBittorrent: its password)' }),
  storedKey: Type.Union([Presence, Type.Literal('not_stored_by_setup')], { description: 'Whether setup stored a key for it' }),
  reachable: Type.Boolean(),
  version: Type.Optional(Type.String()),
  error: Type.Optional(Type.String())
})

export const SetupStatusBody = Type.Object({
  configRoot: Type.String({ description: 'Where setup reads <service>/config.xml' }),
  secretsFile: Type.String(),
  restartRequired: Type.Boolean(),
  backends: Type.Array(BackendStatusBody),
  steps: Type.Array(StepResultBody, { description: 'Each step as a dry run reports it' })
})
