// /api/dashboard/keeps: the household's keeps on leaving-soon titles (lib/library/keeps.ts). Who may do what:
//  - a person is the NOTIFY_PEOPLE name of the Telegram user the internal key (the chat bot) acts for, named in
//    the x-mediastack-actor header (only the internal key may name one, as with MCP's actor meta);
//  - an owner is a sign-in acting for no person (the dashboard's and MCP clients' OAuth sign-ins, the internal
//    key alone): the project's one rule for who the household's owner is (lib/requests/user-map.ts), since each
//    of them was let in by the owner and may already delete titles through the confirmed cleanup.
// A person sees and lifts their own keeps; an owner sees all and overrides one title's keeps through a confirm
// (the project's confirm tokens, bound to the title and fingerprinted on exactly the keeps shown). Every change
// is recorded in the audit trail first.
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Static } from '@sinclair/typebox'
import { GuardError } from '../../core/errors.js'
import { ACTOR_META, actingFor, type Principal } from '../../core/principal.js'
import { asBotPerson } from '../../lib/people/bot-people.js'
import { recordAction } from '../../lib/audit/action.js'
import { AuditUnavailableError, type AuditSource } from '../../lib/audit/store.js'
import { auditPrincipal } from '../../lib/audit/tool-calls.js'
import { KeepStoreError, type Keep } from '../../lib/library/keeps.js'
import { keepStore } from '../../domains/maintenance/watched-keeps.js'
import { auditRefused } from './kit/audit-refused.js'
import { apiScope } from './kit/scope.js'
import { ACTOR_HEADER, KEEP_ROUTES as R, type LiftBody, type LinkBody, type OverrideBody } from './keeps/routes.js'

const OVERRIDE = 'dashboard.keep_override'

interface Caller { principal: Principal, person?: string, owner: boolean }

const row = (k: Keep) => ({ key: k.key, title: k.title, person: k.person, why: k.why, at: k.at })
const lines = (keeps: Keep[]) => keeps.map(k => `${k.title} (kept by ${k.person} since ${k.at.slice(0, 10)})`)

export default fp(async function keepApiRoutes (app) {
  await app.register(apiScope(async function keepsApi (child: FastifyInstance) {
    const store = () => keepStore(child.config.STATE_DIR)

    function callerOf (request: FastifyRequest): Caller {
      const principal = asBotPerson(actingFor(request.principal!, { [ACTOR_META]: request.headers[ACTOR_HEADER] }), child.config.NOTIFY_PEOPLE)
      // A sign-in made for a person (the approval page's choice) is that person; the bot's user is mapped by Telegram id.
      if (principal.person) {
        const owner = principal.person.owner
        const person = owner ? child.notify.personOf({ owner: true }) : principal.person.name
        return { principal, ...(person ? { person } : {}), owner }
      }
      const user = principal.actor ? /^telegram:-?\d{1,20}:(\d{1,20})$/.exec(principal.actor)?.[1] : undefined
      return {
        principal,
        ...(user ? { person: child.notify.personOf({ telegramUser: user }) } : {}),
        owner: principal.actor === undefined
      }
    }

    const refuse = (reply: FastifyReply, status: number, error: string, message: string, hint?: string) =>
      reply.code(status).send({ error, message, ...(hint ? { hint } : {}) })
    const notAPerson = (reply: FastifyReply, c: Caller) => refuse(reply, 403, 'not_a_person',
      c.principal.actor ? `${c.principal.actor} is not a person in NOTIFY_PEOPLE, so it holds no keeps.` : 'A sign-in acting for nobody is the owner\'s: it has no keeps of its own to lift.',
      c.principal.actor ? 'Ask the owner to add you to NOTIFY_PEOPLE (name=telegram:<your user id>).' : 'Override the keep instead (POST /api/dashboard/keeps/override), or lift it from the person\'s own notice.')

    /** Records the change first (503 when it cannot be), then runs it; the outcome follows the answer's status. */
    async function audited (request: FastifyRequest, reply: FastifyReply, c: Caller, what: { source?: AuditSource, action: string, args: object, targets: string[] }, act: () => Promise<unknown>) {
      try {
        return await recordAction(child.audit.store,
          { source: what.source ?? 'dashboard', action: what.action, principal: auditPrincipal(c.principal), args: child.audit.redact(what.args), targets: what.targets },
          act, () => reply.statusCode < 400 ? { outcome: 'ok' } : { outcome: 'refused', error: `answered HTTP ${reply.statusCode}` },
          err => err instanceof KeepStoreError ? err.message : undefined)
      } catch (err) {
        if (err instanceof AuditUnavailableError) return auditRefused(reply, err)
        throw err
      }
    }

    // The keeps file unreadable or unwritable: said as it is, nothing assumed about what it holds.
    const route = <B>(r: typeof R[keyof typeof R], handler: (request: FastifyRequest<{ Body: B }>, reply: FastifyReply) => Promise<unknown>) =>
      child.route<{ Body: B }>({
        ...r,
        handler: async (request, reply) => {
          try {
            return await handler(request, reply)
          } catch (err) {
            if (err instanceof KeepStoreError) return refuse(reply, 503, 'keeps_unavailable', err.message, 'Fix STATE_DIR/keeps.json or its folder\'s permissions, then try again.')
            throw err
          }
        }
      })

    route(R.list, async (request, reply) => {
      const c = callerOf(request)
      if (!c.owner && !c.person) return notAPerson(reply, c)
      const all = await store().all()
      return { keeps: all.filter(k => c.owner || k.person === c.person).map(row), you: { ...(c.person ? { person: c.person } : {}), owner: c.owner } }
    })

    route<Static<typeof LiftBody>>(R.lift, async (request, reply) => {
      const c = callerOf(request)
      if (!c.person) return notAPerson(reply, c)
      const { key } = request.body
      const mine = (await store().all()).find(k => k.key === key && k.person === c.person)
      if (!mine) {
        return refuse(reply, 404, 'no_keep', `You (${c.person}) have no keep on ${key}.`, 'GET /api/dashboard/keeps lists your keeps; another person\'s keep is theirs to lift, or an owner\'s to override.')
      }
      return audited(request, reply, c, { action: 'dashboard.keep_lift', args: { key }, targets: lines([mine]) }, async () => {
        await store().lift(c.person!, key)
        return { message: `Your keep of "${mine.title}" is lifted; it may leave once nobody else keeps it.`, keeps: [row(mine)] }
      })
    })

    route<Static<typeof OverrideBody>>(R.override, async (request, reply) => {
      const c = callerOf(request)
      if (!c.owner) return refuse(reply, 403, 'not_owner', 'Only an owner can override another person\'s keep.', 'A person lifts their own keep (the notice\'s button or link); the owner overrides from the dashboard.')
      const { key, confirmToken } = request.body
      const keeps = (await store().byKey()).get(key) ?? []
      // What the confirm is bound to: these keeps exactly (person, date and why), for this title, by this sign-in.
      const shown = keeps.map(k => ({ person: k.person, at: k.at, why: k.why }))
      const binding = { tool: OVERRIDE, args: { key }, principalId: c.principal.id }
      if (confirmToken === undefined) {
        if (keeps.length === 0) return refuse(reply, 404, 'no_keep', `Nobody keeps ${key}.`, 'GET /api/dashboard/keeps lists the keeps.')
        const { confirmToken: token, expiresAt } = child.confirm.issue(binding, shown)
        return { message: `Override lifts ${keeps.length} keep(s) of "${keeps[0]!.title}": ${lines(keeps).join('; ')}. Send again with confirmToken within 5 minutes to lift exactly these.`, keeps: keeps.map(row), confirmToken: token, expiresAt }
      }
      return audited(request, reply, c, { action: OVERRIDE, args: { key }, targets: lines(keeps) }, async () => {
        try {
          child.confirm.redeem(confirmToken, binding, shown)
        } catch (err) {
          if (!(err instanceof GuardError)) throw err
          return refuse(reply, 409, 'confirm_refused', `Nothing was lifted: ${err.message}`, 'Ask for a new preview (send the key without confirmToken).')
        }
        const lifted = await store().override(key, shown)
        const message = `Lifted ${lifted.length} keep(s) of "${keeps[0]?.title ?? key}": ${lines(lifted).join('; ')}.`
        child.confirm.settle(confirmToken, { content: [{ type: 'text', text: message }] })
        return { message, keeps: lifted.map(row) }
      })
    })

    route<Static<typeof LinkBody>>(R.link, async (request, reply) => {
      const c = callerOf(request)
      if (!c.person) return notAPerson(reply, c)
      const { token, action } = request.body
      const link = await store().linkFor(token)
      if (!link) return refuse(reply, 404, 'unknown_link', 'This keep button is unknown or has expired: nothing was changed.', 'Ask the assistant for the cleanup preview, or ask an owner.')
      const why = request.body.why?.trim() ?? ''
      return audited(request, reply, c, { source: 'notice', action: `keep.${action}`, args: { key: link.key, why }, targets: [`${link.title} (for ${link.person})`] }, async () => {
        // Someone else's notice (forwarded, or pressed in a group): refused, and recorded as refused.
        if (link.person !== c.person) return refuse(reply, 403, 'not_yours', `This notice was for ${link.person}: only they can keep "${link.title}" with it.`, 'Your own leaving-soon notices carry your own Keep button.')
        if (action === 'keep') {
          const result = await store().keep({ key: link.key, title: link.title, person: link.person, why })
          return { result, title: link.title, person: link.person, message: result === 'already' ? `You already keep "${link.title}".` : `Kept "${link.title}" for you; the cleanup leaves it alone until you lift your keep.` }
        }
        const lifted = await store().lift(link.person, link.key)
        return { result: lifted ? 'lifted' : 'none', title: link.title, person: link.person, message: lifted ? `Your keep of "${link.title}" is lifted.` : `You had no keep on "${link.title}".` }
      })
    })
  }))
}, { name: 'keep-api-routes', dependencies: ['auth', 'audit', 'notify', 'confirm-tokens'] })
