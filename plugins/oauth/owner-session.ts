// Remembered consent is bound to the owner's browser, not to the client_id alone: when the owner
// approves a client with the passphrase, that browser gets an HttpOnly, SameSite=Strict cookie (Secure
// over https) for that client, and only the cookie's hash is kept with the approval. A sign-in that
// does not carry it (another browser that merely learned the client_id) is asked for the passphrase.
import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { randomToken, safeEqual, sha256hex } from '../../lib/secrets.js'
import type { ClientRecord } from './types.js'

/** Browsers (owner sessions) remembered per client; the oldest is forgotten first. */
export const MAX_OWNER_SESSIONS = 5

export interface CookieJar {
  readonly secure: boolean
  /** Set-Cookie value; maxAgeMs 0 clears it. */
  header: (name: string, value: string, maxAgeMs: number) => string
  read: (request: FastifyRequest, name: string) => string | undefined
}

export function cookieJar (issuer: string): CookieJar {
  const secure = issuer.startsWith('https:')
  return {
    secure,
    // __Host- cookies must use Path=/ (and Secure); over http the cookie stays on /authorize.
    header: (name, value, maxAgeMs) => `${secure ? '__Host-' : ''}${name}=${value}; Path=${secure ? '/' : '/authorize'}; Max-Age=${Math.floor(maxAgeMs / 1000)}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
    read: (request, name) => readCookie(request, `${secure ? '__Host-' : ''}${name}`)
  }
}

/** One cookie name per client, so approving a second client in the same browser keeps the first. */
export function ownerCookieName (clientId: string): string {
  return `msmcp_owner_${createHash('sha256').update(clientId).digest('base64url').slice(0, 16)}`
}

/** True when the request comes from a browser the owner approved this client in. */
export function isOwnerBrowser (jar: CookieJar, request: FastifyRequest, client: ClientRecord): boolean {
  const value = jar.read(request, ownerCookieName(client.clientId))
  if (value === undefined) return false
  const hash = sha256hex(value)
  return (client.approvedBy ?? []).some(h => safeEqual(h, hash))
}

/** A fresh owner session for a client: the cookie value to send and the approvals list to store. */
export function newOwnerSession (client: ClientRecord): { value: string, approvedBy: string[] } {
  const value = randomToken(32)
  return { value, approvedBy: [...(client.approvedBy ?? []), sha256hex(value)].slice(-MAX_OWNER_SESSIONS) }
}

function readCookie (request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie
  if (typeof header !== 'string') return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}
