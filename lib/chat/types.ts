// The chat loop's vocabulary: provider-neutral messages, tool specs and streamed events.

export interface ToolCall {
  id: string
  name: string
  args: Record<string, unknown>
}

export type ChatMessage =
  | { role: 'system', content: string }
  | { role: 'user', content: string }
  | { role: 'assistant', content: string, toolCalls?: ToolCall[] }
  | { role: 'tool', toolCallId: string, name: string, content: string }

export interface ToolSpec {
  name: string
  description: string
  /** JSON Schema of the arguments, as published in tools/list. */
  parameters: Record<string, unknown>
}

/** What a provider streams back for one model turn. */
export type ProviderEvent =
  | { type: 'text', delta: string }
  | { type: 'tool_call', call: ToolCall }

export interface LlmProvider {
  readonly name: string
  /** Streams one model turn. Throws ProviderError when the provider fails before or while answering. */
  turn: (messages: ChatMessage[], tools: ToolSpec[], signal: AbortSignal) => AsyncIterable<ProviderEvent>
}

export class ProviderError extends Error {
  constructor (readonly provider: string, message: string, readonly status?: number) {
    super(message)
    this.name = 'ProviderError'
  }
}

/** Events the loop emits to the person (SSE for the web chat, messages for the bot). */
export type ChatEvent =
  | { type: 'text', delta: string }
  | { type: 'tool_start', id: string, name: string, args: Record<string, unknown> }
  | { type: 'tool_end', id: string, name: string, ok: boolean, summary: string, jobId?: string }
  | { type: 'confirmation', id: string, tool: string, summary: string, targets: unknown, expiresAt: string }
  | { type: 'provider_fallback', from: string, to: string, reason: string }
  | { type: 'done', conversationId: string }
  | { type: 'error', message: string }

/** How the loop runs a tool: the registry (web chat) or an MCP client (bot). */
export interface ToolRunner {
  list: () => Promise<ToolSpec[]> | ToolSpec[]
  /** `actor`: whom the call is for (the bot's `telegram:<chat>:<user>`), recorded in the audit trail. */
  call: (name: string, args: Record<string, unknown>, signal: AbortSignal, actor?: string) => Promise<ToolRunResult>
}

export interface ToolRunResult {
  isError: boolean
  /** The summary text (first text block). */
  text: string
  structured?: Record<string, unknown>
}
