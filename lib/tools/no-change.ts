// Tool results that changed nothing: a preview, a question to the person, a repeat of a stored confirmed
// result, a call that found nothing to do. The audit trail (lib/audit/tool-calls.ts) records changes only, and
// reads this mark instead of guessing from each tool's text. Kept beside the result, never on the wire.
import type { ToolCallResult } from '../../core/tool-types.js'

const unchanged = new WeakSet<ToolCallResult>()

export function markUnchanged (result: ToolCallResult): ToolCallResult {
  unchanged.add(result)
  return result
}

export function changedNothing (result: ToolCallResult): boolean {
  return unchanged.has(result)
}
