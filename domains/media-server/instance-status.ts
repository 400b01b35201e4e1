// server_status on the extra instances (core/instance-config.ts): each one's reachability, version and version
// warning as /health shows them (the background probe's last results; a round is run first when one is
// missing, e.g. right after start), and the library folders of the extra series and movie managers, so the
// low-disk warning covers a 4K or anime library on a disk of its own. A stack with one instance of each
// service has none of this, and server_status answers as before.
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { DEFAULT_INSTANCE, type InstanceKindName } from '../../core/instance-config.js'
import { instanceNames } from '../../clients/instance-clients.js'
import { managerOf } from '../chosen-client.js'
import { instanceKey } from '../../clients/instances.js'
import type { LandingPlace } from '../../lib/library/landing-space.js'
import { instanceLabel } from '../each-instance.js'

export const InstanceStatusSchema = Type.Object({
  service: Type.String({ description: 'e.g. Sonarr (anime)' }),
  reachable: Type.Boolean({ description: 'Whether it answered the last check' }),
  version: Type.Optional(Type.String({ description: 'Version it reports' })),
  warning: Type.Optional(Type.String({ description: 'Version outside the supported range' })),
  error: Type.Optional(Type.String({ description: 'Why it is not reachable' }))
}, { additionalProperties: false, description: 'One extra instance' })

type InstanceStatus = Static<typeof InstanceStatusSchema>

/** The service names the clients probe under (clients/servarr/sonarr.ts, radarr.ts); a torrent or Usenet client names its own kind (SABnzbd, NZBGet, Transmission…). */
const SERVICE: Record<InstanceKindName, string> = { series: 'Sonarr', movies: 'Radarr', torrents: 'qBittorrent', usenet: 'Usenet client' }
const KINDS = Object.keys(SERVICE) as InstanceKindName[]

function serviceOf (app: FastifyInstance, kind: InstanceKindName, name: string): string {
  const client = (app.backends as unknown as Record<string, { service?: unknown }>)[instanceKey(kind, name)]
  return typeof client?.service === 'string' ? client.service : SERVICE[kind]
}

function extras (app: FastifyInstance): Array<{ kind: InstanceKindName, name: string, service: string }> {
  return KINDS.flatMap(kind => instanceNames(app.backends, kind).filter(n => n !== DEFAULT_INSTANCE)
    .map(name => ({ kind, name, service: `${serviceOf(app, kind, name)} (${name})` })))
}

export const hasAnyExtraInstance = (app: FastifyInstance) => extras(app).length > 0

/** Each extra instance as /health last saw it. */
export async function instanceStatus (app: FastifyInstance): Promise<InstanceStatus[]> {
  const wanted = extras(app)
  const find = (all: ReturnType<FastifyInstance['backendStatus']>) => wanted.map(w => all.find(s => s.service === w.service))
  let found = find(app.backendStatus())
  if (found.some(s => s === undefined)) found = find(await app.refreshBackendStatus())
  return wanted.map((w, i) => {
    const s = found[i]
    if (!s) return { service: w.service, reachable: false, error: 'Not checked yet; see /health.' }
    return { service: s.service, reachable: s.reachable, ...(s.version ? { version: s.version } : {}), ...(s.warning ? { warning: s.warning } : {}), ...(s.error ? { error: s.error } : {}) }
  })
}

/**
 * The root folders of the extra series and movie managers, as this server sees them (PATH_MAP), labelled
 * 'series manager "anime" library'. An instance that does not answer adds none (its status says why).
 */
export async function instanceLibraryPlaces (app: FastifyInstance, signal: AbortSignal): Promise<LandingPlace[]> {
  const managers = extras(app).flatMap(e => (e.kind === 'series' || e.kind === 'movies' ? [{ ...e, kind: e.kind }] : []))
  const places = await Promise.all(managers.map(async ({ kind, name }) => {
    const folders = await managerOf(app, kind, name).rootFolders(signal).catch(() => [])
    return folders.flatMap(f => (f.path ? [{ label: `${instanceLabel(kind, name)} library`, path: f.path }] : []))
  }))
  return places.flat()
}

/** "Sonarr (anime) 4.0.19 up; Radarr (uhd) unreachable: …" for the summary. */
export function instanceSentence (list: InstanceStatus[]): string {
  return list.map(s => s.reachable
    ? `${s.service}${s.version ? ` ${s.version}` : ''} up${s.warning ? ` (${s.warning})` : ''}`
    : `${s.service} unreachable${s.error ? `: ${s.error.replace(/\.$/, '')}` : ''}`).join('; ')
}
