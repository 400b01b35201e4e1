// The calls an answer suggests, as data a client can follow literally: the tool's name and its complete
// arguments, with why. Every tool that suggests a call puts it in the same field (structuredContent `next`)
// and renders its text from it with nextText, so the words and the call can never disagree ("grab one with
// series_grab (guid + indexerId)" while series_grab needs id and seasonNumber too). test/scenario/
// follow-next.test.ts follows every suggested call it sees and fails when one is refused or does not do what
// it said.
import { Type, type Static } from '@sinclair/typebox'
import { ToolError } from '../../core/errors.js'

export const NextCallSchema = Type.Object({
  tool: Type.String({ description: 'The tool to call' }),
  arguments: Type.Record(Type.String(), Type.Unknown(), { description: 'Its complete arguments, as they are to be sent' }),
  why: Type.String({ description: 'What the call does, in a few words' })
}, { additionalProperties: false, description: 'A call this answer suggests' })

export type NextCall = Static<typeof NextCallSchema>

export const NextCallsSchema = Type.Array(NextCallSchema, { description: 'Calls this answer suggests, each complete: send them as given' })

/**
 * A suggested call; arguments left undefined are dropped, so what is shown is what is to be sent, and so is a
 * confirmToken (a call built from the arguments of a confirmed one must ask afresh).
 */
export function nextCall (tool: string, args: Record<string, unknown>, why: string): NextCall {
  return { tool, arguments: Object.fromEntries(Object.entries(args).filter(([k, v]) => v !== undefined && k !== 'confirmToken')), why }
}

/** One call as text: `series_grab {"id":12,"seasonNumber":1}`. */
export const callText = (c: NextCall) => `${c.tool} ${JSON.stringify(c.arguments)}`

/** The sentence for the calls: "Next: <why>: series_grab {…}; …" (empty when there are none). */
export function nextText (calls: NextCall[]): string {
  if (calls.length === 0) return ''
  return ` Next: ${calls.map(c => `${c.why}: ${callText(c)}`).join('; ')}.`
}

/** The output-schema field every tool that suggests calls adds (optional: an answer may suggest none). */
export const NEXT_FIELD = { next: Type.Optional(NextCallsSchema) }

/** A refusal that suggests calls: its message ends with them as text, and the result carries them as `next`. */
export function refusal (message: string, calls: NextCall[], details?: Record<string, unknown>): ToolError {
  return new ToolError(`${message}${nextText(calls)}`, details, calls)
}
