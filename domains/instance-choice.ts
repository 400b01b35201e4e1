// The optional `instance` argument of the series, movie and download tools, added in one place. A stack with
// one instance of each service publishes the tools unchanged. With extra instances (core/instance-config.ts)
// the tool gains `instance`. The instance is chosen once per call, in the tool's `prepare` step (the registry runs
// it before the confirm step), and travels in the call context (ctx.instances): the check, the preview and the
// run all use that choice, and each asks for that instance's client (domains/chosen-client.ts). Left out,
// the call is run on the one instance that holds the title it names; a call that could mean several instances
// is refused with the choices, never guessed; one that does not touch the service runs as before.
import { Type, type TObject } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../core/errors.js'
import type { ToolContext, ToolDefinition } from '../core/tool-types.js'
import type { InstanceKindName } from '../core/instance-config.js'
import { instanceClient, instanceNames } from '../clients/instance-clients.js'
import { resolveId, type IdFlavour } from './servarr/ids.js'
import { nextCall, refusal } from '../lib/answers/next-calls.js'

const WHAT: Record<InstanceKindName, string> = { series: 'series managers', movies: 'movie managers', torrents: 'torrent clients', usenet: 'Usenet clients' }

type Args = Record<string, unknown>

export interface InstanceUse {
  kind: InstanceKindName
  /**
   * What the call names, as the named instance sees it (called once per instance): a label when the
   * instance holds it, undefined when not or when the call names nothing.
   */
  holds?: (app: FastifyInstance, args: Args, instance: string) => Promise<string | undefined>
  /**
   * Whether the call does not touch this service at all (cancel_downloads on the series managers' queues
   * only): then it runs as the tool always did, without asking which instance.
   */
  untouched?: (args: Args) => boolean
  /**
   * Whether the call reads every instance itself when none is named (the queue and stuck views), naming each
   * row's instance: then it runs without a choice too.
   */
  merges?: (args: Args) => boolean
}

/** For the title tools: the title the call's id names (series or movie), when the instance holds it. */
export function titleHeld (flavour: (client: never) => IdFlavour<{ id: number, title?: string }>, kind: 'series' | 'movies') {
  return async (app: FastifyInstance, args: Args, instance: string) => {
    if (typeof args.id !== 'number') return undefined
    try {
      const { item } = await resolveId(flavour(instanceClient(app.backends, kind, instance) as never), args.id, String(args.idType ?? 'auto'))
      return `"${item.title ?? item.id}"`
    } catch (err) {
      if (err instanceof ToolError) return undefined // not in this instance
      throw err
    }
  }
}

/** For the torrent tools: the torrents the call's ids name ("torrent:<hash>"), when the instance has one. */
export async function torrentsHeld (app: FastifyInstance, args: Args, instance: string) {
  const hashes = (Array.isArray(args.ids) ? args.ids : []).filter(id => typeof id === 'string' && id.startsWith('torrent:')).map(id => id.slice(8).toLowerCase())
  if (hashes.length === 0) return undefined
  const here = new Set((await instanceClient(app.backends, 'torrents', instance).list()).map(t => t.hash.toLowerCase()))
  const held = hashes.filter(h => here.has(h))
  return held.length > 0 ? `torrent ${held.join(', ')}` : undefined
}

/** The tool as published for this stack: unchanged with one instance, with `instance` otherwise. */
export function withInstance (app: FastifyInstance, def: ToolDefinition<any, any>, use: InstanceUse): ToolDefinition<any, any> {
  const names = instanceNames(app.backends, use.kind)
  if (names.length < 2) return def
  const what = WHAT[use.kind]
  const input = def.inputSchema as TObject
  const output = def.outputSchema as TObject
  // Only the names: left out, the call runs on the one instance holding its title, and an ambiguous call is
  // refused with the choices (choose, below); the catalogue stays within its budget with every instance (issue 39).
  const instance = Type.Optional(Type.String({ maxLength: 20, description: `${names.slice(0, -1).join(', ')} or ${names.at(-1)!}` }))
  async function holders (args: Args): Promise<Array<{ name: string, label: string }>> {
    if (!use.holds) return []
    const found = await Promise.all(names.map(async name => {
      const label = await use.holds!(app, args, name)
      return label === undefined ? undefined : { name, label }
    }))
    return found.filter(f => f !== undefined)
  }

  async function choose (args: Args): Promise<string> {
    if (typeof args.instance === 'string') {
      if (!names.includes(args.instance)) throw new ToolError(`Unknown instance "${args.instance}": the ${what} are ${names.join(', ')}. Call again with one of them.`)
      return args.instance
    }
    const held = await holders(args)
    if (held.length === 1) return held[0]!.name
    // The same call on each candidate instance, complete (lib/answers/next-calls.ts).
    const choices = (held.length > 1 ? held.map(h => h.name) : names).map(name => nextCall(def.name, { ...args, instance: name }, `run it on ${name}`))
    if (held.length > 1) throw refusal(`${held.map(h => `${h.label} is in ${h.name}`).join('; ')}: this call could mean several ${what}. Call again with instance set to one of: ${names.join(', ')}.`, choices)
    throw refusal(`Several ${what} are configured and this call does not say which one. Call again with instance set to one of: ${names.join(', ')}.`, choices)
  }

  /** Chooses the instance once per call (none for a call that does not touch the service): the registry runs it first. */
  async function prepare (args: Args, ctx: ToolContext): Promise<ToolContext> {
    const { instance: _, ...rest } = args
    // A merged view (every instance at once) and a call that does not touch the service choose none.
    if (args.instance === undefined && (use.untouched?.(rest) || use.merges?.(rest))) return ctx
    return { ...ctx, instances: { ...ctx.instances, [use.kind]: await choose(args) } }
  }

  /** Runs fn without `instance`: the tool reads the choice from ctx.instances and asks for that client. */
  async function onInstance<R> (args: Args, ctx: ToolContext, fn: (rest: Args, name: string | undefined) => R): Promise<Awaited<R>> {
    const { instance: _, ...rest } = args
    return await fn(rest, ctx.instances?.[use.kind])
  }

  const options = (o: TObject) => ({ additionalProperties: o.additionalProperties, ...(o.description && { description: o.description }) })
  const confirm = def.confirm && {
    ...(def.confirm.required && { required: (args: Args, ctx: ToolContext) => onInstance(args, ctx, rest => def.confirm!.required!(rest, ctx)) }),
    preview: (args: Args, ctx: ToolContext) => onInstance(args, ctx, rest => def.confirm!.preview(rest, ctx))
  }
  return {
    ...def,
    inputSchema: Type.Object({ ...input.properties, instance }, options(input)),
    outputSchema: Type.Object({ ...output.properties, instance: Type.Optional(Type.String({ description: 'The instance that answered' })) }, options(output)),
    ...(confirm && { confirm }),
    prepare,
    handler: (args: Args, ctx: ToolContext) => onInstance(args, ctx, async (rest, name) => {
      const out = await def.handler(rest, ctx)
      if (name === undefined) return out
      return { ...out, data: { ...out.data, instance: name }, summary: `${out.summary} (${what.replace(/s$/, '')} "${name}")` }
    })
  }
}
