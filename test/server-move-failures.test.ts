// Ordinary failures in the middle of a folder move across filesystems, on the real server in a child process:
// the source taken away by something else, and a full library disk (a small tmpfs in a private mount namespace,
// where mount is allowed). The job must say what happened and where every file is, never "internal error".
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, renameSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FILES, SHM, assertWhole, batch, heldServer, moveUntilThree, names, otherFs, roots, server, text, visible } from './helpers/move-faults.js'

t.setTimeout(180_000) // two server starts and a slowed move on a shared machine

/** Whether this machine lets the test mount a small tmpfs (unshare and mount, as root). */
function canMountTmpfs (dir: string) {
  try {
    execFileSync('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', 'mount -t tmpfs -o size=1m tmpfs "$0"', dir])
    return true
  } catch { return false }
}

if (!otherFs) t.plan(0, `needs ${SHM} on another filesystem than ${tmpdir()}`)
else {
  // The full-disk test's server loads its modules (most of a start) while the first test runs.
  const full = roots(t, tmpdir())
  const wrap = ['unshare', '--mount', '--propagation', 'private', 'sh', '-c', 'mount -t tmpfs -o size=1m tmpfs "$0" && mkdir "$0/movies" && exec "$@"', full.media]
  const fullServer = canMountTmpfs(full.media) ? heldServer(t, { ...full, wrap }) : undefined

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
    // The file it was on, or the folder when the move noticed at the folder first (which, depends on the machine's
    // speed: the rename lands between two files or in the middle of one).
    t.match(job.error, /^The move stopped part-way: downloads\/Race(\/part\d+\.mkv)? was no longer there \(something else, such as another move, took it while this job ran\)\./)
    t.match(job.error, `${there} of ${FILES} files of downloads/Race are in movies/Race; ${taken} are at neither place (moved or deleted by something else).`)
    t.match(job.error, `manage_files {"action":"undo","jobId":"${job.id}"}`)
    t.notMatch(job.error, /Nothing is lost/, 'claims nothing about files something else took')
    t.notMatch(job.error, /delete /i)
    s.child.kill('SIGTERM')
    await s.exited
  })

  t.test('a full library disk mid-move: the job says so and where every file is; undo puts them back', async t => {
    if (!fullServer) {
      t.plan(0, 'needs unshare and mount (root) for a small tmpfs; test/lib/library/move-stop.test.ts covers the message without it')
      return
    }
    const r = full
    batch(r.downloads, 'Full')
    const s = await fullServer.start()
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
    t.match(job.error, `manage_files {"action":"undo","jobId":"${job.id}"}`)
    t.notMatch(job.error, /delete /i)
    t.same(readdirSync(join(dest, 'Full')).filter(n => n.startsWith('.')), [], 'no partial copy left behind')
    const undo = await s.call('manage_files', { action: 'undo', jobId: job.id, waitSeconds: 60 })
    t.equal(undo.structuredContent!.job.result.restored, there, text(undo))
    assertWhole(t, join(r.downloads, 'Full'))
    s.child.kill('SIGTERM')
    await s.exited
  })
}
