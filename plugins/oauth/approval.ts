// The approval page (OAUTH_APPROVAL_PASSPHRASE set): GET /authorize renders a one-field form unless
// this browser already approved the client; POST /authorize checks the passphrase in constant time
// (behind a per-client and global backoff) and then approves, remembering the approval for this
// browser only (owner-session.ts), so later sign-ins from it are automatic.
// CSRF: the form carries an unguessable request id, bound server-side to the validated request and to
// a cookie set with the page, so a form cannot be replayed from another browser or page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { randomToken, safeEqual, sha256hex } from '../../lib/secrets.js'
import { approve, type AuthorizationRequest } from './authorize.js'
import type { OAuthContext } from './context.js'
import { optional, type Params } from './form.js'
import { cookieJar, newOwnerSession, ownerCookieName } from './owner-session.js'
import { renderApprovalPage, renderErrorPage } from './pages.js'
import { createPassphraseThrottle } from './passphrase-throttle.js'
import { LIMITS } from './types.js'
import { personNamed } from './people.js'

interface Pending { req: AuthorizationRequest, cookieHash: string, expiresAt: number, attempts: number, source: string }

export function approvalFlow (app: FastifyInstance, ctx: OAuthContext) {
  const pending = new Map<string, Pending>()
  const jar = cookieJar(ctx.issuer)
  const throttle = createPassphraseThrottle()
  const cookieName = 'msmcp_approval'

  const sweep = () => {
    const now = ctx.now()
    for (const [k, p] of pending) if (p.expiresAt <= now) pending.delete(k)
  }

  // Pending pages are what a stranger can create: a few per address, and when full the oldest goes
  // (Map order is insertion order), so filling the table never refuses the owner's own sign-in.
  function makeRoom (source: string) {
    const mine = [...pending].filter(([, p]) => p.source === source)
    if (mine.length >= LIMITS.pendingApprovalsPerSource) pending.delete(mine[0][0])
    if (pending.size >= LIMITS.pendingApprovals) pending.delete(pending.keys().next().value!)
  }

  async function show (req: AuthorizationRequest, reply: FastifyReply, request: FastifyRequest) {
    sweep()
    const source = sha256hex(request.ip)
    makeRoom(source)
    const requestId = randomToken(32)
    const cookie = randomToken(32)
    pending.set(sha256hex(requestId), { req, cookieHash: sha256hex(cookie), expiresAt: ctx.now() + ctx.lifetimes.approval, attempts: 0, source })
    reply.header('set-cookie', jar.header(cookieName, cookie, ctx.lifetimes.approval))
    return renderApprovalPage(reply, view(ctx, requestId, req))
  }

  app.post('/authorize', async (request, reply) => {
    const params = request.body as Params | undefined
    const requestId = optional(params, 'request_id')
    const entry = requestId ? pending.get(sha256hex(requestId)) : undefined
    if (!requestId || !entry || entry.expiresAt <= ctx.now()) {
      reply.code(400)
      return renderErrorPage(reply, 'This approval request is unknown or has expired. Start the sign-in again from the application.')
    }
    const cookie = jar.read(request, cookieName)
    if (cookie === undefined || !safeEqual(sha256hex(cookie), entry.cookieHash)) {
      reply.code(403)
      return renderErrorPage(reply, 'This approval form was not opened in this browser. Start the sign-in again from the application.')
    }
    const clientId = entry.req.client.clientId
    const wait = throttle.retryAfter(clientId, ctx.now())
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000)
      reply.code(429).header('retry-after', String(seconds))
      return renderApprovalPage(reply, { ...view(ctx, requestId, entry.req), error: `Too many wrong passphrases. Wait ${seconds} s, then try again.` })
    }
    // With people named, the page asks whom the sign-in is for; a person other than the owner gets no setup scope.
    const chosen = ctx.people.length > 0 ? personNamed(ctx.people, optional(params, 'person')) : undefined
    if (ctx.people.length > 0 && !chosen) {
      reply.code(400)
      return renderApprovalPage(reply, { ...view(ctx, requestId, entry.req), error: 'Choose who is signing in.' })
    }
    // A browser that approved this client before skips the passphrase, except to sign in as the owner: a family
    // computer must not let anyone who opens it pick "owner" (issue 36 item 5).
    const askPassphrase = ctx.passphrase !== '' && (!entry.req.remembered || chosen?.owner === true)
    const passphrase = optional(params, 'passphrase') ?? ''
    if (askPassphrase && !safeEqual(passphrase, ctx.passphrase)) {
      entry.attempts++
      throttle.failed(clientId, ctx.now())
      ctx.log.warn({ attempts: entry.attempts }, 'wrong OAuth approval passphrase')
      if (entry.attempts >= LIMITS.approvalAttempts) {
        pending.delete(sha256hex(requestId))
        reply.code(403)
        return renderErrorPage(reply, 'Too many wrong passphrases for this request. Start the sign-in again from the application.')
      }
      reply.code(401)
      const error = passphrase === '' && entry.req.remembered ? `Signing in as ${chosen?.name ?? 'the owner'} needs the approval passphrase.` : 'Wrong passphrase. Try again.'
      return renderApprovalPage(reply, { ...view(ctx, requestId, entry.req), error })
    }
    pending.delete(sha256hex(requestId))
    throttle.succeeded(clientId)
    const client = await ctx.clients.resolve(clientId).catch(() => undefined)
    if (!client) {
      reply.code(400)
      return renderErrorPage(reply, 'The application\'s registration is gone. Start the sign-in again from the application.')
    }
    const scopes = chosen && !chosen.owner ? entry.req.scopes.filter(s => s !== 'setup') : entry.req.scopes
    if (scopes.length === 0) {
      reply.code(403)
      return renderErrorPage(reply, `Only the owner can grant the setup scope; ${chosen?.name ?? 'this person'} can sign in with the mcp scope. Start the sign-in again from the application.`)
    }
    const person = chosen ? { person: chosen.name } : {}
    if (!askPassphrase) {
      reply.header('set-cookie', jar.header(cookieName, '', 0))
      ctx.log.info({ clientName: client.clientName, person: chosen?.name }, 'OAuth sign-in: person chosen')
      return approve(ctx, reply, { ...entry.req, client, scopes, ...person })
    }
    const approvedScopes = [...new Set([...client.approvedScopes, ...scopes])]
    const owner = newOwnerSession(client)
    const approved = { ...client, approvedScopes, approvedBy: owner.approvedBy }
    await ctx.store.saveClient(approved)
    ctx.log.info({ clientName: client.clientName, scopes: approvedScopes, person: chosen?.name }, 'OAuth client approved by the owner')
    ctx.log.debug({ clientId }, 'approved OAuth client id')
    reply.header('set-cookie', [
      jar.header(cookieName, '', 0),
      jar.header(ownerCookieName(clientId), owner.value, ctx.lifetimes.refresh)
    ])
    return approve(ctx, reply, { ...entry.req, client: approved, scopes, ...person })
  })

  return show
}

function view (ctx: OAuthContext, requestId: string, req: AuthorizationRequest) {
  const target = redirectTarget(req.redirectUri)
  return {
    requestId,
    people: ctx.people.map(p => ({ name: p.name, owner: p.owner, readOnly: p.readOnly })),
    askPassphrase: ctx.passphrase !== '' && req.remembered !== true,
    ownerPassphrase: ctx.passphrase !== '' && req.remembered === true && ctx.people.length > 0,
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
