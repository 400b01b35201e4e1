// The /api/dashboard routes, declared as data (see api-route.ts).
import { Type } from '@sinclair/typebox'
import type { ApiRoute } from '../kit/api-route.js'
import { AuditQuery, AuditSection } from './audit.js'
import {
  ActionResult, ActivitySection, ApiError, CancelResult, DownloadsSection, JobParams, JobsSection, JobView,
  LibrarySection, MessageBody, NowPlayingSection, ServicesSection, SessionParams, Snapshot
} from './schemas.js'

const tags = ['dashboard']

const get = (url: string, summary: string, description: string, body: ApiRoute['schema']['response']): ApiRoute =>
  ({ method: 'GET', url, schema: { summary, description, tags, response: body } })

export const DASHBOARD_ROUTES = {
  snapshot: get('/api/dashboard', 'Everything the dashboard shows',
    'Services, downloads, now playing, library and disks, jobs and recent activity in one answer. A backend that is down makes only its own section unavailable (available: false, reason).',
    { 200: Snapshot }),
  services: get('/api/dashboard/services', 'Backend status',
    'Configured, reachable, version and latency of each backend, from the background probe (never probed on this request).',
    { 200: ServicesSection }),
  downloads: get('/api/dashboard/downloads', 'Downloads',
    'What download_status shows, merged: every torrent client, the Usenet client, the direct-download manager and the managers\' queues (name, progress, speed, ETA, state). Each source reports whether it answered.',
    { 200: DownloadsSection }),
  nowPlaying: get('/api/dashboard/now-playing', 'Now playing', 'Media server sessions that are playing something.', { 200: NowPlayingSection }),
  library: get('/api/dashboard/library', 'Library counts and disk use',
    'Item counts per library from the media server (cached for a minute) and disk use of MEDIA_ROOT and DOWNLOADS_ROOT.',
    { 200: LibrarySection }),
  jobs: get('/api/dashboard/jobs', 'Background jobs', 'The newest 50 of the jobs this credential started, with progress, and their running and queued counts.', { 200: JobsSection }),
  activity: get('/api/dashboard/activity', 'Recent activity', 'The media server activity log, newest first.', { 200: ActivitySection }),
  audit: {
    method: 'GET',
    url: '/api/dashboard/audit',
    schema: {
      summary: 'Who did what',
      description: 'The audit trail of changes made through this server (tool calls with effects, confirmations, setup runs, dashboard actions): who, what, targets, outcome, newest first. Arguments are stored with secrets redacted.',
      tags,
      querystring: AuditQuery,
      response: { 200: AuditSection, 503: ApiError }
    }
  } satisfies ApiRoute,
  events: {
    method: 'GET',
    url: '/api/dashboard/events',
    schema: {
      summary: 'Live updates (Server-Sent Events)',
      description: 'text/event-stream: a `snapshot` event at once and every few seconds, a `job` event whenever one of this credential\'s jobs changes, `reconnect` when the stream reaches its maximum age (open a new one), and `shutdown` when the server stops. ' +
        'Send the bearer token in the Authorization header: browsers read this stream with fetch() and a ReadableStream reader, since EventSource cannot send headers. A few streams per credential at most.',
      tags
    },
    events: {
      snapshot: Snapshot,
      job: JobView,
      reconnect: Type.Object({ reason: Type.String() }),
      shutdown: Type.Object({ reason: Type.String() })
    },
    errors: { 429: 'Too many open streams for this credential' }
  } satisfies ApiRoute,
  stopSession: {
    method: 'POST',
    url: '/api/dashboard/sessions/:sessionId/stop',
    schema: { summary: 'Stop playback', description: 'Stops what a media server session is playing.', tags, params: SessionParams, response: { 200: ActionResult, 404: ApiError, 502: ApiError, 503: ApiError } }
  } satisfies ApiRoute,
  messageSession: {
    method: 'POST',
    url: '/api/dashboard/sessions/:sessionId/message',
    schema: { summary: 'Send a message to a player', description: 'Shows a message on the session\'s screen for 10 seconds.', tags, params: SessionParams, body: MessageBody, response: { 200: ActionResult, 404: ApiError, 502: ApiError, 503: ApiError } }
  } satisfies ApiRoute,
  cancelJob: {
    method: 'POST',
    url: '/api/dashboard/jobs/:jobId/cancel',
    schema: { summary: 'Cancel a job', description: 'Cancels a queued job at once, or asks a running one to stop (its status turns cancelled when it has stopped). Only a job this credential started: another\'s answers 404 like an unknown id.', tags, params: JobParams, response: { 200: CancelResult, 404: ApiError, 409: ApiError, 503: ApiError } }
  } satisfies ApiRoute
} satisfies Record<string, ApiRoute>
