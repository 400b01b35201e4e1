// A folder move across filesystems, stopped part-way by the things that stop real servers: SIGTERM from a
// service manager and SIGKILL (a crash). The real server runs in a child process; the media root is on another
// filesystem (/dev/shm) than the downloads root, so the move goes file by file.
// What must hold: a call waiting on the move is answered before the server exits (job id, where the files are,
// how to continue); following the server's advice (the same move again) finishes it with every file whole;
// undo puts everything back; no message advises deleting what the job moved.
import t from 'tap'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FILES, SHM, assertAccount, assertWhole, batch, heldServer, moveUntilThree, otherFs, roots, server, text } from './helpers/move-faults.js'

t.setTimeout(240_000) // three server starts and a slowed move on a shared machine

if (!otherFs) t.plan(0, `needs ${SHM} on another filesystem than ${tmpdir()}`)
else {
  t.test('SIGTERM and SIGKILL mid-move: the waiting call is answered, and the same move again finishes it', async t => {
    const r = roots(t, SHM)
    const dest = join(r.media, 'movies')
    batch(r.downloads, 'Batch')
    batch(r.downloads, 'Crash')
    const o = { ...r, syncDelayMs: 120 }

    const first = await server(t, o)
    // Each next server loads while the one before works; it starts once that one has exited.
    const next = heldServer(t, o)
    const { answer: waiting } = await moveUntilThree(first.call, dest, 'Batch')
    first.child.kill('SIGTERM')
    // An answer, not the dropped connection a server that exits without answering leaves (as the SIGKILL below).
    const answered = await waiting.catch(() => undefined)
    t.ok(answered, 'the call waiting on the move was answered before the server exited')
    t.equal((await first.exited).code, 0, 'the server exited cleanly')
    const job = answered!.structuredContent!.job
    t.equal(job.status, 'interrupted')
    t.match(text(answered!), job.id, 'the answer names the job')
    assertAccount(t, text(answered!), 'Batch', dest, r.downloads, job.id)

    const second = await next.start()
    const last = heldServer(t, { ...o, syncDelayMs: 0 })
    const { answer: crashing } = await moveUntilThree(second.call, dest, 'Crash')
    second.child.kill('SIGKILL')
    await second.exited
    // The server is gone, so nothing can answer the call now; the SDK client would keep it pending until its 60 s
    // request timeout (it only retries the dropped stream), so the test closes it, as a client giving up would.
    await second.client.close()
    await t.rejects(crashing, 'a call in flight at a crash gets no answer (nothing can send it)')

    const third = await last.start()
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
}
