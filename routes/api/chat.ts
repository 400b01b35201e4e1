// /api/chat: the web chat. POST a message (optionally into an existing conversation) and read the reply
// as Server-Sent Events: text deltas, tool activity, confirmation requests, done or error. Destructive
// actions run only after POST /api/chat/confirm with approve: true from the person; the model never sees
// a confirm token (lib/chat/loop.ts). Conversations are kept here, per credential, bounded by the store.
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Type, type Static } from '@sinclair/typebox'
import { createConversationStore, DEFAULT_LIMITS, type Conversation, type ConversationLimits } from '../../lib/chat/conversations.js'
import { answerConfirmation, sendMessage, type LoopOptions } from '../../lib/chat/loop.js'
import { providersFromConfig } from '../../lib/chat/providers.js'
import { registryRunner } from '../../lib/chat/registry-runner.js'
import type { ChatEvent, LlmProvider, ToolRunResult } from '../../lib/chat/types.js'
import type { ApiRoute } from './kit/api-route.js'
import { openSse } from './kit/sse-stream.js'
import { apiScope } from './kit/scope.js'
import { isNonOwnerPerson } from '../../core/principal.js'

const ConversationId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'From an earlier `conversation` or `done` event; omit to start a new conversation' })

export const ChatBody = Type.Object({
  message: Type.String({ minLength: 1, maxLength: 4000, description: 'What the person wrote' }),
  conversationId: Type.Optional(ConversationId)
}, { additionalProperties: false })

export const ConfirmBody = Type.Object({
  conversationId: ConversationId,
  confirmationId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'The id of the `confirmation` event' }),
  approve: Type.Boolean({ description: 'true runs the previewed action; false declines it' })
}, { additionalProperties: false })

/** The data of each event on the stream (the event name repeats `type`). */
export const CHAT_EVENTS = {
  conversation: Type.Object({ type: Type.Literal('conversation'), conversationId: Type.String() }, { description: 'First event: the conversation this reply belongs to' }),
  text: Type.Object({ type: Type.Literal('text'), delta: Type.String() }, { description: 'A piece of the reply' }),
  tool_start: Type.Object({ type: Type.Literal('tool_start'), id: Type.String(), name: Type.String(), args: Type.Record(Type.String(), Type.Unknown()) }),
  tool_end: Type.Object({ type: Type.Literal('tool_end'), id: Type.String(), name: Type.String(), ok: Type.Boolean(), summary: Type.String(), jobId: Type.Optional(Type.String()) }),
  confirmation: Type.Object({ type: Type.Literal('confirmation'), id: Type.String(), tool: Type.String(), summary: Type.String(), targets: Type.Unknown(), expiresAt: Type.String() }, { description: 'A destructive action waits for the person: answer with POST /api/chat/confirm' }),
  provider_fallback: Type.Object({ type: Type.Literal('provider_fallback'), from: Type.String(), to: Type.String(), reason: Type.String() }),
  done: Type.Object({ type: Type.Literal('done'), conversationId: Type.String() }),
  error: Type.Object({ type: Type.Literal('error'), message: Type.String() }),
  shutdown: Type.Object({ reason: Type.String() }, { description: 'The server is stopping; the reply ends here' })
}

export const ChatStatus = Type.Object({
  configured: Type.Boolean({ description: 'Whether a language model is configured (LLM_PROVIDER_A_API_KEY or LLM_PROVIDER_B_API_KEY)' }),
  message: Type.Optional(Type.String({ description: 'When none is: what to set, to show instead of a suggested question' }))
}, { additionalProperties: false })

const tags = ['chat']
export const CHAT_ROUTES = {
  status: {
    method: 'GET',
    url: '/api/chat/status',
    schema: {
      summary: 'Whether the chat can answer',
      description: 'configured: false when no language model is configured; message then says how to configure one. Checks configuration only, not whether the provider answers.',
      tags,
      response: { 200: ChatStatus }
    }
  },
  send: {
    method: 'POST',
    url: '/api/chat',
    schema: {
      summary: 'Send a chat message',
      description: 'Runs the assistant on the message (tools through the same registry as MCP) and streams the reply as text/event-stream. Read it with fetch() and a stream reader (the bearer goes in the Authorization header).',
      tags,
      body: ChatBody
    },
    events: CHAT_EVENTS,
    errors: { 404: 'Unknown conversation (or one that belongs to another credential)', 429: 'Too many replies in progress for this credential' }
  },
  confirm: {
    method: 'POST',
    url: '/api/chat/confirm',
    schema: {
      summary: 'Answer a confirmation request',
      description: 'approve: true runs the previewed destructive action exactly as previewed; false declines it. The assistant then continues, streamed like POST /api/chat.',
      tags,
      body: ConfirmBody
    },
    events: CHAT_EVENTS,
    errors: { 404: 'Unknown conversation (or one that belongs to another credential)', 429: 'Too many replies in progress for this credential' }
  }
} satisfies Record<string, ApiRoute>

export interface ChatRouteOptions {
  /** Defaults to the providers configured by LLM_PROVIDER_A_* / LLM_PROVIDER_B_*. */
  providers?: LlmProvider[]
  limits?: ConversationLimits
  maxToolRounds?: number
  /** Replies one credential may have streaming at once (default 3). */
  maxStreamsPerPrincipal?: number
}

const NO_PROVIDER = 'No language model is configured: set LLM_PROVIDER_A_API_KEY (an OpenAI-compatible API) or LLM_PROVIDER_B_API_KEY (Gemini) and restart the server.'

export default fp<ChatRouteOptions>(async function chatRoutes (app, opts) {
  await app.register(apiScope(async function chatApi (child: FastifyInstance) {
    const providers = opts.providers ?? providersFromConfig(child.config)
    if (providers.length === 0) child.log.warn('web chat: no language model configured (LLM_PROVIDER_A_API_KEY / LLM_PROVIDER_B_API_KEY)')
    const store = createConversationStore(opts.limits ?? DEFAULT_LIMITS)
    const maxStreams = opts.maxStreamsPerPrincipal ?? 3
    const streaming = new Map<string, number>()

    function unknownConversation (reply: FastifyReply) {
      // Another credential's conversation looks exactly like one that never existed.
      return reply.code(404).header('cache-control', 'no-store').send({ error: 'unknown_conversation', message: 'Unknown conversation.', hint: 'It may have expired; send the message without conversationId to start a new one.' })
    }

    /** Opens the event stream and runs one turn of the loop on it, within the per-credential bound. */
    async function stream (request: FastifyRequest, reply: FastifyReply, conv: Conversation | undefined, turn: (conv: Conversation, opts: LoopOptions) => Promise<void>) {
      const principal = request.principal!
      const open = streaming.get(principal.id) ?? 0
      if (open >= maxStreams) {
        return reply.code(429).header('cache-control', 'no-store').send({ error: 'too_many_streams', message: `${open} replies are already being written for this credential.`, hint: 'Wait for one to finish.' })
      }
      streaming.set(principal.id, open + 1)
      const sse = openSse(child, request, reply)
      const emit = (e: ChatEvent | Static<typeof CHAT_EVENTS.conversation>) => { sse.send(e.type, e) }
      try {
        if (providers.length === 0) { emit({ type: 'error', message: NO_PROVIDER }); return }
        const conversation = conv ?? store.create(principal.id)
        emit({ type: 'conversation', conversationId: conversation.id })
        // A grab or an add asked for in the chat: this credential is told when it is ready (plugins/notices.ts).
        const onToolResult = async (name: string, result: ToolRunResult) => {
          await child.notices.record(principal.id, name, result, isNonOwnerPerson(principal) ? principal.person!.name : undefined).catch(err => { request.log.error({ err }, 'recording a notice request failed') })
        }
        await turn(conversation, { providers, runner: registryRunner(child.tools, principal), store, emit, signal: sse.signal, maxToolRounds: opts.maxToolRounds, onToolResult })
      } catch (err) {
        request.log.error({ err }, 'chat turn failed')
        emit({ type: 'error', message: 'The chat failed because of an internal error.' })
      } finally {
        const left = (streaming.get(principal.id) ?? 1) - 1
        if (left > 0) streaming.set(principal.id, left)
        else streaming.delete(principal.id)
        sse.end()
      }
    }

    child.route({
      method: CHAT_ROUTES.status.method,
      url: CHAT_ROUTES.status.url,
      schema: CHAT_ROUTES.status.schema,
      handler: async (_request, reply): Promise<Static<typeof ChatStatus>> => {
        reply.header('cache-control', 'no-store')
        return providers.length > 0 ? { configured: true } : { configured: false, message: NO_PROVIDER }
      }
    })

    child.route({
      method: CHAT_ROUTES.send.method,
      url: CHAT_ROUTES.send.url,
      schema: CHAT_ROUTES.send.schema,
      handler: async (request: FastifyRequest<{ Body: Static<typeof ChatBody> }>, reply) => {
        const { message, conversationId } = request.body
        const conv = conversationId === undefined ? undefined : store.get(conversationId, request.principal!.id)
        if (conversationId !== undefined && !conv) return unknownConversation(reply)
        await stream(request, reply, conv, (c, o) => sendMessage(c, message, o))
      }
    })

    child.route({
      method: CHAT_ROUTES.confirm.method,
      url: CHAT_ROUTES.confirm.url,
      schema: CHAT_ROUTES.confirm.schema,
      handler: async (request: FastifyRequest<{ Body: Static<typeof ConfirmBody> }>, reply) => {
        const { conversationId, confirmationId, approve } = request.body
        const conv = store.get(conversationId, request.principal!.id)
        if (!conv) return unknownConversation(reply)
        await stream(request, reply, conv, (c, o) => answerConfirmation(c, confirmationId, approve, o))
      }
    })
  }))
}, { name: 'chat-routes', dependencies: ['auth', 'origin-guard', 'tool-registry', 'shutdown', 'notices'] })
