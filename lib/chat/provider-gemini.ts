// Provider B: the Gemini API (streamGenerateContent over SSE) with function declarations.
import { request } from 'undici'
import { randomUUID } from 'node:crypto'
import { sseData } from './sse.js'
import { toGeminiSchema } from './gemini-schema.js'
import { ProviderError, type ChatMessage, type LlmProvider, type ToolSpec } from './types.js'

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
      let res
      try {
        res = await request(`${opts.baseUrl.replace(/\/+$/, '')}/models/${encodeURIComponent(opts.model)}:streamGenerateContent?alt=sse`, {
          method: 'POST',
          headers: { 'x-goog-api-key': opts.apiKey, 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify(body),
          signal: AbortSignal.any([signal, AbortSignal.timeout(opts.timeoutMs ?? 120_000)]),
          headersTimeout: 60_000,
          bodyTimeout: 60_000
        })
      } catch (err) {
        throw new ProviderError(name, `${name} could not be reached (${(err as { code?: string }).code ?? (err as Error).name})`)
      }
      if (res.statusCode >= 400) {
        await res.body.dump()
        throw new ProviderError(name, res.statusCode === 401 || res.statusCode === 403 ? `${name} rejected the API key: check LLM_PROVIDER_B_API_KEY` : `${name} answered HTTP ${res.statusCode}`, res.statusCode)
      }
      try {
        for await (const data of sseData(res.body)) {
          let chunk: any
          try { chunk = JSON.parse(data) } catch { throw new ProviderError(name, `${name} sent a malformed stream chunk`) }
          if (chunk.error) throw new ProviderError(name, `${name} reported an error mid-stream`)
          for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
            if (typeof part.text === 'string' && part.text !== '') yield { type: 'text' as const, delta: part.text }
            if (part.functionCall?.name) {
              const args = part.functionCall.args
              yield { type: 'tool_call' as const, call: { id: part.functionCall.id ?? `call_${randomUUID()}`, name: part.functionCall.name, args: args && typeof args === 'object' ? args : {} } }
            }
          }
        }
      } catch (err) {
        if (err instanceof ProviderError) throw err
        throw new ProviderError(name, `${name} stream broke off (${(err as Error).name})`)
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
