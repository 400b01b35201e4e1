// Which client answers for an instance. A tool call chooses its instance once (domains/instance-choice.ts puts
// the choice in ctx.instances) and asks here for that instance's client; a read of every instance asks for
// each by name. app.backends.sonarr / radarr / torrent / usenet stay the default instance's clients, never
// re-pointed, so code that names no instance reads the default one, as on a stack with one of each.
import type { Backends } from './types.js'
import { BACKEND_OF, instanceKey } from './instances.js'
import { DEFAULT_INSTANCE, type InstanceKindName } from '../core/instance-config.js'

/** The client type of each kind (usenet is absent when no Usenet client is configured). */
export interface InstanceClients {
  series: Backends['sonarr']
  movies: Backends['radarr']
  torrents: Backends['torrent']
  usenet: Backends['usenet']
}

/** The instance names of a kind: "default" first, then the extra ones in configured order. */
export function instanceNames (backends: Backends, kind: InstanceKindName): string[] {
  const prefix = `${BACKEND_OF[kind]}@`
  return [DEFAULT_INSTANCE, ...Object.keys(backends).filter(k => k.startsWith(prefix)).map(k => k.slice(prefix.length))]
}

/** The client of the named instance of a kind; the default instance's when no name is given. */
export function instanceClient<K extends InstanceKindName> (backends: Backends, kind: K, name: string = DEFAULT_INSTANCE): InstanceClients[K] {
  const client = (backends as unknown as Record<string, unknown>)[instanceKey(kind, name)]
  // The names come from instanceNames (checked by withInstance, or read from the backend set): a miss is a bug.
  if (client === undefined && name !== DEFAULT_INSTANCE) throw new Error(`No ${kind} instance named "${name}"`)
  return client as InstanceClients[K]
}
