// Sends one message to one channel, once (lib/notify/http-post.ts): natively over HTTP for ntfy, Gotify, Discord and json, through the
// `apprise` program for the rest. Errors are safe to show: a status code or a connection failure, never the URL,
// a header or the receiver's body (which may echo a token).
import { sendWithApprise, type AppriseOptions } from './apprise.js'
import { postOnce, PostError } from './http-post.js'
import { discordCall, gotifyCall, jsonCall, ntfyCalls, type HttpCall } from './native.js'
import type { Channel } from '../../core/notify/urls.js'
import type { Message } from '../../core/notify/types.js'

export interface DeliverOptions {
  /** Until a receiver's connection is made (default 10 s). */
  connectTimeoutMs?: number
  /** From the notice sent in full until the receiver answers (default 30 s); the apprise program's run (default 30 s). */
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

/**
 * A failure worth trying again (the receiver was away or busy: it has nothing), or not (a bad URL, a refused
 * token, or `sent`: the notice went out in full and no answer came, so it may have arrived and is not sent again).
 */
export class DeliveryError extends Error {
  constructor (message: string, readonly retry: boolean, readonly sent = false) { super(message) }
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
      // A run that timed out may have delivered: it is not run again. apprise's own failure (exit code) is retried.
      const message = (err as Error).message
      const timedOut = /timeout|timed out/i.test(message)
      throw new DeliveryError(timedOut ? 'apprise did not finish in time (it may have delivered; not sent again)' : message, !message.includes('not installed') && !timedOut, timedOut)
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
      // Sent in full without an answer: it may have arrived, so a retry does not send it again.
      if (err.sent) o.delivered?.add(i)
      failures.push(err)
    }
  }
  const [first] = failures
  if (!first) return
  const of = calls.length > 1 ? ` (${failures.length} of ${calls.length} topics)` : ''
  throw new DeliveryError(`${first.message}${of}`, failures.some(f => f.retry), failures.every(f => f.sent))
}

async function sendCall (call: HttpCall, o: DeliverOptions): Promise<void> {
  let status: number
  try {
    status = await postOnce(call.url, call.headers, call.body, { method: call.method, connectTimeoutMs: o.connectTimeoutMs, answerTimeoutMs: o.timeoutMs, signal: o.signal })
  } catch (err) {
    if (err instanceof PostError) throw new DeliveryError(err.message, !err.sent, err.sent)
    throw err
  }
  if (status >= 200 && status < 300) return
  const hint = status === 401 || status === 403 ? ': the token or password in the URL was refused' : status === 404 ? ': no such topic, application or webhook' : status === 429 ? ' (too many requests)' : status >= 500 ? ' (the receiver failed)' : ''
  throw new DeliveryError(`answered HTTP ${status}${hint}`, status === 429 || status >= 500)
}
