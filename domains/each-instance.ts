// Reads that cover every instance of a service (the managers' download queues, the titles for completions,
// server_status): one read per instance, each given the instance's name to ask for its client with
// (domains/chosen-client.ts). With one instance it is the one read as before, under the label it always had.
import type { FastifyInstance } from 'fastify'
import type { InstanceKindName } from '../core/instance-config.js'
import { instanceNames } from '../clients/instance-clients.js'

const WHAT: Record<InstanceKindName, string> = { series: 'series manager', movies: 'movie manager', torrents: 'torrent client', usenet: 'Usenet client' }

/** 'series manager "anime"': how answers name an instance (as withInstance's summaries do). */
export const instanceLabel = (kind: InstanceKindName, name: string) => `${WHAT[kind]} "${name}"`

/** Whether the service has extra instances (then answers say which instance each item came from). */
export const hasExtraInstances = (app: FastifyInstance, kind: InstanceKindName) => instanceNames(app.backends, kind).length > 1

/**
 * One labelled read per instance, for gather(): `label` alone with one instance, `label "name"` beside others,
 * so an unreachable instance is named in the warning.
 */
export function perInstance<T> (app: FastifyInstance, kind: InstanceKindName, label: string, read: (name: string) => Promise<T[]>): Array<[string, () => Promise<T[]>]> {
  const names = instanceNames(app.backends, kind)
  return names.map(name => [names.length > 1 ? `${label} "${name}"` : label, () => read(name)])
}

/** Runs read on every instance of a kind (default first); each instance's outcome, a failure never thrown. */
export async function everyInstance<T> (app: FastifyInstance, kind: InstanceKindName, read: (name: string) => Promise<T>): Promise<Array<{ name: string, result: PromiseSettledResult<T> }>> {
  const names = instanceNames(app.backends, kind)
  const results = await Promise.allSettled(names.map(name => read(name)))
  return results.map((result, i) => ({ name: names[i]!, result }))
}
