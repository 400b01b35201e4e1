// The job journal: atomic, private, throttled for progress, survives restarts and corruption.
import t from 'tap'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { JobRecord } from '../../core/job-types.js'
import { JOURNAL_FILE } from '../../lib/jobs/journal.js'
import { MESSAGES } from '../../lib/jobs/messages.js'
import { abortable, deferred, makeRegistry, tempDir, tick } from './jobs-helpers.js'

const base = { owner: 'internal', description: 'Move movies/Heat (1995) to downloads/old' }

function readJournal (dir: string): JobRecord[] {
  return (JSON.parse(readFileSync(join(dir, JOURNAL_FILE), 'utf8')) as { jobs: JobRecord[] }).jobs
}

t.test('every state change is written atomically to a private file', async t => {
  const { jobs, dir } = await makeRegistry(t)
  const j = jobs.start({ ...base, kind: 'move', run: async () => ({ moved: 1 }) })
  await jobs.wait(j.id, 5_000)
  await jobs.flush()
  const saved = readJournal(dir).find(r => r.id === j.id)!
  t.equal(saved.status, 'succeeded')
  t.same(saved.result, { moved: 1 })
  t.equal(statSync(join(dir, JOURNAL_FILE)).mode & 0o777, 0o600)
  t.same(readdirSync(dir).filter(f => f.includes('.tmp')), [], 'no temp file left behind')
})

t.test('progress is throttled, setInverse is written at once', async t => {
  const { jobs, dir } = await makeRegistry(t, { progressThrottleMs: 60_000 })
  const gate = deferred()
  let handle: Parameters<Parameters<typeof jobs.start>[0]['run']>[0] | undefined
  const j = jobs.start({ ...base, kind: 'move', run: async h => { handle = h; await gate.promise } })
  await tick()
  await jobs.flush()
  t.equal(readJournal(dir)[0].status, 'running')
  handle!.progress(40, 'copying 2 of 5')
  // A write a progress update started would be under way now; once the journal is idle it is on disk.
  await jobs.journalIdle()
  t.equal(readJournal(dir)[0].progress, undefined, 'a progress update alone waits for the throttle')
  handle!.setInverse({ moves: [{ from: '/b', to: '/a' }] })
  await jobs.journalIdle() // its write started at once
  t.same(readJournal(dir)[0].inverse, { moves: [{ from: '/b', to: '/a' }] })
  t.equal(readJournal(dir)[0].progress, 40, 'and carries the latest progress with it')
  t.throws(() => handle!.setInverse({ n: 1n }), /JSON-serializable/)
  gate.resolve(undefined)
  await jobs.wait(j.id, 5_000)
})

t.test('a restart marks unfinished jobs interrupted and keeps finished ones', async t => {
  const dir = tempDir(t)
  const first = await makeRegistry(t, { dir })
  const done = first.jobs.start({ ...base, kind: 'a', run: async () => 'ok' })
  await first.jobs.wait(done.id, 5_000)
  const gate = deferred()
  const running = first.jobs.start({ ...base, kind: 'b', run: async h => { h.setInverse({ undo: 'x' }); await gate.promise } })
  const queued = first.jobs.start({ ...base, kind: 'b', run: async () => {} })
  await tick()
  await first.jobs.flush()
  // Simulate a crash: the first registry is never closed; a second one reads what is on disk.
  const second = await makeRegistry(t, { dir })
  const after = second.jobs.get(running.id)!
  t.equal(after.status, 'interrupted')
  t.equal(after.message, MESSAGES.restartRunning)
  t.ok(after.finishedAt)
  t.same(after.inverse, { undo: 'x' }, 'the undo data survives')
  t.equal(second.jobs.get(queued.id)!.status, 'interrupted')
  t.equal(second.jobs.get(queued.id)!.message, MESSAGES.restartQueued)
  t.equal(second.jobs.get(done.id)!.status, 'succeeded')
  t.equal(second.jobs.get(done.id)!.result, 'ok')
  await second.jobs.flush()
  t.equal(readJournal(dir).find(r => r.id === running.id)!.status, 'interrupted', 'the new state is written back')
  gate.resolve(undefined)
})

t.test('a corrupt journal is moved aside and never stops startup', async t => {
  const dir = tempDir(t)
  writeFileSync(join(dir, JOURNAL_FILE), '{"version":1,"jobs":[{"id":')
  const { jobs, lines } = await makeRegistry(t, { dir, now: () => 1_700_000_000_000 })
  t.same(jobs.list(), [])
  t.ok(existsSync(join(dir, `${JOURNAL_FILE}.corrupt-1700000000000`)), 'kept for inspection')
  t.ok(lines.some(l => l.level === 40 && /moved it aside/.test(String(l.msg))), 'a warning says so')
  const j = jobs.start({ ...base, kind: 'k', run: async () => 1 })
  await jobs.wait(j.id, 5_000)
  await jobs.flush()
  t.equal(readJournal(dir).length, 1, 'a fresh journal is written')
})

t.test('malformed records are skipped, the rest is loaded', async t => {
  const dir = tempDir(t)
  const good: JobRecord = { id: 'abcdefghijklmnopqrstuv', kind: 'k', status: 'succeeded', message: 'm', owner: 'o', description: 'd', createdAt: new Date().toISOString(), finishedAt: new Date().toISOString() }
  writeFileSync(join(dir, JOURNAL_FILE), JSON.stringify({ version: 1, jobs: [good, { id: 3 }, { ...good, id: 'x', status: 'exploded' }] }))
  const { jobs, lines } = await makeRegistry(t, { dir })
  t.same(jobs.list().map(j => j.id), [good.id])
  t.ok(lines.some(l => /skipped malformed/.test(String(l.msg))))
})

t.test('an unusable STATE_DIR fails with a clear message', async t => {
  const dir = tempDir(t)
  writeFileSync(join(dir, 'file'), '')
  await t.rejects(makeRegistry(t, { dir: join(dir, 'file', 'state') }), /Cannot read the job journal .*set STATE_DIR to a writable directory/)
})

t.test('close lets aborted runs checkpoint, then records them as interrupted', async t => {
  const { jobs, dir, lines } = await makeRegistry(t, { shutdownGraceMs: 300 })
  const cooperative = jobs.start({
    ...base,
    kind: 'a',
    run: async h => {
      try { await abortable(h.signal) } finally { h.setInverse({ moves: ['partial'] }) }
    }
  })
  // A run that ignores the signal and ends only when the test says: close must not wait for it (it would hang here).
  let finishStubborn: (value: string) => void = () => {}
  const stubborn = jobs.start({ ...base, kind: 'b', run: () => new Promise<string>(resolve => { finishStubborn = resolve }) })
  const finished = jobs.start({ ...base, kind: 'c', run: async () => 'kept' })
  await jobs.wait(finished.id, 5_000)
  await jobs.close()
  t.pass('does not wait for a run that ignores the signal')
  const saved = readJournal(dir)
  const byId = (id: string) => saved.find(r => r.id === id)!
  t.equal(byId(cooperative.id).status, 'interrupted')
  t.equal(byId(cooperative.id).message, MESSAGES.shutdownRunning)
  t.same(byId(cooperative.id).inverse, { moves: ['partial'] }, 'its checkpoint is in the journal')
  t.equal(byId(stubborn.id).status, 'interrupted')
  t.equal(byId(finished.id).status, 'succeeded')
  finishStubborn('late')
  // The late outcome reaches the registry in promise callbacks only: once they have run, it was judged.
  await tick()
  t.ok(lines.some(l => /late job outcome discarded/.test(String(l.msg))), 'the late outcome arrived')
  t.equal(jobs.get(stubborn.id)!.status, 'interrupted', 'its late result is discarded')
  t.equal(readJournal(dir).find(r => r.id === stubborn.id)!.status, 'interrupted')
})

t.test('undo data that arrives after the journal closed is not silently lost', async t => {
  const { jobs, lines } = await makeRegistry(t, { shutdownGraceMs: 50 })
  let handle: Parameters<Parameters<typeof jobs.start>[0]['run']>[0] | undefined
  jobs.start({ ...base, kind: 'k', run: h => { handle = h; return new Promise(() => {}) } })
  await tick()
  await jobs.close()
  handle!.setInverse({ moves: [{ from: '/downloads/late', to: '/data/late' }] })
  t.ok(lines.some(l => l.level === 40 && /kept only in this log line/.test(String(l.msg)) && JSON.stringify(l).includes('/downloads/late')))
})

t.test('a failing write is logged once, jobs keep running, and the next change writes again', async t => {
  const { jobs, dir, lines } = await makeRegistry(t)
  await jobs.flush()
  const { rmSync, mkdirSync } = await import('node:fs')
  rmSync(join(dir, JOURNAL_FILE))
  mkdirSync(join(dir, JOURNAL_FILE, 'blocker'), { recursive: true }) // rename onto a non-empty directory fails
  const a = jobs.start({ ...base, kind: 'k', run: async () => 1 })
  t.equal((await jobs.wait(a.id, 5_000)).status, 'succeeded', 'the job itself is unaffected')
  await jobs.flush()
  t.equal(lines.filter(l => /could not write the job journal/.test(String(l.msg))).length, 1, 'one error per failure streak')
  rmSync(join(dir, JOURNAL_FILE), { recursive: true })
  const b = jobs.start({ ...base, kind: 'k', run: async () => 2 })
  await jobs.wait(b.id, 5_000)
  await jobs.flush()
  t.same(readJournal(dir).map(r => r.id).sort(), [a.id, b.id].sort(), 'the whole history is written once it can be')
  t.ok(lines.some(l => /being written again/.test(String(l.msg))))
})

t.test('an interrupted move says how to continue it or undo it, never to start it again', async t => {
  const dir = tempDir(t)
  const first = await makeRegistry(t, { dir })
  const gate = deferred()
  const move = first.jobs.start({ ...base, kind: 'file-move', run: async h => { h.setInverse({ entries: [] }); await gate.promise } })
  const other = first.jobs.start({ ...base, kind: 'b', run: async () => { await gate.promise } })
  await tick()
  await first.jobs.flush()
  const second = await makeRegistry(t, { dir })
  const message = second.jobs.get(move.id)!.message
  t.match(message, 'send the same manage_files move again (the same paths and destination): it continues into its partial destination')
  t.match(message, `manage_files {"action":"undo","jobId":"${move.id}"}`)
  t.notMatch(message, /start it again|delete/i)
  t.equal(second.jobs.get(other.id)!.message, MESSAGES.restartRunning, 'other kinds keep the general message')
  gate.resolve(undefined)
})
