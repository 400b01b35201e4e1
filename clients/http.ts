// The HTTP core every backend client is built on: one undici Agent per service, a total deadline per call
// (connect + headers + body), retries for GET/HEAD only, a circuit breaker and a concurrency limit per
// service, and errors turned into BackendError with a public message that never echoes a backend body.
import { Agent, request, type Dispatcher } from 'undici'
import {
  BrokenCircuitError, BulkheadRejectedError, ConsecutiveBreaker, bulkhead, circuitBreaker, handleWhen, wrap
} from 'cockatiel'
import { BackendError } from '../core/errors.js'

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
  /** Default total deadline per call (ms). */
  deadlineMs?: number
  concurrency?: number
  /** Response size cap in bytes. */
  maxResponseBytes?: number
}

export interface HttpCall {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE'
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
  const deadlineMs = opts.deadlineMs ?? 15_000
  const agent = new Agent({
    connect: { timeout: 3_000 },
    headersTimeout: 10_000,
    bodyTimeout: 30_000,
    maxResponseSize: opts.maxResponseBytes ?? 20 * 1024 * 1024,
    keepAliveTimeout: 10_000
  })
  // Only infrastructure failures count against the breaker, not 4xx answers.
  const breaker = circuitBreaker(handleWhen(err => err instanceof BackendError && (err.code === 'unavailable' || err.code === 'timeout')), {
    halfOpenAfter: 15_000,
    breaker: new ConsecutiveBreaker(5)
  })
  const policy = wrap(bulkhead(opts.concurrency ?? 8, 64), breaker)

  async function call<T = unknown> (c: HttpCall): Promise<HttpResult<T>> {
    if (opts.configured && !opts.configured()) {
      throw new BackendError(opts.service, `${opts.service} is not configured: set ${opts.keyVar} (see .env.example) and restart.`, undefined, 'not_configured')
    }
    const method = c.method ?? 'GET'
    const attempts = method === 'GET' || method === 'HEAD' ? 3 : 1
    try {
      return await policy.execute(async () => {
        let lastError: unknown
        for (let attempt = 0; attempt < attempts; attempt++) {
          if (attempt > 0) await sleep(150 * 2 ** (attempt - 1) + Math.random() * 100, c.signal)
          try {
            const res = await once<T>(c, method)
            if (RETRY_STATUSES.has(res.status) && attempt < attempts - 1) { lastError = statusError(res.status); continue }
            return res
          } catch (err) {
            lastError = err
            if (!(err instanceof BackendError) || (err.code !== 'unavailable' && err.code !== 'timeout') || c.signal?.aborted) throw err
          }
        }
        throw lastError instanceof BackendError ? lastError : statusError(503)
      })
    } catch (err) {
      if (err instanceof BrokenCircuitError) {
        throw new BackendError(opts.service, `${opts.service} failed several times in a row; calls are paused for about 15 seconds. Check that it is running, then retry.`, undefined, 'unavailable')
      }
      if (err instanceof BulkheadRejectedError) {
        throw new BackendError(opts.service, `${opts.service} is busy with too many requests from this server; retry in a moment.`, undefined, 'unavailable')
      }
      throw err
    }
  }

  async function once<T> (c: HttpCall, method: string): Promise<HttpResult<T>> {
    const url = new URL(opts.baseUrl.replace(/\/+$/, '') + c.path)
    for (const [k, v] of Object.entries(c.query ?? {})) {
      if (v === undefined) continue
      if (Array.isArray(v)) for (const item of v) url.searchParams.append(k, String(item))
      else url.searchParams.set(k, String(v))
    }
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers?.(), ...c.headers }
    let body: string | Buffer | undefined = c.body
    if (c.json !== undefined) { body = JSON.stringify(c.json); headers['content-type'] = 'application/json' } else if (c.contentType) headers['content-type'] = c.contentType
    const limit = c.deadlineMs ?? deadlineMs
    const signal = c.signal ? AbortSignal.any([c.signal, AbortSignal.timeout(limit)]) : AbortSignal.timeout(limit)
    let res: Dispatcher.ResponseData
    try {
      res = await request(url, { method: method as Dispatcher.HttpMethod, headers, body, signal, dispatcher: agent })
      const status = res.statusCode
      if (status === 401 || status === 403) {
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
      return new BackendError(opts.service, `${opts.service} did not answer within ${limit >= 1000 ? `${Math.round(limit / 1000)} s` : `${limit} ms`}. Check that it is running and not overloaded.`, undefined, 'timeout')
    }
    if (e.code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') return new BackendError(opts.service, `${opts.service} sent a response larger than allowed.`, undefined, 'bad_response')
    const code = e.code ?? e.cause?.code
    if (code && NETWORK_CODES.has(code)) {
      return new BackendError(opts.service, `${opts.service} is unreachable at ${opts.baseUrl} (${code}): check that it is running and that ${opts.urlVar} is right.`, undefined, 'unavailable')
    }
    return new BackendError(opts.service, `${opts.service} could not be reached (${code ?? e.name ?? 'error'}).`, undefined, 'unavailable')
  }

  return { service: opts.service, baseUrl: opts.baseUrl, call, close: () => agent.close() }
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
