// Issue 34 item 9: movie_grab / series_grab with replaceExisting remove the replaced download with its data after
// the new grab, and the answer says what the look after that found, not what the manager answered: its data gone
// ("deleted its data (1 file …)"), still on disk (named, with the manage_files call that deletes it), still queued
// (named, with the cancel_downloads call), or gone though the manager's answer was lost (done, not an error after
// a grab that happened). Radarr's DELETE /queue/{id}?removeFromClient=true passes "with its data" to its download
// client (v6.0.3.10276 src/Radarr.Api.V3/Queue/QueueController.cs Remove → downloadClient.RemoveItem(item, true));
// the simulator has no client behind it, so its data stays unless a test deletes it as a client would.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { ToolError } from '../../../core/errors.js'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { ok, text } from '../../helpers/results.js'

t.setTimeout(180_000)
const s = await startServarrStack(t, { sim: { downloadMs: 600_000 } })
const movie = [...s.radarr.state.library.movies.values()].find(m => m.title === 'The Quiet Orbit')!
const releases = await s.app.backends.radarr.releases({ movieId: movie.id })
ok(await s.call('movie_grab', { id: movie.id, idType: 'movieId', guid: releases[0].guid, indexerId: releases[0].indexerId }))
const client = s.app.backends.radarr
const original = client.deleteQueueItem.bind(client)
t.afterEach(() => { client.deleteQueueItem = original })

/** The download queued for the movie now, with 1 file of 4 KiB in its own folder under downloads/complete. */
function queuedWithData (name: string) {
  const q = s.radarr.state.queue.find(x => x.movieId === movie.id)!
  const folder = join(s.roots.downloads, 'complete', name)
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'orbit.mkv'), Buffer.alloc(4096))
  q.outputPath = `/downloads/complete/${name}`
  return { q, folder, shown: `downloads/complete/${name}` }
}

// Each replace grabs the other release, so the one queued is always the one replaced.
let turn = 1
async function replaceIt () {
  const r = releases[turn]!
  turn = 1 - turn
  const args = { id: movie.id, idType: 'movieId', guid: r.guid, indexerId: r.indexerId, replaceExisting: true }
  const preview = ok(await s.call('movie_grab', args)).confirmation
  return await s.call('movie_grab', { ...args, confirmToken: preview.confirmToken })
}

t.test('the manager said yes and the data stayed: named as still there, with the call that deletes it', async t => {
  const { q, folder, shown } = queuedWithData('Orbit.Kept')
  const done = await replaceIt()
  const result = ok(done)
  t.ok(existsSync(folder), 'no download client deleted it')
  t.notOk(s.radarr.state.queue.some(x => x.id === q.id), 'the manager no longer queues it')
  t.same(result.replaced, [{ queueId: q.id, title: q.title, downloadId: q.downloadId }], 'replaced: the queue no longer holds it')
  t.notMatch(text(done), /deleted (its|their) data/, 'no deletion claimed')
  t.match(text(done), `Replaced 1 earlier download. Asked the movie manager to delete the data of "${q.title}" (movies:${q.id}), but 1 file (4.0 KiB) is still in "${shown}".`)
  t.same(result.verified, { gone: [], stillThere: [{ path: shown, files: 1, bytes: 4096 }], notDone: [], unknown: [] })
  t.same(result.next.map((n: { tool: string, arguments: unknown }) => [n.tool, n.arguments]), [['manage_files', { action: 'delete', paths: [shown] }]])
})

t.test('the data went with it: "deleted its data" with what the preview counted', async t => {
  const { q, folder, shown } = queuedWithData('Orbit.Gone')
  client.deleteQueueItem = async (...a: Parameters<typeof original>) => {
    const answer = await original(...a)
    rmSync(folder, { recursive: true })
    return answer
  }
  const done = await replaceIt()
  t.match(text(done), /^Grabbed a release for .+\. Replaced 1 earlier download and deleted its data \(1 file \(4\.0 KiB\)\)\. It is in the queue/)
  t.same(ok(done).verified, { gone: [shown], stillThere: [], notDone: [], unknown: [] })
  t.notOk(ok(done).next, 'nothing left to do')
  t.notOk(s.radarr.state.queue.some(x => x.id === q.id))
})

t.test('an answer lost after the manager removed it reads as what the next look shows, not as a failed grab', async t => {
  const { q, folder } = queuedWithData('Orbit.Lost')
  client.deleteQueueItem = async (...a: Parameters<typeof original>) => {
    await original(...a)
    rmSync(folder, { recursive: true })
    throw new ToolError('Radarr did not answer within 10 s.')
  }
  const done = await replaceIt()
  const result = ok(done)
  t.match(text(done), /Replaced 1 earlier download and deleted its data \(1 file \(4\.0 KiB\)\)\./)
  t.same(result.replaced.map((r: { queueId: number }) => r.queueId), [q.id])
  t.same(result.verified.unknown, [])
})

t.test('a manager that refused: the download is named as still queued, with the call that cancels it', async t => {
  const { q, folder, shown } = queuedWithData('Orbit.Refused')
  client.deleteQueueItem = async () => { throw new ToolError('Radarr refused the request (HTTP 500).') }
  const done = await replaceIt()
  const result = ok(done)
  t.ok(existsSync(folder))
  t.ok(s.radarr.state.queue.some(x => x.id === q.id), 'still queued')
  t.match(text(done), /^Grabbed a release for .+\. /, 'the grab that happened is said')
  t.notMatch(text(done), /Replaced/)
  t.match(text(done), `"${q.title}" (movies:${q.id}) is still in the queue, with its data (Radarr refused the request (HTTP 500).)`)
  t.same(result.replaced, [])
  t.same(result.verified, { gone: [], stillThere: [{ path: shown, files: 1, bytes: 4096 }], notDone: [`movies:${q.id}`], unknown: [] })
  t.same(result.next.map((n: { tool: string, arguments: unknown }) => [n.tool, n.arguments]), [['cancel_downloads', { action: 'cancel', ids: [`movies:${q.id}`], deleteFiles: true }]])
  s.radarr.state.queue.splice(s.radarr.state.queue.indexOf(q), 1)
})
