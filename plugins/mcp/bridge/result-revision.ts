// A tool result as a client on a revision before structuredContent existed gets it. MCP 2025-06-18 added
// structuredContent ("For backwards compatibility, a tool that returns structured content SHOULD also return
// the serialized JSON in a TextContent block", server/tools "Structured Content"); a client that negotiated
// 2025-03-26 or earlier has no such field, so its text is the summary and that JSON. Later clients get the
// summary and the compact text of lib/tools/result-text.ts, and the JSON once, as structuredContent.
import type { ToolCallResult } from '../../../core/tool-types.js'

const STRUCTURED_SINCE = '2025-06-18'

/** True for a negotiated revision (YYYY-MM-DD) older than structuredContent. */
export function predatesStructuredContent (revision: string | undefined): boolean {
  return revision !== undefined && revision < STRUCTURED_SINCE
}

export function forRevision (result: ToolCallResult, revision: string | undefined): ToolCallResult {
  if (!predatesStructuredContent(revision) || !result.structuredContent || result.isError) return result
  return { ...result, content: [result.content[0], { type: 'text', text: JSON.stringify(result.structuredContent) }] }
}
