// The optional `instance` argument of the series, movie and download tools, added in one place. A stack with
// one instance of each service publishes the tools unchanged. With extra instances (core/instance-config.ts)
// the tool gains `instance`; the call runs with that instance's client (clients/instance-routing.ts). Left
// out, the call is run on the one instance that holds the title it names; a call that could mean several
// instances is refused with the choices, never guessed.
import { Type, type TObject } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../core/errors.js'
import type { ToolContext, ToolDefinition } from '../core/tool-types.js'
import type { InstanceKindName } from '../core/instance-config.js'
import { instanceNames, runOnInstances } from '../clients/instance-routing.js'
import { resolveId, type IdFlavour } from './servarr/ids.js'

const WHAT: Record<InstanceKindName, string> = { series: 'series managers', movies: 'movie managers', torrents: 'torrent clients' }

export interface InstanceUse {
  kind: InstanceKindName
  /** The id flavour of the title tools (series, movies): a call naming a title held by one instance goes there. */
  flavour?: (client: never) => IdFlavour<{ id: number, title?: string }>
}

type Args = Record<string, unknown>

/** The tool as published for this stack: unchanged with one instance, with `instance` otherwise. */
export function withInstance (app: FastifyInstance, def: ToolDefinition<any, any>, use: InstanceUse): ToolDefinition<any, any> {
  const names = instanceNames(app.backends, use.kind)
  if (names.length < 2) return def
  const what = WHAT[use.kind]
  const input = def.inputSchema as TObject
  const output = def.outputSchema as TObject
  const instance = Type.Optional(Type.String({ maxLength: 20, description: `Which of the ${what}: ${names.join(', ')}; leave out when only one holds the title` }))
  const backendKey = { series: 'sonarr', movies: 'radarr', torrents: 'qbittorrent' }[use.kind]

  async function holders (args: Args): Promise<Array<{ name: string, title: string }>> {
    if (!use.flavour || typeof args.id !== 'number') return []
    const found = await Promise.all(names.map(name => runOnInstances({ [use.kind]: name }, async () => {
      const client = (app.backends as unknown as Record<string, never>)[backendKey]
      try {
        const { item } = await resolveId(use.flavour!(client), args.id as number, String(args.idType ?? 'auto'))
        return { name, title: item.title ?? String(item.id) }
      } catch (err) {
        if (err instanceof ToolError) return undefined // not in this instance
        throw err
      }
    })))
    return found.filter(f => f !== undefined)
  }

  async function choose (args: Args): Promise<string> {
    if (typeof args.instance === 'string') {
      if (!names.includes(args.instance)) throw new ToolError(`Unknown instance "${args.instance}": the ${what} are ${names.join(', ')}. Call again with one of them.`)
      return args.instance
    }
    const held = await holders(args)
    if (held.length === 1) return held[0]!.name
    const choices = `Call again with instance set to one of: ${names.join(', ')}.`
    if (held.length > 1) throw new ToolError(`"${held[0]!.title}" is in several ${what} (${held.map(h => h.name).join(', ')}). ${choices}`)
    throw new ToolError(`Several ${what} are configured and this call does not say which one. ${choices}`)
  }

  /** Runs fn on the chosen instance, without the `instance` argument the tool itself does not know. */
  async function onInstance<R> (args: Args, fn: (rest: Args, name: string) => R): Promise<Awaited<R>> {
    const name = await choose(args)
    const { instance: _, ...rest } = args
    return await runOnInstances({ [use.kind]: name }, async () => await fn(rest, name))
  }

  const options = (o: TObject) => ({ additionalProperties: o.additionalProperties, ...(o.description && { description: o.description }) })
  const confirm = def.confirm && {
    ...(def.confirm.required && { required: (args: Args) => onInstance(args, rest => def.confirm!.required!(rest)) }),
    preview: (args: Args, ctx: ToolContext) => onInstance(args, rest => def.confirm!.preview(rest, ctx))
  }
  return {
    ...def,
    inputSchema: Type.Object({ ...input.properties, instance }, options(input)),
    outputSchema: Type.Object({ ...output.properties, instance: Type.Optional(Type.String({ description: 'The instance that answered' })) }, options(output)),
    ...(confirm && { confirm }),
    handler: (args: Args, ctx: ToolContext) => onInstance(args, async (rest, name) => {
      const out = await def.handler(rest, ctx)
      return { ...out, data: { ...out.data, instance: name }, summary: `${out.summary} (${what.replace(/s$/, '')} "${name}")` }
    })
  }
}
