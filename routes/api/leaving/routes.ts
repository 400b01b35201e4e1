// The /api/dashboard/leaving route, declared as data (see ../kit/api-route.ts): what the watched cleanup marked
// leaving soon and from when each may be deleted.
import { Type } from '@sinclair/typebox'
import type { ApiRoute } from '../kit/api-route.js'
import { ApiError } from '../dashboard/schemas.js'

export const LeavingRow = Type.Object({
  key: Type.String({ description: 'The title\'s key (e.g. Radarr:movie:12), as the keeps list it' }),
  title: Type.String({ description: 'The title (library text: show it as text, never as HTML)' }),
  kind: Type.Optional(Type.Union([Type.Literal('movie'), Type.Literal('series')], { description: 'movie or series (absent on marks made before it was kept)' })),
  year: Type.Optional(Type.Integer({ description: 'The manager\'s year (a series\' first air year)' })),
  markedAt: Type.String({ description: 'When it was marked (ISO 8601)' }),
  deletableFrom: Type.String({ description: 'From when the watched cleanup may propose deleting it (ISO 8601)' })
})

export const LeavingSection = Type.Object({
  items: Type.Array(LeavingRow, { description: 'Soonest first' }),
  windowDays: Type.Integer({ description: 'CLEANUP_LEAVING_SOON_DAYS: days between the mark and the first day it may be deleted' })
})

export const LEAVING_ROUTES = {
  list: {
    method: 'GET',
    url: '/api/dashboard/leaving',
    schema: {
      summary: 'Leaving soon',
      description: 'The titles the watched cleanup marked leaving soon (everyone has watched them) and the day each may be deleted from, soonest first. A person\'s keep or the keep tag holds one back. Read from STATE_DIR, never from a backend.',
      tags: ['dashboard'],
      response: { 200: LeavingSection, 503: ApiError }
    },
    errors: { 503: 'The leaving-soon marks file cannot be read' }
  }
} satisfies Record<string, ApiRoute>
