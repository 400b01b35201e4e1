// The event bus behind 2026-07-28 subscriptions/listen (the SDK serves the listen streams from it). The SDK's
// bus has no notion of who listens, so an update about one principal's job would reach anyone naming its URI.
// This one remembers the principal each stream was opened by (the MCP route runs every stateless request in
// listenScope) and delivers an event with an audience only to that principal's streams.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { ServerEvent, ServerEventBus } from '@modelcontextprotocol/server'

/** The principal id of the request being served; set by the MCP route around 2026-07-28 requests. */
export const listenScope = new AsyncLocalStorage<string>()

export interface ListenBus extends ServerEventBus {
  /** Publishes to the streams of one principal only. */
  publishTo: (principalId: string, event: ServerEvent) => void
}

export function createListenBus (onerror?: (err: Error) => void): ListenBus {
  const listeners = new Map<(event: ServerEvent) => void, string | undefined>()
  const deliver = (event: ServerEvent, audience: string | undefined) => {
    for (const [listener, owner] of listeners) {
      if (audience !== undefined && owner !== audience) continue
      try { listener(event) } catch (err) { onerror?.(err instanceof Error ? err : new Error(String(err))) }
    }
  }
  return {
    publish: event => deliver(event, undefined),
    publishTo: (principalId, event) => deliver(event, principalId),
    subscribe (listener) {
      listeners.set(listener, listenScope.getStore())
      return () => { listeners.delete(listener) }
    }
  }
}
