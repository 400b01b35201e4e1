// The status messages a person (or a model) reads in check_jobs, the dashboard and the bot.
import { undoAdvice } from '../library/move-state.js'
import { callText } from '../answers/next-calls.js'
import { undoJob } from '../answers/common-calls.js'

export const MESSAGES = {
  queued: 'Waiting for a free slot.',
  running: 'Running.',
  succeeded: 'Finished successfully.',
  cancelledQueued: 'Cancelled before it started; nothing was done.',
  cancelling: 'Cancelling: waiting for the job to stop.',
  cancelledRunning: 'Cancelled while running. Anything it already changed stays changed; check before starting it again.',
  internalError: 'The job failed because of an internal error. It has been logged; try again, and if it keeps failing check the server log.',
  shutdownRunning: 'The server shut down while this job was running, so it stopped before finishing. ' +
    'Check what it already changed, then start it again if it is still needed.',
  shutdownQueued: 'The server shut down before this job started; nothing was done. Start it again if it is still needed.',
  restartRunning: 'The server restarted while this job was running, so it did not finish. ' +
    'Check what it already changed, then start it again if it is still needed.',
  restartQueued: 'The server restarted before this job started; nothing was done. Start it again if it is still needed.',
  shuttingDown: 'The server is shutting down and accepts no new jobs; try again once it is back.'
} as const

/** The job kind of manage_files' move (JOB_KINDS.fileMove in lib/library/run-job.ts). */
export const FILE_MOVE = 'file-move'

/**
 * What a job stopped part-way by a shutdown or restart says. A move must not be "started again" from
 * scratch or cleaned up by hand: the same call continues it into its partial destination, and undo puts
 * back what it moved (the advice its own tool answer gives, lib/library/move-state.ts resumeAdvice).
 */
export function interruptedMessage (record: { id: string, kind: string, inverse?: unknown }, why: 'shutdownRunning' | 'restartRunning'): string {
  if (record.kind !== FILE_MOVE) return MESSAGES[why]
  const event = why === 'shutdownRunning' ? 'shut down' : 'restarted'
  // An undo job's log names the job it puts back (lib/fs/move-log.ts): it is finished by the same undo, not a move.
  const undoes = (record.inverse as { undoes?: unknown } | undefined)?.undoes
  if (typeof undoes === 'string') {
    return `The server ${event} while this undo was running, so it stopped part-way. ` +
      undoAdvice(record.id, undoes)
  }
  return `The server ${event} while this move was running, so it stopped part-way. ` +
    'To finish, send the same manage_files move again (the same paths and destination): it continues into its partial destination. ' +
    `To put back what was moved instead: ${callText(undoJob(record.id))}.`
}

export function failedMessage (error: string): string {
  return `Failed: ${error}`
}
