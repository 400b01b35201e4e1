// Records every call an answer suggests (structuredContent `next`, at any depth: lib/answers/next-calls.ts) with
// the tool call that produced it, by wrapping the app's tool registry; then follows them (issue 34 #8).
//
// A scenario's own assertions judge the world after each of its steps, so following a suggested grab or import
// in the middle would change what they judge. The recorded calls are therefore followed at the end, against the
// same stack: each one is first checked against its tool's input schema (as the registry would refuse it); then,
// when the answer that suggested it is a read and still suggests it when asked again, it is sent literally
// (confirmed with its token when the tool asks, as a client would), must be accepted, and must do what its why
// promised (test/helpers/next-effects.ts). A call its read no longer suggests (the world moved on: the title
// was imported, then removed) is superseded and named in a comment. A call suggested by a change (a delete's
// "still there" report) is about what that change left, and is followed as is.
import type { FastifyInstance } from 'fastify'
import { Value } from '@sinclair/typebox/value'
import type { TSchema } from '@sinclair/typebox'
import type { ToolCallResult } from '../../core/tool-types.js'
import { callText, type NextCall } from '../../lib/answers/next-calls.js'
import { changedNothing } from '../../lib/tools/no-change.js'
import { toolContext } from './sim-app.js'
import { follow } from './follow-next.js'
import { expectEffect } from './next-effects.js'

interface Tap { fail: (message: string) => void, pass: (message: string) => void, ok: (value: unknown, message: string) => void, comment: (message: string) => void }
interface Produced { call: NextCall, by: { tool: string, args: Record<string, unknown> }, writesBefore: number }

const isNextCall = (x: unknown): x is NextCall => typeof x === 'object' && x !== null && typeof (x as NextCall).tool === 'string' &&
  typeof (x as NextCall).arguments === 'object' && typeof (x as NextCall).why === 'string'

/** Every suggested call in a structured answer: the `next` field of the answer and of any row in it. */
export function nextsIn (value: unknown): NextCall[] {
  if (Array.isArray(value)) return value.flatMap(nextsIn)
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, v]) => key === 'next' && Array.isArray(v) && v.every(isNextCall) ? v : nextsIn(v))
}

export type NextRecorder = ReturnType<typeof recordNext>

/** As the audit trail tells a change (lib/audit/tool-calls.ts): a tool with effects, not a preview nor an unchanged answer. */
function mayHaveChanged (app: FastifyInstance, name: string, args: Record<string, unknown>, res: ToolCallResult): boolean {
  const def = app.tools.get(name)
  if (!def || !(def.hasEffects ? def.hasEffects(args) : !def.annotations.readOnlyHint)) return false
  return !changedNothing(res) && !(res.structuredContent as { confirmation?: unknown } | undefined)?.confirmation
}

/** Wraps `app.tools.call` so every suggestion is recorded; the returned `followAll` follows them. */
export function recordNext (app: FastifyInstance) {
  const original = app.tools.call
  const produced: Produced[] = []
  // The scenario's own calls to tools that may change something: a suggestion made after the last of them is
  // still current when it is followed.
  let writes = 0
  const record = (name: string, args: unknown, res: ToolCallResult) => {
    for (const call of nextsIn(res.structuredContent)) produced.push({ call, by: { tool: name, args: args as Record<string, unknown> }, writesBefore: writes })
    return res
  }
  app.tools.call = async (name, args, ctx) => {
    const res = await original(name, args, ctx)
    if (mayHaveChanged(app, name, args as Record<string, unknown>, res)) writes++
    return record(name, args, res)
  }
  /** The calls following makes: what their answers suggest in turn is followed too (once: calls are deduplicated). */
  const direct = async (tool: string, args: Record<string, unknown>): Promise<ToolCallResult> => record(tool, args, await original(tool, args, toolContext()))

  /** The registry's refusal of these arguments (lib/tools/registry.ts validate), without running the tool. */
  function refusal (call: NextCall): string | undefined {
    const def = app.tools.get(call.tool)
    if (!def) return `there is no tool ${call.tool}`
    const schema = def.inputSchema as TSchema & { properties: Record<string, unknown> }
    const unknown = Object.keys(call.arguments).filter(k => !(k in schema.properties))
    if (unknown.length) return `unknown arguments ${unknown.join(', ')}`
    const args = Value.Default(schema, structuredClone(call.arguments))
    const errors = [...Value.Errors(schema, args)].slice(0, 3).map(e => `${e.path} ${e.message}`)
    return errors.length ? errors.join('; ') : undefined
  }

  // What each read suggests when asked again, asked once per read (a whole-library answer is not cheap): the
  // calls one answer suggests are about different titles or downloads, so following one leaves the others current.
  const askedAgain = new Map<string, Promise<string[]>>()
  /** Whether the answer that suggested the call still does: asked again when it is a read. */
  async function stillSuggested ({ call, by, writesBefore }: Produced): Promise<boolean> {
    if (!app.tools.get(by.tool)?.annotations.readOnlyHint || writesBefore === writes) return true
    const key = callText({ tool: by.tool, arguments: by.args, why: '' })
    if (!askedAgain.has(key)) askedAgain.set(key, direct(by.tool, by.args).then(again => nextsIn(again.structuredContent).map(callText)))
    return (await askedAgain.get(key)!).includes(callText(call))
  }

  /**
   * Checks every recorded call's arguments and follows the ones still suggested; `argumentsOnly` (a stack with
   * a backend down, where a call may fail for the backend) stops at the schema check. `sample`: at most this
   * many calls of one tool suggested by one tool are sent (a library's worth of rescans is one kind of call);
   * the others are checked against the schema only.
   */
  async function followAll (t: Tap, { argumentsOnly = false, sample = Infinity } = {}): Promise<{ followed: NextCall[], superseded: NextCall[] }> {
    const seen = new Set<string>()
    const followed: NextCall[] = []
    const superseded: NextCall[] = []
    const sent = new Map<string, number>()
    let sampledOut = 0
    let accepted = 0
    // `produced` grows while it is walked: a followed call's answer may suggest the next step.
    for (let i = 0; i < produced.length; i++) {
      const p = produced[i]!
      const { call, by } = p
      if (seen.has(callText(call))) continue
      seen.add(callText(call))
      const what = `${callText(call)} (suggested by ${by.tool} ${JSON.stringify(by.args)} to ${call.why})`
      const refused = refusal(call)
      if (refused) { t.fail(`${what} would be refused for its arguments: ${refused}`); continue }
      accepted++
      if (argumentsOnly) continue
      const kind = `${by.tool}>${call.tool}`
      if ((sent.get(kind) ?? 0) >= sample) { sampledOut++; continue }
      if (!(await stillSuggested(p))) { superseded.push(call); continue }
      sent.set(kind, (sent.get(kind) ?? 0) + 1)
      const check = await expectEffect(app, call)
      const [res] = await follow(t, direct, [call])
      if (!res!.isError) await check(t, res!)
      followed.push(call)
    }
    t.pass(`${accepted} suggested call${accepted === 1 ? '' : 's'} take their tools' arguments`)
    if (sampledOut) t.comment(`${sampledOut} more calls of kinds already followed ${sample} times were checked against their schema only`)
    if (superseded.length) t.comment(`superseded by later steps, so only their arguments were checked: ${superseded.map(callText).join('; ')}`)
    return { followed, superseded }
  }

  return { produced, followAll }
}
