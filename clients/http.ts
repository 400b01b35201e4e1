// The HTTP core every backend client is built on: one undici Agent per service, a total deadline per call by
// kind (reads 10 s, retries included; writes and commands their own longer ones), retries for reads only, a
// circuit breaker and a concurrency limit per service (clients/circuit.ts), and errors turned into
// BackendError with a public message that never echoes a backend body.
import { Agent, request, type Dispatcher } from 'undici'
import { BackendError } from '../core/errors.js'
import { displayUrl } from '../core/display-url.js'
import { SOURCE_DEADLINE_MS, didNotAnswer, sourceDeadlineMs } from '../core/deadline.js'
import { createCircuit, type CircuitOptions } from './circuit.js'

/** Reads fail within this, retries included, so a hung backend never holds a tool call longer (the one source deadline). */
export const READ_DEADLINE_MS = SOURCE_DEADLINE_MS
/** Default for writes and commands (a call may name a longer one). */
export const WRITE_DEADLINE_MS = 15_000

export interface HttpBackendOptions {
  /** Name shown to users, e.g. "Sonarr". */
  service: string
  baseUrl: string
  /** The variable holding the URL, named in "unreachable" errors. */
  urlVar: string
  /** The variable holding the credential, named on 401/403 and when it is empty. */
  keyVar?: string
  /** Whether a credential is configured; when false every call fails at once naming keyVar. */
  configured?: () => boolean
  /** Adds auth and other fixed headers to each request. */
  headers?: () => Record<string, string>
  /** Default total deadline of writes and commands (ms; default 15 s). */
  deadlineMs?: number
  /** Total deadline of reads, retries included (ms; default the source deadline, 10 s, or deadlineMs when shorter). */
  readDeadlineMs?: number
  /** When the circuit breaker opens and how long it stays open. */
  circuit?: CircuitOptions
  concurrency?: number
  /** Response size cap in bytes. */
  maxResponseBytes?: number
}

export interface HttpCall {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE'
  /**
   * read (default for GET/HEAD; say it for read-only RPCs sent as POST): retried, and never longer than the read
   * deadline, whatever deadlineMs says. write (default for other methods): one attempt, deadlineMs or the
   * backend's default. command: work the backend itself takes long over (interactive release search, metadata
   * lookup, a folder scan): retried like a read, with its own deadlineMs.
   */
  kind?: 'read' | 'write' | 'command'
  path: string
  query?: Record<string, string | number | boolean | undefined | Array<string | number>>
  /** JSON body (objects) or a raw body with its content type. */
  json?: unknown
  body?: string | Buffer
  contentType?: string
  headers?: Record<string, string>
  /** Statuses returned to the caller instead of thrown (e.g. 404 for "not found" handling). */
  allowStatus?: number[]
  deadlineMs?: number
  signal?: AbortSignal
  /** Parse the body as JSON (default) or return text. */
  as?: 'json' | 'text' | 'none'
  /** Reads the body itself as it streams (e.g. a large list projected as it parses); a SyntaxError is a bad answer. */
  parse?: (body: AsyncIterable<Uint8Array>) => Promise<unknown>
}

export interface HttpResult<T = unknown> {
  status: number
  data: T
  headers: Record<string, string | string[] | undefined>
}

const RETRY_STATUSES = new Set([429, 502, 503, 504])
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'EHOSTUNREACH', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT'])

export function createHttpBackend (opts: HttpBackendOptions) {
  // A process waiting longer for its sources (test apps on a loaded machine, core/deadline.ts) waits longer for writes too.
  const deadlineMs = opts.deadlineMs ?? Math.max(WRITE_DEADLINE_MS, sourceDeadlineMs())
  // A backend given a shorter overall deadline (tests, setup calls) applies it to reads too.
  const readDeadlineMs = opts.readDeadlineMs ?? Math.min(sourceDeadlineMs(), deadlineMs)
  const agent = new Agent({
    connect: { timeout: 3_000 },
    headersTimeout: 10_000,
    bodyTimeout: 30_000,
    maxResponseSize: opts.maxResponseBytes ?? 20 * 1024 * 1024,
    keepAliveTimeout: 10_000
  })
  const circuit = createCircuit({ service: opts.service, concurrency: opts.concurrency ?? 8, circuit: opts.circuit })

  async function call<T = unknown> (c: HttpCall): Promise<HttpResult<T>> {
    if (opts.configured && !opts.configured()) {
      throw new BackendError(opts.service, `${opts.service} is not configured: set ${opts.keyVar} (see .env.example) and restart.`, undefined, 'not_configured')
    }
    const method = c.method ?? 'GET'
    const kind = c.kind ?? (method === 'GET' || method === 'HEAD' ? 'read' : 'write')
    const limit = kind === 'read' ? Math.min(c.deadlineMs ?? readDeadlineMs, readDeadlineMs) : c.deadlineMs ?? deadlineMs
    const attempts = kind === 'write' ? 1 : 3
    return await circuit.execute(async () => {
      // One deadline for the whole call, retries included: the limit is what the caller waits at most.
      const deadline = AbortSignal.timeout(limit)
      const signal = c.signal ? AbortSignal.any([c.signal, deadline]) : deadline
      const started = performance.now()
      let lastError: unknown
      for (let attempt = 0; attempt < attempts; attempt++) {
        try {
          if (attempt > 0) {
            const backoff = 150 * 2 ** (attempt - 1) + Math.random() * 100
            // No time left for another try: the failure so far (unreachable, HTTP 503) says more than a timeout.
            if (performance.now() - started + backoff >= limit) break
            await sleep(backoff, signal)
          }
          const res = await once<T>(c, method, signal, limit)
          if (RETRY_STATUSES.has(res.status) && attempt < attempts - 1) { lastError = statusError(res.status); continue }
          return res
        } catch (err) {
          lastError = err instanceof BackendError ? err : translate(err, limit, c.signal)
          if (c.signal?.aborted) circuit.markCancelled(lastError as BackendError)
          if (!(lastError instanceof BackendError) || lastError.code !== 'unavailable' || signal.aborted) throw lastError
        }
      }
      throw lastError instanceof BackendError ? lastError : statusError(503)
    })
  }

  async function once<T> (c: HttpCall, method: string, signal: AbortSignal, limit: number): Promise<HttpResult<T>> {
    const url = new URL(opts.baseUrl.replace(/\/+$/, '') + c.path)
    for (const [k, v] of Object.entries(c.query ?? {})) {
      if (v === undefined) continue
      if (Array.isArray(v)) for (const item of v) url.searchParams.append(k, String(item))
      else url.searchParams.set(k, String(v))
    }
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers?.(), ...c.headers }
    let body: string | Buffer | undefined = c.body
    if (c.json !== undefined) { body = JSON.stringify(c.json); headers['content-type'] = 'application/json' } else if (c.contentType) headers['content-type'] = c.contentType
    let res: Dispatcher.ResponseData
    try {
      // The agent's own header and body timeouts (coarse timers) would cut a command's longer deadline short, or a
      // short one early: the signal decides, they stay only as a backstop.
      const backstop = limit + 1_000
      res = await request(url, { method: method as Dispatcher.HttpMethod, headers, body, signal, dispatcher: agent, headersTimeout: backstop, bodyTimeout: backstop })
      const status = res.statusCode
      // A caller may take a 403 itself where the service uses it for more than a bad key (Seerr: permission, quota).
      if ((status === 401 || status === 403) && !c.allowStatus?.includes(status)) {
        await res.body.dump()
        throw new BackendError(opts.service, `${opts.service} rejected the API key: check ${opts.keyVar ?? 'its credentials'}.`, status, 'unauthorized')
      }
      if (status >= 400 && !c.allowStatus?.includes(status)) {
        await res.body.dump()
        throw statusError(status)
      }
      const as = method === 'HEAD' ? 'none' : c.as ?? 'json'
      let data: unknown
      if (as === 'none') await res.body.dump()
      else if (c.parse) data = await parseWith(c.parse, res.body, status)
      else {
        const text = await res.body.text()
        if (as === 'text') data = text
        else if (text.length === 0) data = null
        else {
          try { data = JSON.parse(text) } catch {
            throw new BackendError(opts.service, `${opts.service} sent a response that is not valid JSON (HTTP ${status}). Is ${opts.urlVar} pointing at the right service?`, status, 'bad_response')
          }
        }
      }
      return { status, data: data as T, headers: res.headers }
    } catch (err) {
      if (err instanceof BackendError) throw err
      throw translate(err, limit, c.signal)
    }
  }

  async function parseWith (parse: NonNullable<HttpCall['parse']>, body: AsyncIterable<Uint8Array>, status: number) {
    try { return await parse(body) } catch (err) {
      if (!(err instanceof SyntaxError)) throw err
      throw new BackendError(opts.service, `${opts.service} sent a response that is not valid JSON (HTTP ${status}). Is ${opts.urlVar} pointing at the right service?`, status, 'bad_response')
    }
  }

  function statusError (status: number) {
    if (status === 404) return new BackendError(opts.service, `${opts.service} answered 404 Not Found: the item does not exist there (or ${opts.urlVar} points at the wrong service).`, status, 'not_found')
    if (status >= 500 || status === 429) return new BackendError(opts.service, `${opts.service} failed (HTTP ${status}). Try again later; if it persists, check the ${opts.service} logs.`, status, 'unavailable')
    return new BackendError(opts.service, `${opts.service} refused the request (HTTP ${status}).`, status, 'rejected')
  }

  function translate (err: unknown, limit: number, callerSignal?: AbortSignal): BackendError {
    const e = err as { name?: string, code?: string, cause?: { code?: string } }
    if (callerSignal?.aborted) return new BackendError(opts.service, `The call to ${opts.service} was cancelled.`, undefined, 'timeout')
    if (e.name === 'TimeoutError' || e.name === 'AbortError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT') {
      return new BackendError(opts.service, `${didNotAnswer(opts.service, limit)} Check that it is running and not overloaded, then retry.`, undefined, 'timeout')
    }
    if (e.code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') return new BackendError(opts.service, `${opts.service} sent a response larger than allowed.`, undefined, 'bad_response')
    const code = e.code ?? e.cause?.code
    if (code && NETWORK_CODES.has(code)) {
      return new BackendError(opts.service, `${opts.service} is unreachable at ${displayUrl(opts.baseUrl)} (${code}): check that it is running and that ${opts.urlVar} is right.`, undefined, 'unavailable')
    }
    return new BackendError(opts.service, `${opts.service} could not be reached (${code ?? e.name ?? 'error'}).`, undefined, 'unavailable')
  }

  return {
    service: opts.service,
    baseUrl: opts.baseUrl,
    call,
    /** The circuit breaker's state, for /health. */
    circuit: circuit.status,
    /** The deadlines in force (ms), for tests and /health. */
    deadlines: { readMs: readDeadlineMs, writeMs: deadlineMs },
    close: () => agent.close()
  }
}

export type HttpBackend = ReturnType<typeof createHttpBackend>

function sleep (ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => { clearTimeout(t); reject(signal.reason) }, { once: true })
  })
}

/** Result of a background reachability probe, shown by /health and the dashboard. */
export interface ProbeResult {
  service: string
  configured: boolean
  reachable: boolean
  latencyMs?: number
  version?: string
  checkedAt: string
  /** Public error text (never a backend body or a secret). */
  error?: string
}
