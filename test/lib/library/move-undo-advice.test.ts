// An undo stopped part-way (a restart, a crash, a cancel) is finished by the same undo again, not by "the same move
// again" (which would be refused: the move it undoes already succeeded) nor by deleting anything. Its job records the
// job it puts back, so check_jobs and the restart message name both ways out.
import t from 'tap'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { JobHandle } from '../../../core/job-types.js'
import { isMoveLog, newMoveLog, type MoveLog } from '../../../lib/fs/move-log.js'
import { interruptedMessage } from '../../../lib/jobs/messages.js'
import { runUndoJob } from '../../../lib/library/move-jobs.js'
import { stoppedMoveNote } from '../../../lib/library/move-state.js'
import { createPathSandbox } from '../../../lib/sandbox/sandbox.js'
import { makeRoots } from '../../helpers/build.js'

const FILES = ['a.mkv', 'b.mkv', 'c.mkv', 'd.mkv']

t.test('an undo that stopped part-way says: undo the original job again, or undo this one; never move, never delete', async t => {
  const roots = makeRoots()
  t.teardown(roots.cleanup)
  const sandbox = await createPathSandbox({ mediaRoot: roots.media, downloadsRoot: roots.downloads })
  // Job "move-1" moved downloads/Batch to movies/Batch; its undo "undo-2" put back two files before it stopped.
  mkdirSync(join(roots.downloads, 'Batch'))
  mkdirSync(join(roots.media, 'movies/Batch'))
  FILES.forEach((f, i) => writeFileSync(join(i < 2 ? roots.downloads : join(roots.media, 'movies'), 'Batch', f), f))
  const moved = newMoveLog([{ from: join(roots.downloads, 'Batch'), to: join(roots.media, 'movies/Batch'), kind: 'tree', files: FILES }])

  // What the undo job records as its own log (run on an already-aborted signal, so it records and stops).
  let recorded: unknown
  const controller = new AbortController()
  controller.abort(new Error('stopped'))
  const handle: JobHandle = { id: 'undo-2', signal: controller.signal, progress () {}, message () {}, setInverse (v) { recorded = v } }
  await runUndoJob(handle, sandbox, moved, 'move-1')
  t.ok(isMoveLog(recorded), 'a move log, so the undo itself can be undone')
  t.equal((recorded as MoveLog).undoes, 'move-1', 'naming the job it puts back')

  const record = { id: 'undo-2', kind: 'file-move', status: 'interrupted' as const, inverse: recorded }
  const restart = interruptedMessage(record, 'restartRunning')
  t.match(restart, 'The server restarted while this undo was running, so it stopped part-way.')
  t.match(restart, 'repeat manage_files {"action":"undo","jobId":"move-1"}')
  t.match(restart, 'manage_files {"action":"undo","jobId":"undo-2"}')
  t.notMatch(restart, /action "move"|delete/i)

  const note = await stoppedMoveNote(sandbox, record)
  t.match(note, '2 of 4 files of movies/Batch are in downloads/Batch; 2 are still in movies/Batch.')
  t.match(note, 'Nothing is lost. To finish putting the files back, repeat manage_files {"action":"undo","jobId":"move-1"}')
  t.notMatch(note, /action "move"|delete/i)

  // A plain move stopped part-way keeps its own advice.
  const move = interruptedMessage({ id: 'move-1', kind: 'file-move', inverse: moved }, 'shutdownRunning')
  t.match(move, 'send the same manage_files move again (the same paths and destination)')
})
