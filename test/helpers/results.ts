// The one set of helpers for reading a tool call's result in tests (registry calls and MCP calls alike).
import type { ToolCallResult } from '../../core/tool-types.js'

type Result = Pick<ToolCallResult, 'content'> & { isError?: boolean, structuredContent?: unknown }

/** The structured result of a successful call; throws with the call's message when it failed. */
export function ok (res: Result): any {
  if (res.isError) throw new Error(`tool failed: ${res.content[0]?.text}`)
  return res.structuredContent
}

/** The message of a failed call; throws with the answer when the call succeeded. */
export function errorText (res: Result): string {
  if (!res.isError) throw new Error(`expected an error, got: ${res.content[0]?.text}`)
  return res.content[0]!.text
}

/** The structured content, whether the call succeeded or not (a preview, a refusal with details). */
export const data = (res: Result) => res.structuredContent as Record<string, any>

/** Every text block of the answer, one per line. */
export const text = (res: Result) => res.content.map(c => c.text).join('\n')
