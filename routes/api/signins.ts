// /api/dashboard/signins: who is signed in as whom, by client (plugins/oauth/signins.ts), and the owner ending one
// sign-in (issue 36 item 8). The owner is a sign-in acting for no person, or for the person NOTIFY_PEOPLE marks owner
// (core/principal.ts isNonOwnerPerson): the owner sees and ends every sign-in; another person sees their own and
// ends none. Ending is recorded in the audit trail first, like every dashboard action.
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Static } from '@sinclair/typebox'
import { isNonOwnerPerson, type Principal } from '../../core/principal.js'
import type { SignIn } from '../../plugins/oauth/signins.js'
import { auditedAction } from './dashboard/audit.js'
import { apiScope } from './kit/scope.js'
import { SIGNIN_ROUTES as R, type SignInParams } from './signins/routes.js'

const iso = (ms: number) => new Date(ms).toISOString()

export default fp(async function signInRoutes (app) {
  await app.register(apiScope(async function signInsApi (child: FastifyInstance) {
    const openSessions = (s: SignIn) => child.hasDecorator('mcpSessions') ? child.mcpSessions.openFor(s.principalId) : 0

    const row = (s: SignIn, caller: Principal) => ({
      id: s.id,
      clientId: s.clientId,
      ...(s.clientName !== undefined && { clientName: s.clientName }),
      client: s.clientSource,
      ...(s.person !== undefined && { person: s.person }),
      scopes: s.scopes,
      signedInAt: iso(s.signedInAt),
      lastUsedAt: iso(s.lastUsedAt),
      expiresAt: iso(s.expiresAt),
      mcpSessions: openSessions(s),
      current: s.principalId === caller.id
    })

    child.route({
      ...R.list,
      handler: async (request: FastifyRequest) => {
        const caller = request.principal!
        const owner = !isNonOwnerPerson(caller)
        const all = await child.signIns.list()
        const shown = owner ? all : all.filter(s => s.person === caller.person!.name)
        return { signIns: shown.map(s => row(s, caller)), you: { ...(caller.person && { person: caller.person.name }), owner } }
      }
    })

    child.route({
      ...R.end,
      handler: auditedAction(child, 'dashboard.end_signin', async (request: FastifyRequest<{ Params: Static<typeof SignInParams> }>, reply: FastifyReply) => {
        const caller = request.principal!
        if (isNonOwnerPerson(caller)) {
          return reply.code(403).send({ error: 'not_owner', message: `Only the owner can end a sign-in; ${caller.person!.name} is signed in as themselves.`, hint: 'Ask the owner, or sign out on the device itself.' })
        }
        const ended = await child.signIns.end(request.params.id)
        if (!ended.ok) {
          return ended.reason === 'unknown'
            ? reply.code(404).send({ error: 'unknown_signin', message: `No live sign-in has the id ${request.params.id}: it has ended or expired already.`, hint: 'GET /api/dashboard/signins lists the live ones.' })
            : reply.code(409).send({ error: 'ambiguous_signin', message: `More than one sign-in starts with ${request.params.id}; nothing was ended.`, hint: 'Sign the clients out on their devices, or restart the server with OAUTH_STORE=memory.' })
        }
        const shown = row(ended.signIn, caller)
        const closed = child.hasDecorator('mcpSessions') ? child.mcpSessions.closeFor(ended.signIn.principalId) : 0
        const who = `${ended.signIn.clientName ?? ended.signIn.clientId}${ended.signIn.person !== undefined ? ` signed in as ${ended.signIn.person}` : ''}`
        return {
          message: `Ended the sign-in of ${who}${closed > 0 ? ` and closed its ${closed} MCP session(s)` : ''}: its next call is refused, and it must sign in again.`,
          signIn: { ...shown, mcpSessions: 0 },
          mcpSessionsClosed: closed
        }
      })
    })
  }))
}, { name: 'signin-routes', dependencies: ['auth', 'oauth', 'origin-guard', 'audit'] })
