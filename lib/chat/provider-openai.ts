// Provider A: any OpenAI-compatible chat-completions API (hosted or local), streamed, with tool calls.
import { streamJsonChunks } from './provider-stream.js'
import { type ChatMessage, type LlmProvider, type ProviderEvent, type ToolCall, type ToolSpec } from './types.js'

export interface OpenAiProviderOptions {
  apiKey: string
  baseUrl: string
  model: string
  name?: string
  timeoutMs?: number
}

export function createOpenAiProvider (opts: OpenAiProviderOptions): LlmProvider {
  const name = opts.name ?? 'provider A'
  return {
    name,
    async * turn (messages, tools, signal) {
      const body = {
        model: opts.model,
        stream: true,
        messages: messages.map(toWire),
        ...(tools.length > 0 ? { tools: tools.map(toolToWire), tool_choice: 'auto' } : {})
      }
      const calls = new Map<number, { id: string, name: string, args: string }>()
      for await (const chunk of streamJsonChunks({
        name,
        url: `${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`,
        headers: { authorization: `Bearer ${opts.apiKey}` },
        body,
        signal,
        timeoutMs: opts.timeoutMs,
        keyVar: 'LLM_PROVIDER_A_API_KEY'
      })) {
        const delta = chunk.choices?.[0]?.delta ?? {}
        if (typeof delta.content === 'string' && delta.content !== '') yield { type: 'text', delta: delta.content } satisfies ProviderEvent
        for (const tc of delta.tool_calls ?? []) {
          const slot = calls.get(tc.index ?? 0) ?? { id: '', name: '', args: '' }
          if (tc.id) slot.id = tc.id
          if (tc.function?.name) slot.name += tc.function.name
          if (tc.function?.arguments) slot.args += tc.function.arguments
          calls.set(tc.index ?? 0, slot)
        }
      }
      for (const [index, c] of [...calls.entries()].sort((a, b) => a[0] - b[0])) {
        yield { type: 'tool_call', call: { id: c.id || `call_${index}`, name: c.name, args: parseArgs(c.args) } }
      }
    }
  }
}

/** Unparseable arguments are passed on under a name the registry refuses, so the model sees a clear error and retries. */
export function parseArgs (raw: string): Record<string, unknown> {
  if (raw.trim() === '') return {}
  try {
    const v = JSON.parse(raw)
    return v && typeof v === 'object' && !Array.isArray(v) ? v : { invalidArguments: raw }
  } catch {
    return { invalidArguments: raw }
  }
}

function toWire (m: ChatMessage): Record<string, unknown> {
  switch (m.role) {
    case 'assistant':
      return {
        role: 'assistant',
        content: m.content === '' ? null : m.content,
        ...(m.toolCalls?.length ? { tool_calls: m.toolCalls.map((c: ToolCall) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.args) } })) } : {})
      }
    case 'tool':
      return { role: 'tool', tool_call_id: m.toolCallId, content: m.content }
    default:
      return { role: m.role, content: m.content }
  }
}

function toolToWire (t: ToolSpec) {
  return { type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }
}
