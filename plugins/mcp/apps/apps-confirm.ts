// For a client that renders app views, a destructive preview's token is for the confirm card alone: it goes in
// the result's `_meta`, which hosts hand to the view and keep out of the model's context (ext-apps
// specification/2026-01-26/apps.mdx, "Data Passing"), while the text and structuredContent the model reads say
// that the person confirms in the card. So the model cannot run the change itself; the person's Confirm can.
import type { ToolCallResult } from '../../../core/tool-types.js'
import { renderData } from '../../../lib/tools/result-text.js'

export const CONFIRM_TOKEN_META_KEY = 'mediastack-mcp/confirmToken'
/** What stands in the token's place where the model reads (a string, so the published outputSchema holds). */
export const TOKEN_HELD_BY_CARD = 'held by the confirm card: the person confirms there'

export function holdTokenForCard (result: ToolCallResult, toolName: string): ToolCallResult {
  const data = result.structuredContent
  const confirmation = data?.confirmation as { confirmToken?: unknown, summary?: unknown } | undefined
  if (!confirmation || typeof confirmation.confirmToken !== 'string') return result
  const shown = { ...data, confirmation: { ...confirmation, confirmToken: TOKEN_HELD_BY_CARD } }
  return {
    ...result,
    content: [
      { type: 'text', text: `Confirmation needed: ${confirmation.summary} Nothing has changed yet. The person confirms or cancels in the card shown with this result; ${toolName} runs only when they press Confirm there.` },
      { type: 'text', text: renderData(shown) }
    ],
    structuredContent: shown,
    _meta: { ...(result._meta as Record<string, unknown> | undefined), [CONFIRM_TOKEN_META_KEY]: confirmation.confirmToken }
  }
}
