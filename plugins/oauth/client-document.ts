// Client ID Metadata Documents (MCP authorization 2025-11-25 and 2026-07-28, "Client ID Metadata Documents";
// draft-ietf-oauth-client-id-metadata-document): a client whose client_id is an https URL is described by the
// JSON document at that URL. The document is fetched through the URL guard (public addresses only, every
// redirect re-checked), capped in size and time, cached as its HTTP caching headers allow, and must name itself.
// A CIMD client takes no slot in the client store: it is read from its document whenever it is needed.
import { GuardError } from '../../core/errors.js'
import { checkRedirectUri, MAX_REDIRECT_URIS } from '../../core/redirect-uri.js'
import type { ClientRecord } from './types.js'

/** The draft recommends a small cap (5 KB); a document larger than this is refused, not truncated. */
export const MAX_DOCUMENT_BYTES = 5 * 1024
export const DOCUMENT_TIMEOUT_MS = 5_000
/** Caching bounds: a document without caching headers is kept this long; none longer than a day. */
export const DEFAULT_DOCUMENT_TTL_MS = 5 * 60_000
export const MAX_DOCUMENT_TTL_MS = 24 * 3600_000
const MAX_CACHED = 100
const MAX_NAME = 200

/** Why a client_id URL or its document cannot be used; the message is safe to show on the error page. */
export class ClientDocumentError extends Error {}

/** What fetching a document answered: its bytes and the Cache-Control header, or a thrown guard/HTTP error. */
export interface FetchedDocument {
  body: Buffer
  cacheControl?: string
}
export type DocumentFetcher = (url: string, opts: { maxBytes: number, timeoutMs: number }) => Promise<FetchedDocument>

/** True when a client_id is meant as a metadata document URL (an https URL); anything else is a registered id. */
export function isDocumentClientId (clientId: string): boolean {
  return clientId.startsWith('https://')
}

/**
 * The client_id URL rules of the draft (§3): https, a path, no fragment, no user information, no dot segments.
 * A query is allowed by the draft but discouraged; we accept none, so one client has one identifier.
 */
export function documentUrlProblem (clientId: string): string | undefined {
  if (clientId.length > 2000) return 'the client_id URL is longer than 2000 characters'
  let url: URL
  try {
    url = new URL(clientId)
  } catch {
    return 'the client_id is not a valid URL'
  }
  if (url.protocol !== 'https:') return 'a client_id URL must use https://'
  if (url.username !== '' || url.password !== '' || /^https:\/\/[^/?#]*@/i.test(clientId)) return 'a client_id URL must not contain a user name or password'
  if (clientId.includes('#')) return 'a client_id URL must not have a fragment (#...)'
  if (clientId.includes('?')) return 'a client_id URL must not have a query (?...)'
  if (url.pathname === '/' || url.pathname === '') return 'a client_id URL must have a path (e.g. https://example.com/client.json)'
  if (/(^|\/)\.\.?(\/|$)/.test(clientId.slice(url.origin.length))) return 'a client_id URL must not contain . or .. path segments'
  if (url.href !== clientId) return 'the client_id URL is not in its normal form (lowercase scheme and host, no default port, encoded path)'
  return undefined
}

/** Validates a fetched document into the client it describes (draft §4: client_id must equal the URL). */
export function clientFromDocument (clientId: string, body: Buffer): ClientRecord {
  let doc: unknown
  try {
    doc = JSON.parse(body.toString('utf8'))
  } catch {
    throw new ClientDocumentError('The application\'s client metadata document is not valid JSON.')
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new ClientDocumentError('The application\'s client metadata document is not a JSON object.')
  const meta = doc as Record<string, unknown>
  if (meta.client_id !== clientId) throw new ClientDocumentError('The application\'s client metadata document names a different client_id than the URL it was fetched from.')
  const uris = meta.redirect_uris
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS) {
    throw new ClientDocumentError(`The application's client metadata document must list 1 to ${MAX_REDIRECT_URIS} redirect_uris.`)
  }
  for (const uri of uris) {
    const problem = checkRedirectUri(uri)
    if (problem) throw new ClientDocumentError(`The application's client metadata document has an invalid redirect URI: ${problem}.`)
  }
  const method = meta.token_endpoint_auth_method ?? 'none'
  // A document is public, so it cannot carry a shared secret (draft §4.1): only public clients are accepted here.
  if (method !== 'none') throw new ClientDocumentError(`The application's client metadata document asks for token_endpoint_auth_method "${String(method)}"; this server accepts metadata-document clients as public clients ("none") only.`)
  const grants = meta.grant_types ?? ['authorization_code', 'refresh_token']
  if (!Array.isArray(grants) || !grants.includes('authorization_code')) throw new ClientDocumentError('The application\'s client metadata document must allow the authorization_code grant.')
  const name = typeof meta.client_name === 'string' ? meta.client_name.replace(/[\p{Cc}\p{Cf}]/gu, ' ').trim().slice(0, MAX_NAME) : ''
  return {
    clientId,
    authMethod: 'none',
    redirectUris: [...new Set(uris as string[])],
    grantTypes: grants.includes('refresh_token') ? ['authorization_code', 'refresh_token'] : ['authorization_code'],
    ...(name !== '' ? { clientName: name } : {}),
    createdAt: 0,
    lastUsedAt: 0,
    approvedScopes: [],
    source: 'document',
    used: true
  }
}

/** How long a document may be kept: Cache-Control max-age within bounds; no-store/no-cache keep it for this request only. */
export function documentTtl (cacheControl: string | undefined): number {
  const cc = (cacheControl ?? '').toLowerCase()
  if (/(^|,)\s*(no-store|no-cache)\s*(,|$)/.test(cc)) return 0
  const maxAge = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?/.exec(cc)
  if (!maxAge) return DEFAULT_DOCUMENT_TTL_MS
  return Math.min(Number(maxAge[1]) * 1000, MAX_DOCUMENT_TTL_MS)
}

/** Fetches and caches documents; concurrent sign-ins of one client share one fetch. */
export function createDocumentClients (fetcher: DocumentFetcher, now: () => number) {
  const cache = new Map<string, { client: ClientRecord, until: number }>()
  const inFlight = new Map<string, Promise<ClientRecord>>()

  async function load (clientId: string): Promise<ClientRecord> {
    let fetched: FetchedDocument
    try {
      fetched = await fetcher(clientId, { maxBytes: MAX_DOCUMENT_BYTES, timeoutMs: DOCUMENT_TIMEOUT_MS })
    } catch (err) {
      throw new ClientDocumentError(fetchFailure(clientId, err))
    }
    const client = clientFromDocument(clientId, fetched.body)
    const ttl = documentTtl(fetched.cacheControl)
    if (ttl > 0) {
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string)
      cache.set(clientId, { client, until: now() + ttl })
    }
    return client
  }

  return {
    /** The client a document describes; throws ClientDocumentError when the URL or the document cannot be used. */
    async get (clientId: string): Promise<ClientRecord> {
      const problem = documentUrlProblem(clientId)
      if (problem) throw new ClientDocumentError(`This application's client_id cannot be used: ${problem}.`)
      const hit = cache.get(clientId)
      if (hit && hit.until > now()) return hit.client
      cache.delete(clientId)
      let pending = inFlight.get(clientId)
      if (!pending) {
        pending = load(clientId).finally(() => inFlight.delete(clientId))
        inFlight.set(clientId, pending)
      }
      return await pending
    },
    /** The last document read for this client, even when stale, without fetching (undefined when none is kept). */
    peek (clientId: string): ClientRecord | undefined {
      return cache.get(clientId)?.client
    }
  }
}

function fetchFailure (clientId: string, err: unknown): string {
  const host = new URL(clientId).host
  const message = err instanceof Error ? err.message : ''
  const status = /HTTP (\d{3})/.exec(message)?.[1]
  const why = err instanceof GuardError
    ? 'its address is not a public internet address, so it is not fetched'
    : status !== undefined
      ? `it answered HTTP ${status}`
      : /larger than|too large/.test(message)
        ? `it is larger than ${MAX_DOCUMENT_BYTES / 1024} KB`
        : /timed out|cancelled/.test(message)
          ? `it did not answer within ${DOCUMENT_TIMEOUT_MS / 1000} s`
          : /redirect/.test(message)
            ? 'it redirected to a place that is not allowed'
            : 'it could not be reached'
  return `The application's client metadata document at ${host} could not be used: ${why}. The application must publish its metadata document at its client_id URL; nothing was signed in.`
}
