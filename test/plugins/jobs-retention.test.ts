// A move left part-way outlives the ordinary job retention: its record is what lets the same move continue into
// its partial destination and undo put the files back, so dropping it after a day (or to make room) would leave a
// folder split between two places with neither way out. Finished moves and other jobs expire as before.
import t from 'tap'
import { newMoveLog } from '../../lib/fs/move-log.js'
import { abortable, makeRegistry, tempDir, tick } from './jobs-helpers.js'

const base = { owner: 'internal', description: 'test job' }
const DAY = 86_400_000
const log = newMoveLog([{ from: '/downloads/Batch', to: '/data/movies/Batch', kind: 'tree', files: ['part01.mkv', 'part02.mkv'] }])

t.test('a move stopped by a shutdown is still there a day after the restart; a finished one is not', async t => {
  let clock = Date.parse('2026-01-01T00:00:00Z')
  const dir = tempDir(t)
  const first = await makeRegistry(t, { dir, now: () => clock })
  const done = first.jobs.start({ ...base, kind: 'file-move', run: async job => { job.setInverse(log); return {} } })
  await first.jobs.wait(done.id, 5_000)
  const other = first.jobs.start({ ...base, kind: 'media-process', run: async () => { throw new Error('ffmpeg failed') } })
  await first.jobs.wait(other.id, 5_000)
  const stopped = first.jobs.start({ ...base, kind: 'file-move', run: job => { job.setInverse(log); return abortable(job.signal) } })
  await tick()
  await first.jobs.close()

  clock += 25 * 3_600_000
  const second = await makeRegistry(t, { dir, now: () => clock })
  t.equal(second.jobs.get(stopped.id)?.status, 'interrupted', 'the stopped move is kept past the 24 h retention')
  t.same(second.jobs.get(stopped.id)?.inverse, log, 'with its move log, so the same move can continue or undo')
  t.equal(second.jobs.get(done.id), undefined, 'a finished move expires as before')
  t.equal(second.jobs.get(other.id), undefined, 'a failed job of another kind expires as before')
  await second.jobs.close()

  clock += 30 * DAY
  const third = await makeRegistry(t, { dir, now: () => clock })
  t.equal(third.jobs.get(stopped.id), undefined, 'held for 30 days, not for ever')
})

t.test('past maxJobs, a move left part-way is dropped after every other finished job', async t => {
  let clock = Date.parse('2026-01-01T00:00:00Z')
  const { jobs } = await makeRegistry(t, { now: () => clock, maxJobs: 3 })
  const failed = jobs.start({ ...base, kind: 'file-move', run: async job => { job.setInverse(log); throw new Error('no space left') } })
  await jobs.wait(failed.id, 5_000)
  const later: string[] = []
  for (let i = 0; i < 4; i++) {
    clock += 1000
    const j = jobs.start({ ...base, kind: 'fast', run: async () => i })
    await jobs.wait(j.id, 5_000)
    later.push(j.id)
  }
  t.same(jobs.list().map(j => j.id).sort(), [failed.id, later[2], later[3]].sort(), 'the oldest job, a failed move, is kept')
})

t.test('an undo left part-way keeps the move it undoes, since finishing it means undoing that move again', async t => {
  let clock = Date.parse('2026-01-01T00:00:00Z')
  const { jobs } = await makeRegistry(t, { now: () => clock })
  const moved = jobs.start({ ...base, kind: 'file-move', run: async job => { job.setInverse(log); return {} } })
  await jobs.wait(moved.id, 5_000)
  const undo = jobs.start({ ...base, kind: 'file-move', run: async job => { job.setInverse({ ...log, undoes: moved.id }); throw new Error('no space left') } })
  await jobs.wait(undo.id, 5_000)
  const unrelated = jobs.start({ ...base, kind: 'file-move', run: async job => { job.setInverse(log); return {} } })
  await jobs.wait(unrelated.id, 5_000)
  clock += 2 * DAY
  jobs.start({ ...base, kind: 'fast', run: async () => 1 }) // starting a job sweeps
  t.equal(jobs.get(undo.id)?.status, 'failed', 'the undo left part-way is kept')
  t.equal(jobs.get(moved.id)?.status, 'succeeded', 'and so is the move it undoes')
  t.equal(jobs.get(unrelated.id), undefined, 'another finished move expires as before')
})
