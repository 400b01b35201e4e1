// The /api/dashboard/signins routes, declared as data (see ../kit/api-route.ts): who is signed in as whom, by
// client, and the owner ending one sign-in.
import { Type } from '@sinclair/typebox'
import type { ApiRoute } from '../kit/api-route.js'
import { ApiError } from '../dashboard/schemas.js'
import { SIGN_IN_ID_LENGTH } from '../../../plugins/oauth/signins.js'

const SignInId = Type.String({ pattern: `^[A-Za-z0-9_-]{${SIGN_IN_ID_LENGTH}}$`, description: `The sign-in's id as the list shows it (the first ${SIGN_IN_ID_LENGTH} characters of its grant id; never a token)` })

export const SignInRow = Type.Object({
  id: SignInId,
  clientId: Type.String({ description: 'The client\'s id: a registered id, a metadata document URL or an OAUTH_CLIENTS id (public, not a secret)' }),
  clientName: Type.Optional(Type.String({ description: 'The name the client gave itself (its text: show it as text, never as HTML)' })),
  client: Type.Union([Type.Literal('registered'), Type.Literal('document'), Type.Literal('configured')], { description: 'How the client is known: registered (POST /register), its metadata document, or OAUTH_CLIENTS' }),
  person: Type.Optional(Type.String({ description: 'Whom it signed in as (a NOTIFY_PEOPLE name, or owner); absent: made before NOTIFY_PEOPLE named anyone, the owner\'s' })),
  scopes: Type.Array(Type.String(), { description: 'mcp, and setup for the owner\'s setup sign-ins' }),
  signedInAt: Type.String({ description: 'When it signed in (ISO 8601)' }),
  lastUsedAt: Type.String({ description: 'When it last called the server or refreshed its token (ISO 8601)' }),
  expiresAt: Type.String({ description: 'When it ends unless refreshed (ISO 8601)' }),
  mcpSessions: Type.Integer({ minimum: 0, description: 'Open MCP sessions (2025-era) of this sign-in' }),
  current: Type.Boolean({ description: 'The sign-in this request was made with' })
})

const You = Type.Object({
  person: Type.Optional(Type.String({ description: 'Whom this sign-in is, when it is a person' })),
  owner: Type.Boolean({ description: 'Whether it may end sign-ins (the owner)' })
})

export const SignInParams = Type.Object({ id: SignInId }, { additionalProperties: false })

const tags = ['dashboard']
export const SIGNIN_ROUTES = {
  list: {
    method: 'GET',
    url: '/api/dashboard/signins',
    schema: {
      summary: 'Who is signed in',
      description: 'The live OAuth sign-ins (MCP clients, the dashboard and web chat) by person and client: when each signed in, when it was last used, its open MCP sessions. The owner sees every sign-in; a person their own. No token or secret is ever listed.',
      tags,
      response: { 200: Type.Object({ signIns: Type.Array(SignInRow), you: You }) }
    }
  },
  end: {
    method: 'POST',
    url: '/api/dashboard/signins/:id/end',
    schema: {
      summary: 'End a sign-in (owner)',
      description: 'Ends one sign-in: its tokens are refused from now on (its next call and refresh are told the owner ended it) and its MCP sessions close; the client must sign in again. Only the owner may.',
      tags,
      params: SignInParams,
      response: { 200: Type.Object({ message: Type.String({ description: 'What was ended, for a person' }), signIn: SignInRow, mcpSessionsClosed: Type.Integer({ minimum: 0 }) }), 403: ApiError, 404: ApiError, 409: ApiError, 503: ApiError }
    },
    errors: { 404: 'No live sign-in with that id', 409: 'The id names more than one sign-in' }
  }
} satisfies Record<string, ApiRoute>
