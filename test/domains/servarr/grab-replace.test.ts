// movie_grab / series_grab with replaceExisting remove the replaced download from the download client with its
// data (issue 24 item 2): the replaced download's data passes the data check in the preview (inside the downloads
// root, not the library, visible here, no other download's data), the preview says what is deleted, and the
// confirmed call deletes exactly that. A replacement the check refuses changes nothing and says how to go on.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { errorText, ok } from '../../helpers/results.js'

t.setTimeout(120_000)
const s = await startServarrStack(t, { sim: { downloadMs: 600_000 } })
const movies = [...s.radarr.state.library.movies.values()]
const movie = movies.find(m => m.title === 'The Quiet Orbit')!
const other = movies.find(m => m.title !== 'The Quiet Orbit' && m.monitored)!
const releases = await s.app.backends.radarr.releases({ movieId: movie.id })
ok(await s.call('movie_releases', { id: movie.id, idType: 'movieId' }))
const first = ok(await s.call('movie_grab', { id: movie.id, idType: 'movieId', guid: releases[0].guid, indexerId: releases[0].indexerId }))
const queued = s.radarr.state.queue.find(q => q.id === first.queueItems[0].queueId)!
const replace = { id: movie.id, idType: 'movieId', guid: releases[1].guid, indexerId: releases[1].indexerId, replaceExisting: true }
const dataFolder = (name: string) => join(s.roots.downloads, 'complete', name)

t.test('a replaced download whose data this server cannot show is not replaced', async t => {
  const unseenAnswer = await s.call('movie_grab', replace)
  const unseen = errorText(unseenAnswer)
  t.match(unseen, /Not deleting the data of ".+" \(movies:\d+\): .*a path this server cannot see/)
  t.match(unseen, /Nothing was changed\..*cancel it, then call movie_grab again without replaceExisting\. Next: cancel it and keep its data: cancel_downloads \{"action":"cancel","ids":\["movies:\d+"\],"deleteFiles":false\}\./)
  t.match(unseenAnswer.structuredContent?.next, [{ tool: 'cancel_downloads', arguments: { action: 'cancel', ids: [`movies:${queued.id}`], deleteFiles: false } }], 'the cancel that keeps the data, as data')
  queued.outputPath = '/data/movies'
  t.match(errorText(await s.call('movie_grab', replace)), /in the media library/)
  t.same(s.radarr.state.queueRemovals, [], 'nothing was removed')
  t.equal(s.radarr.state.queue.length, 1, 'nothing was grabbed')
})

t.test('a replaced download sharing its data with another download is not replaced', async t => {
  const folder = dataFolder('Shared.Data.2020')
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'shared.mkv'), Buffer.alloc(3000))
  const theirs = await s.app.backends.radarr.releases({ movieId: other.id })
  t.ok(await s.app.backends.radarr.grab(theirs[0].guid!, theirs[0].indexerId), 'another movie is downloading')
  const second = s.radarr.state.queue.find(q => q.movieId === other.id)!
  queued.outputPath = '/downloads/complete/Shared.Data.2020'
  second.outputPath = '/downloads/complete/Shared.Data.2020'
  t.match(errorText(await s.call('movie_grab', replace)), new RegExp(`which is also the data of ".+" \\(movies:${second.id}, at "downloads/complete/Shared.Data.2020"\\); deleting it would delete that download's data too`))
  second.outputPath = '/downloads/complete/Shared.Data.2020/shared.mkv'
  t.match(errorText(await s.call('movie_grab', replace)), /which holds the data of ".+" \(movies:\d+, at "downloads\/complete\/Shared.Data.2020\/shared.mkv"\)/)
  t.same(s.radarr.state.queueRemovals, [], 'nothing was removed')
  s.radarr.state.queue.splice(s.radarr.state.queue.indexOf(second), 1)
})

t.test('the preview shows the data deleted with the replaced download, and the confirm deletes exactly that', async t => {
  const folder = dataFolder('Quiet.Orbit.Replaced')
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'orbit.mkv'), Buffer.alloc(4000))
  queued.outputPath = '/downloads/complete/Quiet.Orbit.Replaced'
  const preview = ok(await s.call('movie_grab', replace)).confirmation
  t.match(preview.summary, /Remove 1 queued download for .+ from the download client and DELETE its downloaded data from disk \(".+"; data: 1 file \(.+\) in "downloads\/complete\/Quiet\.Orbit\.Replaced"/)
  t.same(preview.targets.replace[0].data, { path: 'downloads/complete/Quiet.Orbit.Replaced', folder: true, uncompared: ['Torrent client'] }, 'the token binds the folder, not its byte count')
  // The download moved to another folder since the preview: not what the person agreed to delete.
  const moved = dataFolder('Quiet.Orbit.Replaced.REPACK')
  mkdirSync(moved, { recursive: true })
  queued.outputPath = '/downloads/complete/Quiet.Orbit.Replaced.REPACK'
  t.match((await s.call('movie_grab', { ...replace, confirmToken: preview.confirmToken })).content[0].text, /changed since the preview/, 'another folder refuses the token')
  t.same(s.radarr.state.queueRemovals, [])
  t.equal(s.radarr.state.queue.length, 1, 'and nothing was grabbed')
  // Issue 34 item 10: the download writes more into its folder while the person reads the preview: no change.
  queued.outputPath = '/downloads/complete/Quiet.Orbit.Replaced'
  const again = ok(await s.call('movie_grab', replace)).confirmation
  writeFileSync(join(folder, 'orbit.nfo'), Buffer.alloc(10))
  writeFileSync(join(folder, 'orbit.mkv'), Buffer.alloc(8000))
  const done = ok(await s.call('movie_grab', { ...replace, confirmToken: again.confirmToken }))
  t.same(done.replaced, [{ queueId: queued.id, title: queued.title, downloadId: queued.downloadId }])
  t.match(s.radarr.state.queueRemovals, [{ id: queued.id, removeFromClient: true, blocklist: false }], 'the manager was asked to remove it with its data')
})
