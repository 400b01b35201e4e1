// What a move job says when it stops part-way (lib/library/move-stop.ts), on a real half-moved folder: the cause
// in words, where every file is now, and how to finish or undo; never "internal error", never "delete". The
// server-level tests (test/server-move-faults.test.ts) produce a real full disk where mount is allowed; this
// one needs no privileges.
import t from 'tap'
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { JobHandle } from '../../../core/job-types.js'
import { newMoveLog } from '../../../lib/fs/move-log.js'
import { createPathSandbox } from '../../../lib/sandbox/sandbox.js'
import { stoppedMove } from '../../../lib/library/move-stop.js'
import { makeRoots } from '../../helpers/build.js'

async function halfMoved (t: { teardown: (fn: () => void) => void }) {
  const roots = makeRoots()
  t.teardown(roots.cleanup)
  const files = ['a.mkv', 'b.mkv', 'c.mkv', 'd.mkv', 'e.mkv']
  mkdirSync(join(roots.downloads, 'Batch'))
  mkdirSync(join(roots.media, 'movies/Batch'))
  files.forEach((f, i) => writeFileSync(join(i < 2 ? join(roots.media, 'movies') : roots.downloads, 'Batch', f), f))
  const sandbox = await createPathSandbox({ mediaRoot: roots.media, downloadsRoot: roots.downloads })
  const log = newMoveLog([{ from: join(roots.downloads, 'Batch'), to: join(roots.media, 'movies/Batch'), kind: 'tree', files }])
  return { roots, sandbox, log }
}

const job = (aborted?: Error): JobHandle => {
  const controller = new AbortController()
  if (aborted) controller.abort(aborted)
  return { id: 'job-1234', signal: controller.signal, progress () {}, message () {}, setInverse () {} }
}
const errno = (code: string, path: string) => Object.assign(new Error(`${code}: ${path}`), { code, path })

t.test('a full disk', async t => {
  const { roots, sandbox, log } = await halfMoved(t)
  const err = await stoppedMove(job(), sandbox, log, [{ from: join(roots.downloads, 'Other') }], errno('ENOSPC', join(roots.media, 'movies/Batch/.c.mkv.0123456789ab.msmcp.tmp')))
  t.type(err, Error)
  t.equal((err as Error).message,
    'The move stopped part-way: the disk holding movies/Batch is full (no space left). 2 of 5 files of downloads/Batch are in movies/Batch; 3 are still in downloads/Batch. ' +
    '1 more item was not started: downloads/Other. Free space on that disk first. Nothing is lost. ' +
    'To finish, send the same manage_files move again (the same paths and destination): it continues into movies/Batch. ' +
    'To put back what was moved instead: manage_files {"action":"undo","jobId":"job-1234"}.')
})

t.test('files taken by something else are counted as such, and nothing is claimed about them', async t => {
  const { roots, sandbox, log } = await halfMoved(t)
  renameSync(join(roots.downloads, 'Batch'), join(roots.downloads, 'Elsewhere'))
  const err = await stoppedMove(job(), sandbox, log, [], errno('ENOENT', join(roots.downloads, 'Batch/c.mkv'))) as Error
  t.match(err.message, /^The move stopped part-way: downloads\/Batch\/c\.mkv was no longer there \(something else, such as another move, took it while this job ran\)\. /)
  t.match(err.message, '2 of 5 files of downloads/Batch are in movies/Batch; 3 are at neither place (moved or deleted by something else).')
  t.notMatch(err.message, /Nothing is lost|\bdelete\b/i)
})

t.test('permission, read-only and other disk errors say which and where', async t => {
  const { roots, sandbox, log } = await halfMoved(t)
  const target = join(roots.media, 'movies/Batch/c.mkv')
  for (const [code, said] of [['EACCES', 'the server may not change movies/Batch/c.mkv (permission denied)'], ['EROFS', 'movies/Batch/c.mkv is on a read-only filesystem'], ['EIO', 'the disk reported EIO on movies/Batch/c.mkv']]) {
    const err = await stoppedMove(job(), sandbox, log, [], errno(code, target)) as Error
    t.match(err.message, `The move stopped part-way: ${said}.`, code)
    t.notMatch(err.message, /internal error/)
  }
})

t.test('a stop by shutdown names it; a bug stays a bug (logged as one by the registry)', async t => {
  const { sandbox, log } = await halfMoved(t)
  const stopped = await stoppedMove(job(new Error('The server is shutting down')), sandbox, log, [], new Error('aborted')) as Error
  t.match(stopped.message, /^The move stopped part-way \(The server is shutting down\)\. 2 of 5 files/)
  const bug = new TypeError('x is not a function')
  t.equal(await stoppedMove(job(), sandbox, log, [], bug), bug)
})
