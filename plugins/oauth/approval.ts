// The approval page (OAUTH_APPROVAL_PASSPHRASE set): GET /authorize renders a one-field form for a
// client the owner has not approved yet; POST /authorize checks the passphrase in constant time and
// then approves, remembering the client so later sign-ins are automatic.
// CSRF: the form carries an unguessable request id, bound server-side to the validated request and to
// a cookie set with the page, so a form cannot be replayed from another browser or page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { randomToken, safeEqual, sha256hex } from '../../lib/secrets.js'
import { approve, type AuthorizationRequest } from './authorize.js'
import type { OAuthContext } from './context.js'
import { optional, type Params } from './form.js'
import { renderApprovalPage, renderErrorPage } from './pages.js'
import { LIMITS } from './types.js'

interface Pending { req: AuthorizationRequest, cookieHash: string, expiresAt: number, attempts: number }

export function approvalFlow (app: FastifyInstance, ctx: OAuthContext) {
  const pending = new Map<string, Pending>()
  const secure = ctx.issuer.startsWith('https:')
  const cookieName = secure ? '__Host-msmcp_approval' : 'msmcp_approval'

  const sweep = () => {
    const now = ctx.now()
    for (const [k, p] of pending) if (p.expiresAt <= now) pending.delete(k)
  }

  async function show (req: AuthorizationRequest, reply: FastifyReply) {
    sweep()
    if (pending.size >= LIMITS.pendingApprovals) {
      reply.code(503)
      return renderErrorPage(reply, 'Too many approvals are waiting; try again in a few minutes.')
    }
    const requestId = randomToken(32)
    const cookie = randomToken(32)
    pending.set(sha256hex(requestId), { req, cookieHash: sha256hex(cookie), expiresAt: ctx.now() + ctx.lifetimes.approval, attempts: 0 })
    reply.header('set-cookie', `${cookieName}=${cookie}; Path=${secure ? '/' : '/authorize'}; Max-Age=${Math.floor(ctx.lifetimes.approval / 1000)}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`)
    return renderApprovalPage(reply, view(requestId, req))
  }

  app.post('/authorize', async (request, reply) => {
    const params = request.body as Params | undefined
    const requestId = optional(params, 'request_id')
    const entry = requestId ? pending.get(sha256hex(requestId)) : undefined
    if (!requestId || !entry || entry.expiresAt <= ctx.now()) {
      reply.code(400)
      return renderErrorPage(reply, 'This approval request is unknown or has expired. Start the sign-in again from the application.')
    }
    const cookie = readCookie(request, cookieName)
    if (cookie === undefined || !safeEqual(sha256hex(cookie), entry.cookieHash)) {
      reply.code(403)
      return renderErrorPage(reply, 'This approval form was not opened in this browser. Start the sign-in again from the application.')
    }
    const passphrase = optional(params, 'passphrase') ?? ''
    if (!safeEqual(passphrase, ctx.passphrase)) {
      entry.attempts++
      ctx.log.warn({ clientId: entry.req.client.clientId, attempts: entry.attempts }, 'wrong OAuth approval passphrase')
      if (entry.attempts >= LIMITS.approvalAttempts) {
        pending.delete(sha256hex(requestId))
        reply.code(403)
        return renderErrorPage(reply, 'Too many wrong passphrases for this request. Start the sign-in again from the application.')
      }
      reply.code(401)
      return renderApprovalPage(reply, { ...view(requestId, entry.req), error: 'Wrong passphrase. Try again.' })
    }
    pending.delete(sha256hex(requestId))
    const client = await ctx.store.getClient(entry.req.client.clientId)
    if (!client) {
      reply.code(400)
      return renderErrorPage(reply, 'The application\'s registration is gone. Start the sign-in again from the application.')
    }
    const approvedScopes = [...new Set([...client.approvedScopes, ...entry.req.scopes])]
    await ctx.store.saveClient({ ...client, approvedScopes })
    ctx.log.info({ clientId: client.clientId, scopes: approvedScopes }, 'OAuth client approved by the owner')
    reply.header('set-cookie', `${cookieName}=; Path=${secure ? '/' : '/authorize'}; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`)
    return approve(ctx, reply, { ...entry.req, client: { ...client, approvedScopes } })
  })

  return show
}

function view (requestId: string, req: AuthorizationRequest) {
  const target = redirectTarget(req.redirectUri)
  return {
    requestId,
    clientName: req.client.clientName ?? 'An unnamed application',
    clientId: req.client.clientId,
    redirectHost: target.display,
    scopes: req.scopes,
    formTarget: target.csp
  }
}

function redirectTarget (uri: string): { display: string, csp: string } {
  const url = new URL(uri)
  if (url.protocol === 'http:' || url.protocol === 'https:') return { display: url.host, csp: url.origin }
  return { display: `${url.protocol}${url.host ? '//' + url.host : ''} (an application on this device)`, csp: url.protocol }
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
