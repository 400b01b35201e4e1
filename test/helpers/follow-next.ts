// Follows the calls an answer suggests (structuredContent `next`, lib/answers/next-calls.ts) exactly as given:
// a call refused for its arguments fails the test; a call that asks for a confirmation is confirmed with the
// token it returned, as a person who agreed would.
import type { ToolCallResult } from '../../core/tool-types.js'
import type { NextCall } from '../../lib/answers/next-calls.js'

type Call = (name: string, args: Record<string, unknown>) => Promise<ToolCallResult>
interface Tap { fail: (message: string) => void, pass: (message: string) => void }

export const nextOf = (res: ToolCallResult): NextCall[] => ((res.structuredContent?.next ?? []) as NextCall[])

/** Runs each suggested call (confirming it when asked); returns the final result of each. */
export async function follow (t: Tap, call: Call, next: NextCall[]): Promise<ToolCallResult[]> {
  const out: ToolCallResult[] = []
  for (const c of next) {
    let res = await call(c.tool, c.arguments)
    const token = (res.structuredContent?.confirmation as { confirmToken?: string } | undefined)?.confirmToken
    if (!res.isError && token) res = await call(c.tool, { ...c.arguments, confirmToken: token })
    const said = res.content.map(x => x.text).join(' ')
    if (res.isError) t.fail(`${c.tool} ${JSON.stringify(c.arguments)} (suggested to ${c.why}) was refused: ${said}`)
    else t.pass(`${c.tool} as suggested (${c.why})`)
    out.push(res)
  }
  return out
}

/** The registry's refusals of a call's arguments (lib/tools/registry.ts validate): what a suggested call must never meet. */
export const ARGUMENTS_REFUSED = /^(Unknown arguments? |Invalid arguments for |Arguments must be an object)/

/**
 * Sends each suggested call once, as given, and fails on one the registry refuses for its arguments. For
 * scenarios whose backends are down: the call may fail for the backend, never for what it was told to send.
 * A call that asks for a confirmation is not confirmed.
 */
export async function checkArguments (t: Tap, call: Call, next: NextCall[]): Promise<void> {
  for (const c of next) {
    const res = await call(c.tool, c.arguments)
    const said = res.content.map(x => x.text).join(' ')
    if (res.isError && ARGUMENTS_REFUSED.test(said)) t.fail(`${c.tool} ${JSON.stringify(c.arguments)} (suggested to ${c.why}) was refused for its arguments: ${said}`)
    else t.pass(`${c.tool} as suggested takes its arguments (${c.why})`)
  }
}
