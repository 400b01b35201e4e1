// Serves one Node request through a web-standard MCP handler (the 2026-07-28 path), as the SDK's
// toNodeHandler does (@modelcontextprotocol/node 2.1, toNodeHandler and toWebRequest), with one cost
// left out: Fastify has parsed the body already and the handler is given that value, so the web Request
// carries no body. toNodeHandler re-serialized the parsed body into a stream the handler never reads.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AuthInfo, McpHttpHandler } from '@modelcontextprotocol/server'

type RawWithAuth = IncomingMessage & { auth?: AuthInfo }

/**
 * Serves the request through `handler`. `onJson` sees the body of a 200 application/json answer (which is then
 * written in one piece), for the prepared tools/list (bridge/prepared-list.ts).
 */
export async function serveWeb (handler: McpHttpHandler, req: RawWithAuth, res: ServerResponse, parsedBody: unknown, onerror: (err: Error) => void, onJson?: (json: string) => void): Promise<void> {
  let finished = false
  const abort = new AbortController()
  res.on('close', () => { if (!finished) abort.abort() })
  if (res.destroyed) abort.abort()
  let response: Response
  try {
    response = await handler.fetch(webRequestOf(req, abort.signal), {
      ...(req.auth !== undefined && { authInfo: req.auth }),
      ...(parsedBody !== undefined && { parsedBody })
    })
  } catch (error) {
    onerror(error instanceof Error ? error : new Error(String(error)))
    response = Response.json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: echoableId(parsedBody) }, { status: 500 })
  }
  const headers: Record<string, string> = {}
  for (const [name, value] of response.headers) headers[name] = value
  res.writeHead(response.status, headers)
  if (onJson && response.status === 200 && headers['content-type'] === 'application/json' && response.body !== null) {
    const json = await response.text()
    onJson(json)
    finished = true
    res.write(json)
    res.end()
    return
  }
  if (response.body === null) {
    finished = true
    res.end()
    return
  }
  // Streamed replies (SSE) honour back-pressure and stop when the client goes away.
  let drained: (() => void) | undefined
  res.on('drain', () => { drained?.(); drained = undefined })
  const closed = new Promise<void>(resolve => abort.signal.addEventListener('abort', () => resolve(), { once: true }))
  try {
    for await (const chunk of response.body) {
      if (abort.signal.aborted) break
      if (!res.write(chunk)) await Promise.race([new Promise<void>(resolve => { drained = resolve }), closed])
    }
  } catch {}
  finished = true
  res.end()
}

function webRequestOf (req: IncomingMessage, signal: AbortSignal): Request {
  const host = req.headers.host ?? 'localhost'
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else headers.set(name, value)
  }
  return new Request(`http://${host}${req.url ?? '/'}`, { method: (req.method ?? 'GET').toUpperCase(), headers, signal })
}

function echoableId (body: unknown): string | number | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null
  const { method, id } = body as { method?: unknown, id?: unknown }
  return typeof method === 'string' && (typeof id === 'string' || typeof id === 'number') ? id : null
}
