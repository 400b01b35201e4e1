// Prowlarr, read at v2.3.5.5327 (API v1; the v1.x line answers the same routes).
import type { FidelityRow } from './types.js'

const src = (file: string) => ({ repo: 'Prowlarr/Prowlarr', path: `src/Prowlarr.Api.V1/${file}`, tag: 'v2.3.5.5327' })
const row = (method: string, path: string, file: string, behaviours: string[]): FidelityRow =>
  ({ service: 'Prowlarr', method, path: `/api/v1${path}`, source: src(file), behaviours })

const PROVIDER_POST = [
  'An enabled provider is tested before it is saved (Prowlarr connects to it) unless forceSave=true; a failed test or invalid settings → 400 with a JSON array of {propertyName, errorMessage, errorCode}',
  '201 Created with the provider'
]
const MASKED = 'apiKey and password field values come back masked as "********" (ClientSchema/SchemaBuilder privacy)'

export const PROWLARR_ROWS: FidelityRow[] = [
  {
    service: 'Prowlarr',
    method: 'GET',
    path: '/ping',
    source: { repo: 'Prowlarr/Prowlarr', path: 'src/Prowlarr.Http/Ping/PingController.cs', tag: 'v2.3.5.5327' },
    behaviours: ['[AllowAnonymous]: no key needed; {"status": "OK"}, or 500 {"status": "Error"} when the configuration cannot be read'],
    simulatorOnly: 'tests and health checks of the simulator'
  },
  row('GET', '/system/status', 'System/SystemController.cs', ['Answers appName, version, instanceName, isDocker, startTime; the probe reads version']),
  row('GET', '/health', 'Health/HealthController.cs', ['Answers the current health checks {source, type (ok/notice/warning/error), message, wikiUrl}']),
  row('GET', '/indexer', 'Indexers/IndexerController.cs', ['Every indexer with protocol, privacy, enable, priority; a failing one has status.disabledTill', MASKED]),
  row('GET', '/applications', 'Applications/ApplicationController.cs', ['Every application (Sonarr, Radarr…) with syncLevel and fields (baseUrl, prowlarrUrl, syncCategories)', MASKED]),
  row('POST', '/applications', 'ProviderControllerBase.cs', PROVIDER_POST),
  row('GET', '/indexerproxy', 'IndexerProxies/IndexerProxyController.cs', ['Every indexer proxy (FlareSolverr, HTTP, SOCKS) with its tags and fields']),
  row('POST', '/indexerproxy', 'ProviderControllerBase.cs', PROVIDER_POST),
  row('GET', '/tag', 'Tags/TagController.cs', ['Every tag {id, label}']),
  row('POST', '/tag', 'Tags/TagController.cs', ['Body {label}: only a-z, 0-9 and - ("Allowed characters a-z, 0-9 and -", 400); stored lower-case; an existing label returns that tag instead of a new one (TagService.Add); 201 Created'])
]
