// The one road to every tool (MCP, the web chat, the bot): argument validation with recovery-friendly
// messages, the safety guards, the confirm-token gate, timing, logging and error shaping live here once.
import type { Logger } from '../../core/logger.js'
import type { TObject, TSchema } from '@sinclair/typebox'
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler'
import { ToolError } from '../../core/errors.js'
import { plainLine } from '../../core/untrusted-text.js'
import type {
  ConfirmBinding, ConfirmGate, PublishedTool, SandboxGuard, ToolCallResult, ToolContext, ToolDefinition, UrlGuard
} from '../../core/tool-types.js'
import { publishSchema } from './published-schema.js'
import { CONFIRM_TOKEN_FIELD, withConfirmation, withConfirmToken } from './confirm-schema.js'
import { shapeError, withBackendWarning } from './call-errors.js'
import { confirmByPerson } from './confirm-by-person.js'
import { refuseForPerson } from './person-limits.js'
import { markUnchanged } from './no-change.js'
import { renderData } from './result-text.js'
import { argumentDefaults, type ArgumentDefaults } from './argument-defaults.js'

export class UnknownToolError extends Error {
  constructor (readonly toolName: string) {
    super(`Tool ${toolName} not found`)
    this.name = 'UnknownToolError'
  }
}

const TOOL_NAME = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/
interface Entry {
  def: ToolDefinition
  /** The input schema as accepted (with confirmToken for confirm tools): defaults come from it. */
  inputSchema: TObject
  /** The arguments with the input schema's defaults filled in, on a copy. */
  defaults: ArgumentDefaults
  check: TypeCheck<TObject>
  checkOutput: TypeCheck<TObject>
  accepted: string[]
  published: PublishedTool
}

export interface RegistryDeps {
  log: Logger
  sandbox?: SandboxGuard
  urlGuard?: UrlGuard
  confirm?: ConfirmGate
  /** The version warning of a backend (app.backendWarning): its tool errors name the version problem. */
  backendWarning?: (service: string) => string | undefined
}

export function createToolRegistry (deps: RegistryDeps) {
  const entries = new Map<string, Entry>()
  let publishedList: PublishedTool[] | undefined

  function register (def: ToolDefinition<any, any>) {
    if (!TOOL_NAME.test(def.name)) throw new Error(`Tool name ${def.name} must be snake_case`)
    if (entries.has(def.name)) throw new Error(`Tool ${def.name} is registered twice`)
    if (publishedList) throw new Error(`Tool ${def.name} registered after tools/list was published`)
    if (def.annotations.destructiveHint && !def.confirm) throw new Error(`Destructive tool ${def.name} needs a confirm spec`)
    if ((def.guards?.paths?.length || def.guards?.entries?.length) && !deps.sandbox) throw new Error(`Tool ${def.name} takes paths but no sandbox is installed`)
    if (def.guards?.urls && !deps.urlGuard) throw new Error(`Tool ${def.name} takes URLs but no URL guard is installed`)
    if (def.confirm && !deps.confirm) throw new Error(`Tool ${def.name} needs confirm tokens but no confirm gate is installed`)
    const inputSchema = def.confirm ? withConfirmToken(def.inputSchema) : def.inputSchema
    const outputSchema = def.confirm ? withConfirmation(def.outputSchema) : def.outputSchema
    entries.set(def.name, {
      def,
      inputSchema,
      defaults: argumentDefaults(inputSchema),
      check: TypeCompiler.Compile(inputSchema),
      checkOutput: TypeCompiler.Compile(def.outputSchema),
      accepted: Object.keys(inputSchema.properties),
      published: {
        name: def.name,
        title: def.title,
        description: def.description,
        inputSchema: publishSchema(inputSchema, { defaultsOptional: true }),
        outputSchema: publishSchema(outputSchema, { defaultsOptional: false, forValidation: true }),
        annotations: { title: def.title, ...def.annotations },
        ...(def.taskSupport && { execution: { taskSupport: def.taskSupport } })
      }
    })
  }

  /** The tools/list payload, computed once on first use and reused for every request. */
  function list (): PublishedTool[] {
    publishedList ??= [...entries.values()].map(e => e.published)
    return publishedList
  }

  function get (name: string) {
    return entries.get(name)?.def
  }

  async function call (name: string, rawArgs: unknown, callCtx: ToolContext): Promise<ToolCallResult> {
    const entry = entries.get(name)
    if (!entry) throw new UnknownToolError(name)
    const started = performance.now()
    let outcome: 'ok' | 'user_error' | 'error' | 'preview' = 'ok'
    try {
      refuseForPerson(entry.def, callCtx.principal)
      const args = validate(entry, rawArgs ?? {})
      await applyGuards(entry.def, args)
      const ctx = entry.def.prepare ? await entry.def.prepare(args, callCtx) : callCtx
      const { [CONFIRM_TOKEN_FIELD]: token, ...bound } = args
      const confirm = entry.def.confirm
      if (confirm && ((await confirm.required?.(args, ctx)) ?? true)) {
        const binding = { tool: name, args: bound, principalId: ctx.principal.id }
        if (typeof token !== 'string' && ctx.person) {
          outcome = 'preview'
          return await confirmByPerson(ctx.person, {
            gate: deps.confirm!,
            binding,
            title: entry.def.title,
            preview: () => confirm.preview(args, ctx),
            nothingToDo: done => { outcome = 'ok'; return markUnchanged(checked(entry, done)) },
            runConfirmed: async (key, personBinding, targets) => {
              const ran = await runConfirmed(entry, args, ctx, key, personBinding, targets)
              outcome = ran.outcome
              return ran.result
            }
          })
        }
        if (typeof token !== 'string') {
          outcome = 'preview'
          const preview = await confirm.preview(args, ctx)
          if (preview.nothingToDo) { outcome = 'ok'; return markUnchanged(checked(entry, preview.nothingToDo)) }
          const issued = deps.confirm!.issue(binding, preview.targets)
          // Summaries embed titles and file names from backends and disks: shown as one plain line, so no
          // line break or bidi override can make the approval read differently from what will run.
          const summary = plainLine(preview.summary)
          return result({ ...preview.data, confirmation: { ...issued, summary, targets: preview.targets } },
            `Confirmation needed: ${summary} Nothing has changed yet. To proceed, call ${name} again with the same arguments and confirmToken "${issued.confirmToken}" (valid until ${issued.expiresAt}).`)
        }
        const stored = deps.confirm!.replay(token, binding)
        if (stored) return markUnchanged(stored)
        const preview = await confirm.preview(args, ctx)
        const ran = await runConfirmed(entry, args, ctx, token, binding, preview.targets, preview.unanswered)
        outcome = ran.outcome
        return ran.result
      }
      return await run(entry, args, ctx)
    } catch (err) {
      const shaped = shapeError(err, name, deps.log, deps.sandbox)
      outcome = shaped.userFacing ? 'user_error' : 'error'
      return shaped.result
    } finally {
      deps.log.info({ tool: name, principal: callCtx.principal.id, outcome, ms: Math.round(performance.now() - started) }, 'tool call')
    }
  }

  /** Redeems the confirmation against the targets just previewed, runs on exactly them, and stores the outcome. */
  async function runConfirmed (entry: Entry, args: Record<string, unknown>, ctx: ToolContext, key: string, binding: ConfirmBinding, targets: unknown, unanswered?: string[]) {
    deps.confirm!.redeem(key, binding, targets, unanswered)
    // From here the confirmation is spent: whatever happens is stored, so a retry reports it instead of running again.
    let ran: { result: ToolCallResult, outcome: 'ok' | 'user_error' | 'error' }
    try {
      ran = { result: await run(entry, args, { ...ctx, confirmed: { targets } }), outcome: 'ok' }
    } catch (err) {
      const shaped = shapeError(err, entry.def.name, deps.log, deps.sandbox)
      ran = { result: shaped.result, outcome: shaped.userFacing ? 'user_error' : 'error' }
    }
    deps.confirm!.settle(key, ran.result)
    return ran
  }

  async function run (entry: Entry, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolCallResult> {
    return checked(entry, await entry.def.handler(args, ctx))
  }

  function checked (entry: Entry, { data, summary, unchanged }: { data: unknown, summary: string, unchanged?: boolean }): ToolCallResult {
    if (!entry.checkOutput.Check(data)) {
      const first = [...entry.checkOutput.Errors(data)].slice(0, 3).map(e => `${e.path} ${e.message}`)
      deps.log.error({ tool: entry.def.name, problems: first }, 'tool output does not match its outputSchema')
      throw new Error(`output schema mismatch in ${entry.def.name}`)
    }
    const shaped = result(data as Record<string, unknown>, summary)
    return unchanged ? markUnchanged(shaped) : shaped
  }

  function validate (entry: Entry, raw: unknown): Record<string, unknown> {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw new ToolError(`Arguments must be an object. Accepted arguments: ${entry.accepted.join(', ') || '(none)'}.`)
    }
    const unknown = Object.keys(raw).filter(k => !entry.accepted.includes(k))
    if (unknown.length > 0) {
      throw new ToolError(`Unknown argument${unknown.length > 1 ? 's' : ''} ${unknown.map(u => `"${u}"`).join(', ')}. ` +
        `Accepted arguments: ${entry.accepted.join(', ') || '(none)'}.`)
    }
    const args = entry.defaults(raw)
    if (!entry.check.Check(args)) {
      const problems = [...entry.check.Errors(args)].slice(0, 5).map(e => describeProblem(e.path, e.message, e.schema, e.value))
      throw new ToolError(`Invalid arguments for ${entry.def.name}: ${[...new Set(problems)].join('; ')}.`)
    }
    return args
  }

  async function applyGuards (def: ToolDefinition, args: Record<string, unknown>) {
    for (const field of def.guards?.paths ?? []) {
      for (const value of asList(args[field])) await deps.sandbox!.resolve(value)
    }
    for (const field of def.guards?.entries ?? []) {
      for (const value of asList(args[field])) await deps.sandbox!.resolveEntry(value)
    }
    for (const field of def.guards?.names ?? []) {
      for (const value of asList(args[field])) deps.sandbox!.checkName(value)
    }
    for (const [field, use] of Object.entries(def.guards?.urls ?? {})) {
      for (const value of asList(args[field])) await deps.urlGuard!.check(value, use)
    }
  }

  return {
    register,
    list,
    get,
    call: async (name: string, rawArgs: unknown, ctx: ToolContext) => withBackendWarning(await call(name, rawArgs, ctx), deps.backendWarning),
    names: () => [...entries.keys()]
  }
}

export type ToolRegistry = ReturnType<typeof createToolRegistry>

function asList (v: unknown): string[] {
  if (typeof v === 'string') return [v]
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string')
  return []
}

function describeProblem (path: string, message: string, schema: TSchema, value: unknown): string {
  const field = path.replace(/^\//, '').replace(/\//g, '.') || '(arguments)'
  const choices = (schema.anyOf as TSchema[] | undefined)?.map(s => s.const).filter(c => c !== undefined)
  if (choices?.length) return `${field} must be one of ${choices.map(c => JSON.stringify(c)).join(', ')}`
  // A regular expression means nothing to the model; the field's description says what belongs there.
  if (typeof schema.pattern === 'string' && typeof value === 'string' && schema.description) {
    return `${field} ${JSON.stringify(plainLine(value).slice(0, 60))} is not valid; expected: ${schema.description}`
  }
  return `${field} ${message.replace(/^Expected/, 'expected')}`
}

/**
 * The summary, then the data as compact text for clients that hand the model `content` only; the JSON itself
 * travels once, as structuredContent (docs/answers.md: clients older than structuredContent get the serialized
 * JSON instead, in plugins/mcp/bridge/result-revision.ts).
 */
function result (data: Record<string, unknown>, summary: string): ToolCallResult {
  const text = renderData(data)
  return { content: [{ type: 'text', text: summary }, ...(text ? [{ type: 'text' as const, text }] : [])], structuredContent: data }
}
