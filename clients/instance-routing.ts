// Routes app.backends.sonarr / radarr / torrent to the instance a tool call chose. Tools keep reading the
// one entry they always read; while a call runs inside runOnInstances({ series: 'anime' }, ...), that entry
// answers as the anime instance's client. Outside any choice (and with no extra instances) it is the default
// client itself, so nothing changes for a stack with one instance of each service.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { BackendClientBase, Backends } from './types.js'
import { BACKEND_OF, instanceKey } from './instances.js'
import { DEFAULT_INSTANCE, type InstanceKindName } from '../core/instance-config.js'

type Choice = Partial<Record<InstanceKindName, string>>
const chosen = new AsyncLocalStorage<Choice>()

/** Runs fn with the given instances chosen (on top of any choice already made by an outer call). */
export function runOnInstances<T> (choice: Choice, fn: () => T): T {
  return chosen.run({ ...chosen.getStore(), ...choice }, fn)
}

/** The instance of a kind the running call is on ("default" outside any choice). */
export function chosenInstance (kind: InstanceKindName): string {
  return chosen.getStore()?.[kind] ?? DEFAULT_INSTANCE
}

/** Whether the running call chose an instance of this kind (a read of every instance runs without one). */
export function instanceChosen (kind: InstanceKindName): boolean {
  return chosen.getStore()?.[kind] !== undefined
}

/** The instance names of a kind: "default" first, then the extra ones in configured order. */
export function instanceNames (backends: Backends, kind: InstanceKindName): string[] {
  const prefix = `${BACKEND_OF[kind]}@`
  return [DEFAULT_INSTANCE, ...Object.keys(backends).filter(k => k.startsWith(prefix)).map(k => k.slice(prefix.length))]
}

/** Replaces each default client that has extra instances with a routing view of it (same object otherwise). */
export function routeByInstance (backends: Backends): Backends {
  const all = backends as unknown as Record<string, BackendClientBase>
  for (const kind of Object.keys(BACKEND_OF) as InstanceKindName[]) {
    if (instanceNames(backends, kind).length < 2) continue
    const key = BACKEND_OF[kind]
    all[key] = new Proxy(all[key]!, {
      get (target, prop) {
        const name = chosen.getStore()?.[kind]
        const client = name && name !== DEFAULT_INSTANCE ? all[instanceKey(kind, name)] : undefined
        return Reflect.get(client ?? target, prop)
      }
    })
  }
  return backends
}
