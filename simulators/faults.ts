// Fault modes for simulators, switched at run time by tests: down, slow, 5xx, reset mid-body,
// invalid JSON, wrong key, and lost-answer (the request is carried out, then the connection closes before the
// answer: a backend that died after acting). Requests answered by a fault skip contract validation.
import type { FastifyInstance, FastifyRequest } from 'fastify'

export type FaultMode = 'none' | 'down' | 'slow' | '5xx' | 'reset' | 'invalid-json' | 'wrong-key' | 'lost-answer'

export interface FaultOptions {
  /** Only requests whose path matches are affected. */
  match?: RegExp
  /** Only requests with this method (GET, DELETE, …) are affected. */
  method?: string
  /** How many requests to affect before returning to 'none' (default: all). */
  count?: number
  /** slow: how long to wait before answering normally (default 30 s). */
  delayMs?: number
  /** 5xx: which status (default 503). */
  status?: number
}

export interface FaultSwitch {
  set: (mode: FaultMode, opts?: FaultOptions) => void
  readonly mode: FaultMode
  /** Requests that reached the simulator while a fault was set (for "nothing was queued" assertions). */
  readonly hits: number
  /** Answers now every request a 'slow' fault is holding (a test holds an answer as long as it needs, not by time). */
  release: () => void
}

const faulted = new WeakSet<FastifyRequest>()

/** True when this request was answered by an injected fault. */
export function isFaulted (request: FastifyRequest): boolean {
  return faulted.has(request)
}

export function attachFaults (app: FastifyInstance): FaultSwitch {
  let mode: FaultMode = 'none'
  let opts: FaultOptions = {}
  let remaining = Infinity
  let hits = 0
  const timers = new Set<NodeJS.Timeout>()
  /** The 'slow' requests held now: each one's way on. */
  const held = new Set<() => void>()
  app.addHook('onClose', async () => { for (const t of timers) clearTimeout(t) })

  // lost-answer: handled as usual, then the connection closes instead of the answer.
  const lost = new WeakSet<FastifyRequest>()
  app.addHook('onSend', async (request, reply, payload) => {
    if (!lost.has(request)) return payload
    request.raw.socket.destroy()
    reply.hijack()
    return payload
  })

  app.addHook('onRequest', async (request, reply) => {
    if (mode === 'none') return
    const path = request.url.split('?')[0]
    if (opts.match && !opts.match.test(path)) return
    if (opts.method && request.method !== opts.method) return
    hits++
    const current = mode
    if (--remaining <= 0) { mode = 'none'; remaining = Infinity }
    faulted.add(request)
    switch (current) {
      case 'lost-answer':
        lost.add(request)
        return
      case 'down':
        request.raw.socket.destroy()
        return reply.hijack()
      case 'slow':
        await new Promise<void>(resolve => {
          const go = () => { clearTimeout(t); timers.delete(t); held.delete(go); resolve() }
          const t = setTimeout(go, opts.delayMs ?? 30_000)
          timers.add(t)
          held.add(go)
          request.raw.once('close', go)
        })
        faulted.delete(request)
        return
      case '5xx':
        return reply.code(opts.status ?? 503).type('text/plain').send('Service Unavailable')
      case 'wrong-key':
        return reply.code(401).send()
      case 'invalid-json':
        return reply.code(200).type('application/json').send('{"truncated": [1, 2')
      case 'reset': {
        reply.hijack()
        request.raw.socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"partial":')
        setImmediate(() => request.raw.socket.destroy())
      }
    }
  })

  return {
    set (m, o = {}) { mode = m; opts = o; remaining = o.count ?? Infinity },
    get mode () { return mode },
    get hits () { return hits },
    release () { for (const go of [...held]) go() }
  }
}
