// The web surface (dashboard API, chat API, OpenAPI document, dashboard page) for buildTestApp(t, { web: true })
// (test/helpers/build.ts), and what the route and browser tests read it with. Each piece is registered only when
// app.ts has not registered it already, so the tests run either way.
import type { FastifyInstance } from 'fastify'
import shutdownPlugin from '../../plugins/shutdown.js'
import dashboardRoutes, { type DashboardOptions } from '../../routes/api/dashboard.js'
import chatRoutes, { type ChatRouteOptions } from '../../routes/api/chat.js'
import openApiRoutes from '../../routes/api/openapi.js'
import webRoutes from '../../routes/web.js'
import { freePort } from '../../core/free-port.js'
export { freePort }

/** Every backend pointed at a closed loopback port: nothing leaves the machine, every backend is "down". */
export const CLOSED_BACKENDS = {
  MEDIA_SERVER_URL: 'http://127.0.0.1:9',
  SERIES_MANAGER_URL: 'http://127.0.0.1:9',
  MOVIE_MANAGER_URL: 'http://127.0.0.1:9',
  INDEXER_MANAGER_URL: 'http://127.0.0.1:9',
  TORRENT_CLIENT_URL: 'http://127.0.0.1:9',
  DOWNLOAD_MANAGER_URL: 'http://127.0.0.1:9',
  CHALLENGE_PROXY_URL: 'http://127.0.0.1:9',
  ARIA2_RPC_URL: 'http://127.0.0.1:9/jsonrpc',
  LLM_PROVIDER_A_BASE_URL: 'http://127.0.0.1:9/v1',
  LLM_PROVIDER_B_BASE_URL: 'http://127.0.0.1:9/v1beta'
}

export interface WebSurfaceOptions { dashboard?: DashboardOptions, chat?: ChatRouteOptions }

export async function registerWebSurface (app: FastifyInstance, opts: WebSurfaceOptions = {}) {
  if (!app.hasPlugin('shutdown')) await app.register(shutdownPlugin)
  if (!app.hasPlugin('dashboard-routes')) await app.register(dashboardRoutes, opts.dashboard ?? {})
  if (!app.hasPlugin('chat-routes')) await app.register(chatRoutes, opts.chat ?? {})
  if (!app.hasPlugin('openapi-routes')) await app.register(openApiRoutes)
  if (!app.hasPlugin('web-routes')) await app.register(webRoutes)
}

/** A port that was free a moment ago (PUBLIC_URL must be known before the server listens). */

export interface SseEvent { event: string, data: any }

/**
 * Reads a text/event-stream body event by event. `next()` resolves with the next event matching `want`
 * (or rejects after `ms`); `all` holds every event seen so far.
 */
export function sseReader (body: ReadableStream<Uint8Array>) {
  const all: SseEvent[] = []
  const waiters: Array<() => void> = []
  let ended = false
  let cursor = 0
  const pump = (async () => {
    const decoder = new TextDecoder()
    let buffer = ''
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true })
      let cut: number
      while ((cut = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, cut)
        buffer = buffer.slice(cut + 2)
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message'
        const data = block.split('\n').filter(l => l.startsWith('data: ')).map(l => l.slice(6)).join('\n')
        if (data) all.push({ event, data: JSON.parse(data) })
        for (const w of waiters.splice(0)) w()
      }
    }
  })().catch(() => {}).finally(() => { ended = true; for (const w of waiters.splice(0)) w() })

  async function next (want: (e: SseEvent) => boolean = () => true, ms = 15_000): Promise<SseEvent> {
    const deadline = Date.now() + ms
    for (;;) {
      while (cursor < all.length) {
        const e = all[cursor++]
        if (want(e)) return e
      }
      if (ended) throw new Error(`stream ended; events seen: ${all.map(e => e.event).join(', ')}`)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`no matching event within ${ms} ms; events seen: ${all.map(e => e.event).join(', ')}`)
      await new Promise<void>(resolve => { const t = setTimeout(resolve, left); waiters.push(() => { clearTimeout(t); resolve() }) })
    }
  }
  return { all, next, done: pump }
}
