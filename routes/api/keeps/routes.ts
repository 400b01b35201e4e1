// The /api/dashboard/keeps routes, declared as data (see ../kit/api-route.ts): who keeps which leaving-soon
// title, a person lifting their own keep, an owner's override through a confirm, and the bot's one-tap keep.
import { Type } from '@sinclair/typebox'
import type { ApiRoute } from '../kit/api-route.js'
import { ApiError } from '../dashboard/schemas.js'

/** The header in which the internal key (the chat bot) names the Telegram user it acts for. */
export const ACTOR_HEADER = 'x-mediastack-actor'

const Key = Type.String({ minLength: 1, maxLength: 200, description: 'The title\'s key, as GET /api/dashboard/keeps lists it (e.g. Radarr:movie:12)' })

export const KeepRow = Type.Object({
  key: Key,
  title: Type.String({ description: 'The title (library text: show it as text, never as HTML)' }),
  person: Type.String({ description: 'Who keeps it (a name in NOTIFY_PEOPLE)' }),
  why: Type.String({ description: 'Why, in their words (may be empty)' }),
  at: Type.String({ description: 'Since when (ISO 8601)' })
})

const You = Type.Object({
  person: Type.Optional(Type.String({ description: 'The person this sign-in is (NOTIFY_PEOPLE), when it is one' })),
  owner: Type.Boolean({ description: 'Whether this sign-in may override keeps (an owner: a sign-in acting for no person)' })
})

export const LiftBody = Type.Object({ key: Key }, { additionalProperties: false })
export const OverrideBody = Type.Object({
  key: Key,
  confirmToken: Type.Optional(Type.String({ minLength: 20, maxLength: 100, description: 'From the preview answer: lifts exactly the keeps it showed' }))
}, { additionalProperties: false })
export const LinkBody = Type.Object({
  token: Type.String({ minLength: 10, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'The keep token of a leaving-soon notice (its link or its Telegram button)' }),
  action: Type.Union([Type.Literal('keep'), Type.Literal('lift')], { description: 'keep or lift' }),
  why: Type.Optional(Type.String({ maxLength: 300, description: 'keep: why (optional)' }))
}, { additionalProperties: false })

const Done = Type.Object({ message: Type.String({ description: 'What was done, for a person' }), keeps: Type.Array(KeepRow, { description: 'The keeps acted on' }) })

const tags = ['dashboard']
export const KEEP_ROUTES = {
  list: {
    method: 'GET',
    url: '/api/dashboard/keeps',
    schema: {
      summary: 'Who keeps what',
      description: 'The keeps on leaving-soon titles (person, title, why, since when): an owner sees every keep, a person their own. A kept title is not deleted by the watched cleanup.',
      tags,
      response: { 200: Type.Object({ keeps: Type.Array(KeepRow), you: You }), 403: ApiError, 503: ApiError }
    },
    errors: { 503: 'The keeps file cannot be read' }
  },
  lift: {
    method: 'POST',
    url: '/api/dashboard/keeps/lift',
    schema: { summary: 'Lift my keep', description: 'Lifts the signed-in person\'s own keep of a title; another person\'s keep is theirs to lift (an owner overrides it).', tags, body: LiftBody, response: { 200: Done, 403: ApiError, 404: ApiError, 503: ApiError } },
    errors: { 404: 'No keep of yours on that title' }
  },
  override: {
    method: 'POST',
    url: '/api/dashboard/keeps/override',
    schema: {
      summary: 'Override keeps (owner, confirmed)',
      description: 'Without confirmToken: a preview of the keeps on the title and a confirmToken (5 minutes, single use). With it: lifts exactly the keeps the preview showed; refused (409) when they changed since.',
      tags,
      body: OverrideBody,
      response: { 200: Type.Object({ message: Type.String(), keeps: Type.Array(KeepRow), confirmToken: Type.Optional(Type.String()), expiresAt: Type.Optional(Type.String()) }), 403: ApiError, 404: ApiError, 409: ApiError, 503: ApiError }
    },
    errors: { 404: 'Nobody keeps that title', 409: 'The confirm token is stale, used or does not match' }
  },
  link: {
    method: 'POST',
    url: '/api/dashboard/keeps/link',
    schema: {
      summary: 'Keep or lift through a notice\'s token',
      description: 'The chat bot\'s one-tap keep: the internal key names the Telegram user in the x-mediastack-actor header; only the person the notice was for may use its token.',
      tags,
      body: LinkBody,
      response: { 200: Type.Object({ message: Type.String(), result: Type.String({ description: 'added, already, lifted or none' }), title: Type.String(), person: Type.String() }), 403: ApiError, 404: ApiError, 503: ApiError }
    },
    errors: { 404: 'Unknown or expired keep token' }
  }
} satisfies Record<string, ApiRoute>
