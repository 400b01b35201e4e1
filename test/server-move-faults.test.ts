// A folder move across filesystems, stopped part-way by the things that stop real servers: SIGTERM from a
// service manager, SIGKILL (a crash), a full library disk. The real server runs in a child process; the media
// root is on another filesystem (/dev/shm) than the downloads root, so the move goes file by file.
// What must hold: a call waiting on the move is answered before the server exits (job id, where the files are,
// how to continue); following the server's advice (the same move again) finishes it with every file whole;
// undo puts everything back; no message advises deleting what the job moved.
import t, { type Test } from 'tap'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connectClient } from './helpers/mcp-client.js'
import { startServerChild, type ServerChildOptions } from './helpers/server-child.js'

const FILES = 16
const SHM = '/dev/shm'
const otherFs = (() => { try { return statSync(SHM).dev !== statSync(tmpdir()).dev } catch { return false } })()
const names = Array.from({ length: FILES }, (_, i) => `part${String(i + 1).padStart(2, '0')}.mkv`)
const content = (name: string) => Buffer.alloc(100_000, name)

interface Call { isError?: boolean, content: Array<{ type: string, text?: string }>, structuredContent?: Record<string, any> }
const text = (r: Call) => r.content.map(c => c.text ?? '').join('\n')

function roots (t: Test, mediaBase: string) {
  const base = mkdtempSync(join(tmpdir(), 'msmcp-faults-'))
  const media = mkdtempSync(join(mediaBase, 'msmcp-faults-media-'))
  t.teardown(() => { rmSync(base, { recursive: true, force: true }); rmSync(media, { recursive: true, force: true }) })
  const downloads = join(base, 'downloads')
  const state = join(base, 'state')
  for (const d of [downloads, state, join(media, 'movies')]) mkdirSync(d, { recursive: true })
  return { media, downloads, state }
}

function batch (downloads: string, folder: string) {
  mkdirSync(join(downloads, folder))
  for (const n of names) writeFileSync(join(downloads, folder, n), content(n))
}

const visible = (dir: string) => existsSync(dir) ? readdirSync(dir).filter(n => !n.startsWith('.')).sort() : []

async function server (t: Test, o: ServerChildOptions) {
  const s = startServerChild(o)
  t.teardown(() => { if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL') })
  const { client } = await connectClient(await s.url)
  const call = async (name: string, args: Record<string, unknown>) => await client.callTool({ name, arguments: args }) as Call
  return { ...s, client, call }
}

/** Starts the move and resolves once at least three files have arrived at the destination. */
async function moveUntilThree (call: (n: string, a: Record<string, unknown>) => Promise<Call>, dest: string, folder: string) {
  const answer = call('manage_files', { action: 'move', paths: [`downloads/${folder}`], destination: 'movies', waitSeconds: 110 })
  answer.catch(() => {})
  for (let i = 0; i < 1_500 && visible(join(dest, folder)).length < 3; i++) await new Promise(resolve => setTimeout(resolve, 20))
  return { answer }
}

function assertWhole (t: Test, dir: string) {
  t.same(visible(dir), names, `all ${FILES} files are in ${dir}`)
  for (const n of visible(dir)) t.same(readFileSync(join(dir, n)), content(n), `${n} is whole`)
  t.same(readdirSync(dir).filter(n => n.startsWith('.')), [], 'no temp leftovers')
}

/** "3 of 16 files of downloads/Batch are in movies/Batch; 13 are still in downloads/Batch" with the real counts. */
function assertAccount (t: Test, message: string, folder: string, dest: string, downloads: string, jobId: string) {
  // A file at both places (killed between publishing the copy and removing the source) counts as not yet moved.
  const left = visible(join(downloads, folder)).length
  const there = visible(join(dest, folder)).filter(n => !existsSync(join(downloads, folder, n))).length
  t.ok(there > 0 && left > 0, `the move stopped part-way (${there} moved, ${left} left)`)
  t.equal(there + left, FILES, 'every file is at one place or the other')
  t.match(message, `${there} of ${FILES} files of downloads/${folder} are in movies/${folder}`)
  t.match(message, `${left} are still in downloads/${folder}`)
  t.match(message, 'manage_files action "move" again with the same paths and destination')
  t.match(message, `manage_files action "undo" with jobId "${jobId}"`)
  t.notMatch(message, /delete/i, 'never advises deleting what the job moved')
}

if (!otherFs) t.plan(0, `needs ${SHM} on another filesystem than ${tmpdir()}`)
else {
  t.test('SIGTERM and SIGKILL mid-move: the waiting call is answered, and the same move again finishes it', async t => {
    const r = roots(t, SHM)
    const dest = join(r.media, 'movies')
    batch(r.downloads, 'Batch')
    batch(r.downloads, 'Crash')
    const o = { ...r, syncDelayMs: 120 }

    const first = await server(t, o)
    const { answer: waiting } = await moveUntilThree(first.call, dest, 'Batch')
    first.child.kill('SIGTERM')
    const answered = await Promise.race([waiting, new Promise<undefined>(resolve => setTimeout(resolve, 9_000))])
    t.ok(answered, 'the call waiting on the move was answered before the server exited')
    t.equal((await first.exited).code, 0, 'the server exited cleanly')
    const job = answered!.structuredContent!.job
    t.equal(job.status, 'interrupted')
    t.match(text(answered!), job.id, 'the answer names the job')
    assertAccount(t, text(answered!), 'Batch', dest, r.downloads, job.id)

    const second = await server(t, o)
    const { answer: crashing } = await moveUntilThree(second.call, dest, 'Crash')
    second.child.kill('SIGKILL')
    await second.exited
    await t.rejects(crashing, 'a call in flight at a crash gets no answer (nothing can send it)')

    const third = await server(t, { ...o, syncDelayMs: 0 })
    const jobs = (await third.call('check_jobs', {})).structuredContent!.items as Array<{ id: string, description: string, status: string, message: string }>
    const crashed = jobs.find(j => j.description.includes('downloads/Crash'))!
    t.equal(crashed.status, 'interrupted')
    assertAccount(t, crashed.message, 'Crash', dest, r.downloads, crashed.id)
    const stopped = (await third.call('check_jobs', { id: job.id })).structuredContent!.items[0]
    assertAccount(t, stopped.message, 'Batch', dest, r.downloads, job.id)

    for (const folder of ['Batch', 'Crash']) {
      const again = await third.call('manage_files', { action: 'move', paths: [`downloads/${folder}`], destination: 'movies', waitSeconds: 60 })
      t.notOk(again.isError, text(again))
      t.equal(again.structuredContent!.job.status, 'succeeded', text(again))
      t.match(text(again), `Continuing the move into movies/${folder}`)
      assertWhole(t, join(dest, folder))
      t.notOk(existsSync(join(r.downloads, folder)), `downloads/${folder} is gone`)
      // Undo of the finishing job puts back every file of the move, those the first job moved too.
      const undo = await third.call('manage_files', { action: 'undo', jobId: again.structuredContent!.job.id, waitSeconds: 60 })
      t.equal(undo.structuredContent!.job.result.restored, FILES, text(undo))
      assertWhole(t, join(r.downloads, folder))
      t.notOk(existsSync(join(dest, folder)), `movies/${folder} is gone after undo`)
    }
    third.child.kill('SIGTERM')
    t.equal((await third.exited).code, 0)
  })

  t.test('a source taken away mid-move: the job says what happened and where every file is', async t => {
    const r = roots(t, SHM)
    const dest = join(r.media, 'movies')
    batch(r.downloads, 'Race')
    const s = await server(t, { ...r, syncDelayMs: 120 })
    const { answer } = await moveUntilThree(s.call, dest, 'Race')
    const second = await s.call('manage_files', { action: 'move', paths: ['downloads/Race'], destination: 'tv', createFolder: true, waitSeconds: 0 })
    t.ok(second.isError, 'a second move of the same source is refused while the first runs')
    t.match(text(second), /downloads\/Race is being moved by job \S+ right now; nothing was changed/)
    // Something outside the server (another program) takes the rest of the folder.
    renameSync(join(r.downloads, 'Race'), join(r.downloads, 'Taken'))
    const failed = await answer
    const job = failed.structuredContent!.job
    t.equal(job.status, 'failed', text(failed))
    t.notMatch(text(failed), /internal error/)
    // The file being copied when the folder went is at both places: its verified copy was published first.
    const there = visible(join(dest, 'Race')).length
    const taken = visible(join(r.downloads, 'Taken')).filter(n => !existsSync(join(dest, 'Race', n))).length
    t.same(new Set([...visible(join(dest, 'Race')), ...visible(join(r.downloads, 'Taken'))]), new Set(names), 'every file is at the destination or where the other program put it')
    t.match(job.error, /^The move stopped part-way: downloads\/Race\/part\d+\.mkv was no longer there \(something else, such as another move, took it while this job ran\)\./)
    t.match(job.error, `${there} of ${FILES} files of downloads/Race are in movies/Race; ${taken} are at neither place (moved or deleted by something else).`)
    t.match(job.error, `manage_files action "undo" with jobId "${job.id}"`)
    t.notMatch(job.error, /Nothing is lost/, 'claims nothing about files something else took')
    t.notMatch(job.error, /delete /i)
    s.child.kill('SIGTERM')
    await s.exited
  })

  t.test('a full library disk mid-move: the job says so and where every file is; undo puts them back', async t => {
    const r = roots(t, tmpdir())
    const wrap = ['unshare', '--mount', '--propagation', 'private', 'sh', '-c', 'mount -t tmpfs -o size=1m tmpfs "$0" && mkdir "$0/movies" && exec "$@"', r.media]
    try {
      execFileSync(wrap[0], [...wrap.slice(1, 6), 'mount -t tmpfs -o size=1m tmpfs "$0"', r.media])
    } catch {
      t.plan(0, 'needs unshare and mount (root) for a small tmpfs; test/lib/library/move-stop.test.ts covers the message without it')
      return
    }
    batch(r.downloads, 'Full')
    const s = await server(t, { ...r, wrap })
    // The test sees the tmpfs through the server's own mount namespace.
    const dest = join(`/proc/${s.child.pid}/root`, r.media, 'movies')
    const failed = await s.call('manage_files', { action: 'move', paths: ['downloads/Full'], destination: 'movies', waitSeconds: 60 })
    const job = failed.structuredContent!.job
    t.equal(job.status, 'failed', text(failed))
    t.notMatch(text(failed), /internal error/)
    const there = visible(join(dest, 'Full')).length
    const left = visible(join(r.downloads, 'Full')).length
    t.ok(there > 0 && left > 0 && there + left === FILES, `stopped part-way with every file at one place (${there} + ${left})`)
    t.match(job.error, 'The move stopped part-way: the disk holding movies/Full is full (no space left).')
    t.match(job.error, `${there} of ${FILES} files of downloads/Full are in movies/Full; ${left} are still in downloads/Full.`)
    t.match(job.error, 'Free space on that disk first.')
    t.match(job.error, 'Nothing is lost.')
    t.match(job.error, `manage_files action "undo" with jobId "${job.id}"`)
    t.notMatch(job.error, /delete /i)
    t.same(readdirSync(join(dest, 'Full')).filter(n => n.startsWith('.')), [], 'no partial copy left behind')
    const undo = await s.call('manage_files', { action: 'undo', jobId: job.id, waitSeconds: 60 })
    t.equal(undo.structuredContent!.job.result.restored, there, text(undo))
    assertWhole(t, join(r.downloads, 'Full'))
    s.child.kill('SIGTERM')
    await s.exited
  })
}
