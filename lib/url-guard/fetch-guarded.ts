// Fetches a checked URL through the guarded Agent: redirects are followed by hand (at most 5 hops), and each
// Location goes through the full URL check again. A torrent link that redirects to a magnet returns the
// checked magnet instead of a body.
import { fetch, type Dispatcher } from 'undici'
import { GuardError, ToolError } from '../../core/errors.js'
import type { UrlUse } from '../../core/tool-types.js'
import { BLOCKED_CODE } from './guarded-dispatcher.js'
import { refuseUrl } from './refuse.js'

export const MAX_REDIRECTS = 5
const REDIRECTS = new Set([301, 302, 303, 307, 308])

export interface FetchGuardedOptions {
  use: UrlUse
  /** Response bodies larger than this are refused. */
  maxBytes: number
  signal?: AbortSignal
  /** Total deadline for all hops and the body (default 60 s). */
  timeoutMs?: number
  accept?: string
  /** More request headers (a credential for that service): sent to the first URL's origin only, never to a redirect elsewhere. */
  headers?: Record<string, string>
}

export type FetchGuardedResult =
  | { kind: 'body', url: URL, status: number, contentType: string, body: Buffer, cacheControl: string }
  | { kind: 'magnet', url: URL }

type Check = (input: string, use: UrlUse) => Promise<URL>

export async function fetchGuarded (check: Check, dispatcher: Dispatcher, input: string, opts: FetchGuardedOptions): Promise<FetchGuardedResult> {
  let url = await check(input, opts.use)
  if (url.protocol === 'magnet:') return { kind: 'magnet', url }
  const deadline = AbortSignal.timeout(opts.timeoutMs ?? 60_000)
  const signal = opts.signal ? AbortSignal.any([opts.signal, deadline]) : deadline
  const origin = url.origin
  for (let hop = 0; ; hop++) {
    let res: Awaited<ReturnType<typeof fetch>>
    try {
      const extra = url.origin === origin ? opts.headers : undefined
      res = await fetch(url, { dispatcher, redirect: 'manual', signal, headers: { ...extra, accept: opts.accept ?? '*/*' } })
    } catch (err) {
      throw describeFailure(err, url)
    }
    if (REDIRECTS.has(res.status)) {
      await res.body?.cancel()
      const location = res.headers.get('location')
      if (!location) throw new ToolError(`${url.host} answered with a redirect but no Location; the link cannot be downloaded.`)
      if (hop >= MAX_REDIRECTS) throw new ToolError(`${url.host} redirected more than ${MAX_REDIRECTS} times; the link cannot be downloaded.`)
      let next: string
      try {
        next = new URL(location, url).href
      } catch {
        throw new ToolError(`${url.host} redirected to an invalid URL; the link cannot be downloaded.`)
      }
      const checked = await check(next, opts.use)
      if (checked.protocol === 'magnet:') return { kind: 'magnet', url: checked }
      if (url.protocol === 'https:' && checked.protocol === 'http:') {
        refuseUrl(`${url.host} redirected from https to plain http (${checked.host}); the download was stopped.`)
      }
      url = checked
      continue
    }
    if (!res.ok) {
      await res.body?.cancel()
      throw new ToolError(`${url.host} answered HTTP ${res.status}; the file could not be downloaded. Check that the link is still valid.`)
    }
    const body = await readCapped(res, opts.maxBytes, url)
    return { kind: 'body', url, status: res.status, contentType: res.headers.get('content-type') ?? '', body, cacheControl: res.headers.get('cache-control') ?? '' }
  }
}

async function readCapped (res: Awaited<ReturnType<typeof fetch>>, maxBytes: number, url: URL): Promise<Buffer> {
  const tooBig = () => new ToolError(`The file at ${url.host} is larger than ${maxBytes} bytes; it was not downloaded.`)
  const declared = Number(res.headers.get('content-length') ?? NaN)
  if (declared > maxBytes) {
    await res.body?.cancel()
    throw tooBig()
  }
  const chunks: Buffer[] = []
  let total = 0
  try {
    for await (const chunk of res.body ?? []) {
      total += chunk.length
      if (total > maxBytes) throw tooBig()
      chunks.push(Buffer.from(chunk))
    }
  } catch (err) {
    if (err instanceof ToolError) throw err
    throw describeFailure(err, url)
  }
  return Buffer.concat(chunks)
}

/** Turns undici's errors into messages that name the host only (URLs may carry tracker passkeys). */
function describeFailure (err: unknown, url: URL): Error {
  const cause = (err as { cause?: { code?: string, message?: string } }).cause ?? (err as { code?: string, message?: string })
  const name = (err as Error).name
  if (cause?.code === BLOCKED_CODE) return new GuardError('url', `The download from ${url.host} was stopped at connect time: ${cause.message}.`)
  if (name === 'TimeoutError' || name === 'AbortError') return new ToolError(`The download from ${url.host} timed out or was cancelled.`)
  if (cause?.code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') return new ToolError(`The file at ${url.host} is too large; it was not downloaded.`)
  return new ToolError(`Could not download from ${url.host} (${cause?.code ?? 'network error'}).`)
}
