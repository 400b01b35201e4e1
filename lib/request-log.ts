// What a request log line shows. Every query-string value is replaced by [redacted] (the names stay):
// the query carries client ids, states, codes and, from misconfigured clients, access tokens
// (?access_token= is refused but still arrives), and none of it is needed to read a log. A path that carries a
// token (the keep page's /keep/<token>) loses it too.

export const REDACTED = '[redacted]'

/** Field names whose values are secrets wherever they appear (log lines, audit records). */
export const SECRET_FIELDS = [
  'token', 'apiKey', 'password', 'secret', 'access_token', 'refresh_token', 'code_verifier', 'client_secret', 'confirmToken'
] as const

/** "/authorize?client_id=x&state=y" → "/authorize?client_id=[redacted]&state=[redacted]". */
export function redactQuery (url: string): string {
  const q = url.indexOf('?')
  if (q === -1) return url
  const names = url.slice(q + 1).split('&').filter(p => p !== '').map(p => {
    const eq = p.indexOf('=')
    return `${eq === -1 ? p : p.slice(0, eq)}=${REDACTED}`
  })
  return `${url.slice(0, q)}?${names.join('&')}`
}

/** Routes whose next path segment is a bearer secret: whoever holds it may act with it. */
const TOKEN_ROUTES = new Set(['keep'])

/** "/keep/p6mC…" → "/keep/[redacted]" (job and session ids in other paths stay: they grant nothing alone). */
export function redactPath (url: string): string {
  const q = url.search(/[?#]/)
  const path = q === -1 ? url : url.slice(0, q)
  const parts = path.split('/')
  const shown = parts.map((s, i) => i > 0 && TOKEN_ROUTES.has(parts[i - 1]!) && s !== '' ? REDACTED : s)
  return shown.join('/') + (q === -1 ? '' : url.slice(q))
}

/** Fastify's default request serializer, with the query values and path secrets redacted. */
/** The request fields a log line shows (Fastify's request has them; typed here so lib/ needs no framework). */
export interface LoggedRequest {
  method: string
  url: string
  host?: string
  ip?: string
  socket?: { remotePort?: number }
}

export function serializeRequest (request: LoggedRequest) {
  return {
    method: request.method,
    url: redactQuery(redactPath(request.url)),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort
  }
}
