// /api/notices: the web chat's "it's ready" notices, scoped to the signed-in credential. GET lists its unread
// notices, the shows it follows and what it waits for; POST /api/notices/read removes notices it has shown;
// POST /api/notices/command runs /follow, /unfollow or /following (the same words as in the bot).
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Type, type Static } from '@sinclair/typebox'
import { isNonOwnerPerson } from '../../core/principal.js'
import { registryRunner } from '../../lib/chat/registry-runner.js'
import { NOTICE_HELP, parseNoticeCommand, runNoticeCommand } from '../../lib/notices/commands.js'
import { targetLabel } from '../../lib/notices/types.js'
import type { ApiRoute } from './kit/api-route.js'
import { apiScope } from './kit/scope.js'
import { ApiError } from './dashboard/schemas.js'

const NoticeId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })

export const ReadBody = Type.Object({
  ids: Type.Array(NoticeId, { minItems: 1, maxItems: 100, description: 'Ids of notices shown to the person' })
}, { additionalProperties: false })

export const CommandBody = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 300, description: '/follow <show>, /unfollow <show> or /following' })
}, { additionalProperties: false })

const NoticesView = Type.Object({
  notices: Type.Array(Type.Object({
    id: Type.String(),
    text: Type.String({ description: 'What is ready (library text: show it as text, never as HTML)' }),
    at: Type.String({ description: 'When it was decided (ISO 8601)' })
  }), { description: 'Unread notices, oldest first' }),
  following: Type.Array(Type.Object({ seriesId: Type.Integer(), title: Type.String() }), { description: 'Shows followed for new episodes' }),
  waitingFor: Type.Array(Type.String(), { description: 'Titles and seasons asked for in the chat, not ready yet' })
})

const tags = ['chat']
export const NOTICE_ROUTES = {
  list: {
    method: 'GET',
    url: '/api/notices',
    schema: {
      summary: 'Your "it\'s ready" notices',
      description: 'Unread notices of the signed-in credential (titles it asked for in the chat that are now imported and playable, new episodes of shows it follows), what it follows and what it waits for. Nobody sees another credential\'s notices.',
      tags,
      response: { 200: NoticesView }
    }
  },
  read: {
    method: 'POST',
    url: '/api/notices/read',
    schema: {
      summary: 'Mark notices read',
      description: 'Removes the given notices (ids from GET /api/notices); ids of other credentials are ignored.',
      tags,
      body: ReadBody,
      response: { 200: Type.Object({ removed: Type.Integer({ description: 'Notices removed' }) }) }
    }
  },
  command: {
    method: 'POST',
    url: '/api/notices/command',
    schema: {
      summary: 'Follow or unfollow a show',
      description: '/follow <show title or series id>, /unfollow <show>, /following; answers with the text to show.',
      tags,
      body: CommandBody,
      response: { 200: Type.Object({ reply: Type.String() }), 400: ApiError }
    },
    errors: { 400: 'Not a notice command' }
  }
} satisfies Record<string, ApiRoute>

export default fp(async function noticeRoutes (app) {
  await app.register(apiScope(async function noticesApi (child: FastifyInstance) {
    const notices = child.notices

    const R = NOTICE_ROUTES
    child.route({
      method: R.list.method,
      url: R.list.url,
      schema: R.list.schema,
      handler: async (request) => {
        const owner = request.principal!.id
        return {
          notices: notices.store.outbox(owner).map(n => ({ id: n.id, text: n.text, at: n.at })),
          following: notices.store.follows(owner).map(f => ({ seriesId: f.seriesId, title: f.title })),
          waitingFor: notices.store.openRequests(owner).map(r => targetLabel(r.target))
        }
      }
    })

    child.route({
      method: R.read.method,
      url: R.read.url,
      schema: R.read.schema,
      handler: async (request: FastifyRequest<{ Body: Static<typeof ReadBody> }>) => {
        return { removed: await notices.store.done(request.principal!.id, request.body.ids) }
      }
    })

    child.route({
      method: R.command.method,
      url: R.command.url,
      schema: R.command.schema,
      handler: async (request: FastifyRequest<{ Body: Static<typeof CommandBody> }>, reply) => {
        const parsed = parseNoticeCommand(request.body.text)
        if (!parsed) return reply.code(400).send({ error: 'unknown_command', message: `"${request.body.text.slice(0, 40)}" is not a notice command.`, hint: NOTICE_HELP })
        const signal = AbortSignal.timeout(60_000)
        // The show is looked up as the caller: a person finds (and so follows) only shows their own media-server user may see.
        const principal = request.principal!
        const person = isNonOwnerPerson(principal) ? principal.person!.name : undefined
        return { reply: await runNoticeCommand(notices, registryRunner(child.tools, principal), principal.id, parsed.command, parsed.arg, signal, person) }
      }
    })
  }))
}, { name: 'notice-routes', dependencies: ['auth', 'origin-guard', 'notices'] })
