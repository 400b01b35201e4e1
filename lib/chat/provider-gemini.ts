// Provider B: the Gemini API (streamGenerateContent over SSE) with function declarations.
import { randomUUID } from 'node:crypto'
import { streamJsonChunks } from './provider-stream.js'
import { toGeminiSchema } from './gemini-schema.js'
import { type ChatMessage, type LlmProvider, type ToolSpec } from './types.js'

export interface GeminiProviderOptions {
  apiKey: string
  baseUrl: string
  model: string
  name?: string
  timeoutMs?: number
}

export function createGeminiProvider (opts: GeminiProviderOptions): LlmProvider {
  const name = opts.name ?? 'provider B'
  return {
    name,
    async * turn (messages, tools, signal) {
      const system = messages.filter(m => m.role === 'system').map(m => m.content).join('\n\n')
      const body = {
        ...(system ? { systemInstruction: { parts: [{ text: system }] } } : {}),
        contents: toContents(messages),
        ...(tools.length > 0 ? { tools: [{ functionDeclarations: tools.map(toDeclaration) }] } : {})
      }
      for await (const chunk of streamJsonChunks({
        name,
        url: `${opts.baseUrl.replace(/\/+$/, '')}/models/${encodeURIComponent(opts.model)}:streamGenerateContent?alt=sse`,
        headers: { 'x-goog-api-key': opts.apiKey },
        body,
        signal,
        timeoutMs: opts.timeoutMs,
        keyVar: 'LLM_PROVIDER_B_API_KEY'
      })) {
        for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
          if (typeof part.text === 'string' && part.text !== '') yield { type: 'text' as const, delta: part.text }
          if (part.functionCall?.name) {
            const args = part.functionCall.args
            yield { type: 'tool_call' as const, call: { id: part.functionCall.id ?? `call_${randomUUID()}`, name: part.functionCall.name, args: args && typeof args === 'object' ? args : {} } }
          }
        }
      }
    }
  }
}

function toDeclaration (t: ToolSpec) {
  return { name: t.name, description: t.description, parameters: toGeminiSchema(t.parameters) }
}

/** Gemini wants alternating user/model turns; consecutive tool results travel together in one user turn. */
function toContents (messages: ChatMessage[]) {
  const contents: Array<{ role: 'user' | 'model', parts: unknown[] }> = []
  const push = (role: 'user' | 'model', part: unknown) => {
    const last = contents.at(-1)
    if (last && last.role === role) last.parts.push(part)
    else contents.push({ role, parts: [part] })
  }
  for (const m of messages) {
    if (m.role === 'system') continue
    if (m.role === 'user') push('user', { text: m.content })
    if (m.role === 'assistant') {
      if (m.content) push('model', { text: m.content })
      for (const c of m.toolCalls ?? []) push('model', { functionCall: { name: c.name, args: c.args } })
    }
    if (m.role === 'tool') push('user', { functionResponse: { name: m.name, response: { result: m.content } } })
  }
  return contents
}
