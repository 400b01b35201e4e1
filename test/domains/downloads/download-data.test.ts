// Hostile download data paths for cancel_downloads with deleteFiles (issue 24 item 2): the data a manager's
// queue item names (outputPath, mapped through PATH_MAP) is deleted by the download client only when it lies
// inside the downloads root, is neither the root nor one of its top folders, is not in the media library, and
// this server can see it; the preview shows what it holds and the token binds it. Without deleteFiles the
// download can still be cancelled.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { errorText, ok } from '../../helpers/results.js'

t.setTimeout(120_000)
const s = await startServarrStack(t, { sim: { downloadMs: 600_000 } })
const movie = [...s.radarr.state.library.movies.values()].find(m => m.title === 'The Quiet Orbit')!
const releases = await s.app.backends.radarr.releases({ movieId: movie.id })
t.ok(await s.app.backends.radarr.grab(releases[0].guid!, releases[0].indexerId))
const item = s.radarr.state.queue[0]
const id = `movies:${item.id}`
const cancel = (extra: Record<string, unknown> = {}) => s.call('cancel_downloads', { action: 'cancel', source: 'movies', ids: [id], ...extra })

t.test('data paths that are the downloads root, a top folder of it, in the library, outside both roots or not visible are refused', async t => {
  mkdirSync(join(s.roots.downloads, 'complete'), { recursive: true })
  mkdirSync(join(s.roots.media, 'movies', 'Seeding (2020)'), { recursive: true })
  writeFileSync(join(s.roots.media, 'movies', 'Seeding (2020)', 'seeding.mkv'), Buffer.alloc(2048))
  const cases: Array<[string | null, RegExp]> = [
    ['/downloads', /which is the downloads root; the client would delete every download kept there/],
    ['/downloads/complete', /a top folder of the downloads root/],
    ['/data/movies/Seeding (2020)', /in the media library; deleting it would delete library files/],
    ['/data', /which holds the media library/],
    ['/', /which holds the whole downloads root/],
    ['/etc', /outside the downloads root as PATH_MAP maps it/],
    ['/downloads/complete/Not.Here.2020', /a path this server cannot see.*PATH_MAP.*DOWNLOADS_ROOT/],
    [null, /its backend names no data path/]
  ]
  for (const [outputPath, why] of cases) {
    item.outputPath = outputPath as string
    const text = errorText(await cancel())
    t.match(text, why, String(outputPath))
    t.match(text, /Nothing was changed\. .*Next: cancel it and keep its data: cancel_downloads \{"action":"cancel","ids":\["movies:\d+"\],"deleteFiles":false\}\./)
    t.same(s.radarr.state.queueRemovals, [], 'nothing was asked of the manager')
  }
  item.outputPath = '/data/movies/Seeding (2020)'
  t.match(errorText(await s.call('cancel_downloads', { action: 'retry', source: 'movies', ids: [id] })), /in the media library/, 'retry with data is checked too')
  // Without deleteFiles the download can be cancelled whatever its path: its data stays.
  const keep = ok(await cancel({ deleteFiles: false })).confirmation
  t.equal(keep.targets[0].data, null)
  t.notMatch(keep.summary, /DELETE/)
})

// Issue 34 item 10: the token binds what the person agreed to (the download, its folder, who else holds it), not
// the bytes of a download still in progress: the same folder growing is no change; another folder is.
t.test('the preview shows the data as this server sees it; the folder growing is no change, another folder refuses the token', async t => {
  item.outputPath = '/downloads/complete/Quiet.Orbit.2019'
  const folder = join(s.roots.downloads, 'complete', 'Quiet.Orbit.2019')
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'orbit.mkv'), Buffer.alloc(5000))
  writeFileSync(join(folder, 'orbit.nfo'), Buffer.alloc(100))
  const preview = ok(await cancel()).confirmation
  // This stack has no torrent client: the preview names it as a queue whose downloads were not compared.
  t.same(preview.targets[0].data, { path: 'downloads/complete/Quiet.Orbit.2019', folder: true, uncompared: ['Torrent client'] }, 'the bound record: no byte count')
  t.match(preview.summary, /DELETE their downloaded data from disk: .*data: 2 files \(.*\) in "downloads\/complete\/Quiet\.Orbit\.2019" \(whether a download in Torrent client shares it is unknown: not answered\)/)

  // The download moved to another folder: what the person agreed to delete is not there any more.
  const elsewhere = join(s.roots.downloads, 'complete', 'Quiet.Orbit.2019.REPACK')
  mkdirSync(elsewhere)
  writeFileSync(join(elsewhere, 'orbit.mkv'), Buffer.alloc(10))
  item.outputPath = '/downloads/complete/Quiet.Orbit.2019.REPACK'
  const moved = await cancel({ confirmToken: preview.confirmToken })
  t.match(errorText(moved), /changed since the preview/, 'another folder refuses the token')
  t.same(s.radarr.state.queueRemovals, [])

  // Back in its folder, which grows while the person reads the preview (a download in progress): still what they agreed to.
  item.outputPath = '/downloads/complete/Quiet.Orbit.2019'
  const again = ok(await cancel()).confirmation
  writeFileSync(join(folder, 'orbit.mkv'), Buffer.alloc(9000))
  writeFileSync(join(folder, 'orbit.part'), Buffer.alloc(10))
  ok(await cancel({ confirmToken: again.confirmToken }))
  t.match(s.radarr.state.queueRemovals, [{ id: item.id, removeFromClient: true }], 'the manager was asked to remove it with its data')
})

// Issue 24 item 2: two downloads can keep their data in one place (the same files under two hashes, a torrent
// saved without a root folder into a folder that holds another download). Deleting one's data deletes the
// other's: refused with the other named, unless both are removed in the same call.
t.test('data another download keeps there too is not deleted; both removed together are', async t => {
  const fresh = await s.app.backends.radarr.releases({ movieId: movie.id })
  for (const r of fresh.slice(0, 2)) t.ok(await s.app.backends.radarr.grab(r.guid!, r.indexerId), 'a download')
  const [item, second] = s.radarr.state.queue.slice(-2)
  const id = `movies:${item.id}`
  const cancel = () => s.call('cancel_downloads', { action: 'cancel', source: 'movies', ids: [id] })
  const folder = join(s.roots.downloads, 'complete', 'Shared.2019')
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'shared.mkv'), Buffer.alloc(4096))
  item.outputPath = '/downloads/complete/Shared.2019'
  const cases: Array<[string, RegExp]> = [
    ['/downloads/complete/Shared.2019', /which is also the data of ".+" \(movies:\d+, at "downloads\/complete\/Shared\.2019"\); deleting it would delete that download's data too/],
    ['/downloads/complete/Shared.2019/shared.mkv', /which holds the data of ".+" \(movies:\d+, at "downloads\/complete\/Shared\.2019\/shared\.mkv"\)/]
  ]
  for (const [path, why] of cases) {
    second.outputPath = path
    const answer = await cancel()
    const text = errorText(answer)
    t.match(text, why, path)
    t.match(text, /Nothing was changed\. Remove both together if both are to go\. Cancel it keeping its data, then delete only the files you mean to\. Next: cancel it and keep its data: cancel_downloads \{"action":"cancel","ids":\[.+\],"deleteFiles":false\}\./)
    // Issue 34 item 7: the cancel that keeps the data, as a call; followed, it previews that very cancel.
    const keep = { tool: 'cancel_downloads', arguments: { action: 'cancel', ids: [id], deleteFiles: false }, why: 'cancel it and keep its data' }
    t.same(answer.structuredContent?.next, [keep], path)
    const followed = await s.call(keep.tool, keep.arguments)
    t.notOk(followed.isError, `the call it gave is accepted: ${followed.content[0]?.text}`)
    t.match(followed.content[0]?.text, /Confirmation needed: Remove 1 download: /)
  }
  // Seen from the inner one: its data lies inside the other's folder.
  item.outputPath = '/downloads/complete/Shared.2019/shared.mkv'
  second.outputPath = '/downloads/complete/Shared.2019'
  t.match(errorText(await cancel()), /which lies inside the data of ".+" \(movies:\d+, at "downloads\/complete\/Shared\.2019"\)/)
  t.same(s.radarr.state.queueRemovals.filter(r => r.id === second.id), [], 'nothing was asked of the manager')
  // Both in one call: the data goes with both, as asked.
  const both = ok(await s.call('cancel_downloads', { action: 'cancel', source: 'movies', ids: [`movies:${second.id}`, id] })).confirmation
  t.equal(both.targets.length, 2)
  t.match(both.summary, /DELETE their downloaded data/)
})
