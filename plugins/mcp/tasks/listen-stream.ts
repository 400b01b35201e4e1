// One subscriptions/listen stream (2026-07-28, SEP-2575) served by us rather than the SDK, for listens that ask
// for task status (the SDK's listen router knows only the four change kinds and drops `taskIds`). Same wire as
// the SDK's router (@modelcontextprotocol/server 2.4 listenRouter): SSE frames, the acknowledgement first with
// what is honored, every notification stamped with the subscription id (the listen request's id), a keepalive
// comment every 15 s, and a graceful close that answers the listen request with an empty complete result.
import { SERVER_INFO_META_KEY, SUBSCRIPTION_ID_META_KEY, type ServerCapabilities, type ServerEvent } from '@modelcontextprotocol/server'

const KEEP_ALIVE_MS = 15_000

/** The change kinds of a listen filter besides task ids (the SDK's SubscriptionFilter). */
export interface ChangeFilter {
  toolsListChanged?: boolean
  promptsListChanged?: boolean
  resourcesListChanged?: boolean
  resourceSubscriptions?: string[]
}

/** What the server can deliver of `requested`, as the SDK's router narrows it by the declared capabilities. */
export function honoredChanges (requested: ChangeFilter, capabilities: ServerCapabilities): ChangeFilter {
  return {
    ...(requested.toolsListChanged === true && capabilities.tools?.listChanged === true && { toolsListChanged: true }),
    ...(requested.promptsListChanged === true && capabilities.prompts?.listChanged === true && { promptsListChanged: true }),
    ...(requested.resourcesListChanged === true && capabilities.resources?.listChanged === true && { resourcesListChanged: true }),
    ...(requested.resourceSubscriptions?.length && capabilities.resources?.subscribe === true && { resourceSubscriptions: [...requested.resourceSubscriptions] })
  }
}

/** The wire notification of a bus event the filter accepts, or undefined. */
export function changeNotification (filter: ChangeFilter, event: ServerEvent): { method: string, params?: Record<string, unknown> } | undefined {
  switch (event.kind) {
    case 'tools_list_changed': return filter.toolsListChanged ? { method: 'notifications/tools/list_changed' } : undefined
    case 'prompts_list_changed': return filter.promptsListChanged ? { method: 'notifications/prompts/list_changed' } : undefined
    case 'resources_list_changed': return filter.resourcesListChanged ? { method: 'notifications/resources/list_changed' } : undefined
    case 'resource_updated':
      return filter.resourceSubscriptions?.includes(event.uri) ? { method: 'notifications/resources/updated', params: { ...event.params, uri: event.uri } } : undefined
  }
}

export interface ListenStream {
  send: (method: string, params?: Record<string, unknown>) => void
  /** Ends the stream; `graceful` answers the listen request first. */
  close: (graceful: boolean) => void
  /** Called once when the stream ends, whichever side ended it. */
  onClose: (fn: () => void) => void
}

/** Opens the stream: `start` runs after the acknowledgement is written, with the stream to write to. */
export function listenResponse (
  subscriptionId: string | number, serverInfo: unknown, honored: Record<string, unknown>, signal: AbortSignal | undefined,
  start: (stream: ListenStream) => void
): Response {
  const encoder = new TextEncoder()
  const closers: Array<() => void> = []
  let closed = false
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const write = (frame: string) => { if (!closed) controller.enqueue(encoder.encode(frame)) }
  const stamp = (params?: Record<string, unknown>) => ({ ...params, _meta: { ...(params?._meta as object | undefined), [SUBSCRIPTION_ID_META_KEY]: subscriptionId } })
  const stream: ListenStream = {
    send: (method, params) => write(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method, params: stamp(params) })}\n\n`),
    close (graceful) {
      if (closed) return
      if (graceful) {
        const result = { resultType: 'complete', _meta: { [SUBSCRIPTION_ID_META_KEY]: subscriptionId, [SERVER_INFO_META_KEY]: serverInfo } }
        write(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: subscriptionId, result })}\n\n`)
      }
      closed = true
      for (const fn of closers.splice(0)) fn()
      try { controller.close() } catch {}
    },
    onClose: fn => { closers.push(fn) }
  }
  const body = new ReadableStream<Uint8Array>({
    start (c) {
      controller = c
      stream.send('notifications/subscriptions/acknowledged', { notifications: honored })
      const keepAlive = setInterval(() => write(': keepalive\n\n'), KEEP_ALIVE_MS)
      keepAlive.unref()
      stream.onClose(() => clearInterval(keepAlive))
      start(stream)
    },
    cancel () { stream.close(false) }
  })
  if (signal) {
    const onAbort = () => stream.close(false)
    if (signal.aborted) onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    stream.onClose(() => signal.removeEventListener('abort', onAbort))
  }
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' }
  })
}
