// Sends one message to one channel, once: natively over HTTP for ntfy, Gotify, Discord and json, through the
// `apprise` program for the rest. Errors are safe to show: a status code or a connection failure, never the URL,
// a header or the receiver's body (which may echo a token).
import { request } from 'undici'
import { sendWithApprise, type AppriseOptions } from './apprise.js'
import { discordCall, gotifyCall, jsonCall, ntfyCalls, type HttpCall } from './native.js'
import type { Channel } from '../../core/notify/urls.js'
import type { Message } from '../../core/notify/types.js'

export interface DeliverOptions {
  timeoutMs?: number
  /** Discord's API root (tests point it at a loopback receiver). */
  discordApiRoot?: string
  apprise?: AppriseOptions
  signal?: AbortSignal
  /**
   * The calls of this message already answered, by index (an ntfy URL with several topics makes one call each):
   * a retry sends only the others, so a topic that got the message does not get it twice.
   */
  delivered?: Set<number>
}

/** A failure worth trying again (the receiver was away or busy), or not (a bad URL, a refused token). */
export class DeliveryError extends Error {
  constructor (message: string, readonly retry: boolean) { super(message) }
}

/** The HTTP calls a message to this channel makes: one, or one per topic of an ntfy URL. */
export function httpCallsFor (channel: Channel, m: Message, o: DeliverOptions = {}): HttpCall[] {
  switch (channel.kind) {
    case 'ntfy': return ntfyCalls(channel.url, m)
    case 'gotify': return [gotifyCall(channel.url, m)]
    case 'discord': return [discordCall(channel.url, m, o.discordApiRoot)]
    case 'json': return [jsonCall(channel.url, m)]
    default: throw new Error(`${channel.kind} is not sent over HTTP here`)
  }
}

export async function deliverOnce (channel: Channel, m: Message, o: DeliverOptions = {}): Promise<void> {
  if (channel.kind === 'apprise') {
    try {
      await sendWithApprise(channel.url, m, { timeoutMs: o.timeoutMs, signal: o.signal, ...o.apprise })
    } catch (err) {
      throw new DeliveryError((err as Error).message, !(err as Error).message.includes('not installed'))
    }
    return
  }
  let calls: HttpCall[]
  try {
    calls = httpCallsFor(channel, m, o)
  } catch (err) {
    throw new DeliveryError(`the URL ${(err as Error).message}`, false)
  }
  // Each is tried, as Apprise goes on to the next topic after a failure (apprise/plugins/ntfy.py : 496-507).
  const failures: DeliveryError[] = []
  for (const [i, call] of calls.entries()) {
    if (o.delivered?.has(i)) continue
    try {
      await sendCall(call, o)
      o.delivered?.add(i)
    } catch (err) {
      if (!(err instanceof DeliveryError)) throw err
      failures.push(err)
    }
  }
  const [first] = failures
  if (!first) return
  const of = calls.length > 1 ? ` (${failures.length} of ${calls.length} topics)` : ''
  throw new DeliveryError(`${first.message}${of}`, failures.some(f => f.retry))
}

async function sendCall (call: HttpCall, o: DeliverOptions): Promise<void> {
  const timeoutMs = o.timeoutMs ?? 15_000
  const method = call.method ?? 'POST'
  let status: number
  try {
    const res = await request(call.url, {
      method,
      headers: { 'user-agent': 'mediastack-mcp', ...call.headers },
      // A GET or HEAD carries no body over undici; Apprise's requests sends it, which servers ignore (RFC 9110 9.3.1).
      body: method === 'GET' || method === 'HEAD' ? undefined : call.body,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: o.signal ? AbortSignal.any([o.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs)
    })
    status = res.statusCode
    await res.body.dump()
  } catch (err) {
    const code = (err as { code?: string }).code ?? (err as Error).name
    throw new DeliveryError(`not reachable (${String(code).slice(0, 40)})`, true)
  }
  if (status >= 200 && status < 300) return
  const hint = status === 401 || status === 403 ? ': the token or password in the URL was refused' : status === 404 ? ': no such topic, application or webhook' : ''
  throw new DeliveryError(`answered HTTP ${status}${hint}`, status === 429 || status >= 500)
}
