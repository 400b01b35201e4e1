// One POST to a notice receiver, knowing whether the request was sent in full before it failed. A failure before
// that (refused, unresolvable, no connection within the connect timeout) means the receiver has nothing: worth
// trying again. A failure after it (no answer within the answer timeout, the connection cut, the server
// stopping) means the notice may well have arrived — a receiver that answers after 15 s had it all along — so
// it is never sent blindly again. Only the status is read; the receiver's body (which may echo a token) is not.
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { failureWords } from './failure-words.js'

export interface PostOptions {
  /** Until the connection is made (default 10 s). */
  connectTimeoutMs?: number
  /** From the request sent in full until the receiver's status line (default 30 s). */
  answerTimeoutMs?: number
  signal?: AbortSignal
  /** POST unless a json:// URL names another (`method=`). */
  method?: string
}

/** A failed post: `sent` when the whole request had gone out (the receiver may have it). Safe to show. */
export class PostError extends Error {
  constructor (message: string, readonly sent: boolean) { super(message) }
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`

export function postOnce (url: string, headers: Record<string, string>, body: string, o: PostOptions = {}): Promise<number> {
  const connectMs = o.connectTimeoutMs ?? 10_000
  const answerMs = o.answerTimeoutMs ?? 30_000
  return new Promise<number>((resolve, reject) => {
    let sent = false
    let settled = false
    let timer: NodeJS.Timeout | undefined
    // Assigned once, below: done() may run (an aborted signal) before the request exists.
    // eslint-disable-next-line prefer-const
    let req: ClientRequest | undefined
    const done = (err?: PostError, status?: number) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      o.signal?.removeEventListener('abort', onAbort)
      if (err) { req?.destroy(); reject(err) } else resolve(status!)
    }
    const onAbort = () => done(new PostError(sent ? 'sent, but the server stopped before the receiver answered (it may have arrived; not sent again)' : 'not sent: the server was stopping', sent))
    if (o.signal?.aborted) { onAbort(); return }
    o.signal?.addEventListener('abort', onAbort, { once: true })
    const u = new URL(url)
    const send = u.protocol === 'https:' ? httpsRequest : httpRequest
    const method = o.method ?? 'POST'
    // A GET or HEAD carries no body; Apprise's requests sends one, which servers ignore (RFC 9110 9.3.1).
    if (method === 'GET' || method === 'HEAD') body = ''
    req = send(u, { method, headers: { 'user-agent': 'mediastack-mcp', 'content-length': Buffer.byteLength(body), ...headers } }, (res: IncomingMessage) => {
      res.resume()
      done(undefined, res.statusCode ?? 0)
    })
    timer = setTimeout(() => done(new PostError(`not reachable: no connection within ${seconds(connectMs)}`, false)), connectMs)
    req.on('finish', () => {
      sent = true
      clearTimeout(timer)
      timer = setTimeout(() => done(new PostError(`sent, but the receiver did not answer within ${seconds(answerMs)} (it may have arrived; not sent again)`, true)), answerMs)
    })
    req.on('error', err => done(new PostError(sent ? `sent, but ${failureWords(err)} before answering (it may have arrived; not sent again)` : `not reachable: ${failureWords(err)}`, sent)))
    req.end(body)
  })
}
