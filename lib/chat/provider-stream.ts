// The part every provider shares: POST a JSON body, expect an SSE stream of JSON chunks, and turn every
// failure (unreachable, HTTP error, rejected key, malformed chunk, broken stream) into a ProviderError.
import { request } from 'undici'
import { sseData } from './sse.js'
import { ProviderError } from './types.js'

export interface StreamRequest {
  /** Provider name shown in errors ("provider A"). */
  name: string
  url: string
  headers: Record<string, string>
  body: unknown
  signal: AbortSignal
  timeoutMs?: number
  /** The variable to check when the provider refuses the key. */
  keyVar: string
}

/** Yields each parsed chunk; stops at the OpenAI-style "[DONE]" marker or the end of the stream. */
export async function * streamJsonChunks (r: StreamRequest): AsyncIterable<any> {
  let res
  try {
    res = await request(r.url, {
      method: 'POST',
      headers: { ...r.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(r.body),
      signal: AbortSignal.any([r.signal, AbortSignal.timeout(r.timeoutMs ?? 120_000)]),
      headersTimeout: 60_000,
      bodyTimeout: 60_000
    })
  } catch (err) {
    throw new ProviderError(r.name, `${r.name} could not be reached (${(err as { code?: string }).code ?? (err as Error).name})`)
  }
  if (res.statusCode >= 400) {
    await res.body.dump()
    const refused = res.statusCode === 401 || res.statusCode === 403
    throw new ProviderError(r.name, refused ? `${r.name} rejected the API key: check ${r.keyVar}` : `${r.name} answered HTTP ${res.statusCode}`, res.statusCode)
  }
  try {
    for await (const data of sseData(res.body)) {
      if (data === '[DONE]') return
      let chunk: any
      try { chunk = JSON.parse(data) } catch { throw new ProviderError(r.name, `${r.name} sent a malformed stream chunk`) }
      if (chunk.error) throw new ProviderError(r.name, `${r.name} reported an error mid-stream`)
      yield chunk
    }
  } catch (err) {
    if (err instanceof ProviderError) throw err
    throw new ProviderError(r.name, `${r.name} stream broke off (${(err as Error).name})`)
  }
}
