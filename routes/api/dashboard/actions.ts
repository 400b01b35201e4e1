// Dashboard actions: stop playback and message a player (media server), cancel a job (job registry).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Static } from '@sinclair/typebox'
import { BackendError } from '../../../core/errors.js'
import { ownsJob } from '../../../core/job-owner.js'
import { toJobView } from './jobs-view.js'
import type { JobParams, MessageBody, SessionParams } from './schemas.js'
import type { SnapshotSource } from './snapshot.js'

type SessionRequest = FastifyRequest<{ Params: Static<typeof SessionParams> }>

/** Maps a media-server failure to a status and a body a person can act on; the hint names the configured server's variables. */
function backendFailure (reply: FastifyReply, err: unknown, sessionId: string, keyVar: string) {
  if (!(err instanceof BackendError)) throw err
  if (err.code === 'not_found') {
    return reply.code(404).send({ error: 'unknown_session', message: `No media server session ${sessionId}.`, hint: 'The session may have ended; refresh the dashboard.' })
  }
  if (err.code === 'not_configured' || err.code === 'unavailable' || err.code === 'timeout') {
    return reply.code(503).send({ error: 'backend_unavailable', message: err.message, hint: 'Check the media server tile on the dashboard.' })
  }
  return reply.code(502).send({ error: 'backend_error', message: err.message, hint: `Check the media server (MEDIA_SERVER_URL) and its credential (${keyVar}).` })
}

export function actionHandlers (app: FastifyInstance, source: SnapshotSource) {
  return {
    async stopSession (request: SessionRequest, reply: FastifyReply) {
      const { sessionId } = request.params
      try {
        await app.backends.mediaServer.stopPlayback(sessionId, { signal: AbortSignal.timeout(10_000) })
      } catch (err) {
        return backendFailure(reply, err, sessionId, app.backends.mediaServer.keyVar)
      }
      source.invalidatePlayback()
      request.log.info({ sessionId, principal: request.principal?.id }, 'dashboard: playback stopped')
      return { ok: true, message: 'Playback stopped.' }
    },

    async messageSession (request: SessionRequest & FastifyRequest<{ Body: Static<typeof MessageBody> }>, reply: FastifyReply) {
      const { sessionId } = request.params
      try {
        await app.backends.mediaServer.sendMessage(sessionId, request.body.text, request.body.header ?? 'Message', { signal: AbortSignal.timeout(10_000) })
      } catch (err) {
        return backendFailure(reply, err, sessionId, app.backends.mediaServer.keyVar)
      }
      return { ok: true, message: 'Message sent.' }
    },

    async cancelJob (request: FastifyRequest<{ Params: Static<typeof JobParams> }>, reply: FastifyReply) {
      const { jobId } = request.params
      const principal = request.principal!
      const principalId = principal.id
      const before = app.jobs.get(jobId)
      // Another credential's job answers as an unknown one, so job ids of others cannot be probed.
      if (!before || !ownsJob(principal, before)) {
        return reply.code(404).send({
          error: 'unknown_job',
          message: `No job with id ${jobId} among the jobs started with this sign-in.`,
          hint: 'Refresh the job list: it shows the jobs this sign-in started. A job started by another application is cancelled there.'
        })
      }
      if (before.status !== 'queued' && before.status !== 'running') {
        return reply.code(409).send({ error: 'job_finished', message: `The job already ended (${before.status}).`, hint: 'Nothing to cancel.' })
      }
      const job = app.jobs.cancel(jobId)!
      request.log.info({ jobId, kind: job.kind, principal: principalId }, 'dashboard: job cancel requested')
      return {
        job: toJobView(job, principalId),
        message: job.status === 'cancelled' ? 'Cancelled before it started.' : 'Cancelling: the job stops at its next checkpoint.'
      }
    }
  }
}
