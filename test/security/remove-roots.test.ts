// Hostile manager state for series_remove/movie_remove with deleteFiles (issue 24 item 2, issue 23 item 7): the
// manager deletes the title's whole folder, so a folder that is the media root, a library top folder, "/",
// outside the media root, another title's folder or a folder holding one, or a folder this server cannot see
// (PATH_MAP wrong, media not mounted) is never handed to the manager to delete. Runnable alone.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { startServarrStack } from '../helpers/servarr-sims.js'
import { materialize } from '../helpers/title-files.js'
import { errorText, ok } from '../helpers/results.js'

t.setTimeout(120_000)
const s = await startServarrStack(t, { sim: { downloadMs: 200, commandStepMs: 10 } })
const onDisk = (seen: string) => join(s.roots.media, seen.slice('/data/'.length))
const series = () => [...s.sonarr.state.library.series.values()]
const movies = () => [...s.radarr.state.library.movies.values()]

t.test('folders that are the media root, a top folder, "/", or outside the media root are refused before anything else', async t => {
  const cases: Array<[string, string, RegExp]> = [
    ['/data/tv', '/data/movies', /the media root, a library top folder/],
    ['/data', '/data', /the media root, a library top folder/],
    ['/', '/', /the media root, a library top folder/],
    ['/etc', '/etc', /outside the media root as PATH_MAP maps it/]
  ]
  for (const [i, [seriesPath, moviePath, why]] of cases.entries()) {
    const sr = series()[i]
    sr.path = seriesPath
    const sText = errorText(await s.call('series_remove', { id: sr.id, idType: 'seriesId', deleteFiles: true }))
    t.match(sText, why, seriesPath)
    t.match(sText, /Nothing was changed\./)
    const mv = movies()[i]
    mv.path = moviePath
    t.match(errorText(await s.call('movie_remove', { id: mv.id, idType: 'movieId', deleteFiles: true })), why, moviePath)
  }
  t.ok(ok(await s.call('series_remove', { id: series()[0].id, idType: 'seriesId' })).confirmation, 'without deleteFiles the record can still be removed')
  t.ok(existsSync(join(s.roots.media, 'movies')), 'the library is untouched')
})

t.test('a folder holding another title\'s folder, or shared with another title, is refused', async t => {
  const [outer, inner, twin] = movies().slice(6, 9)
  outer.path = '/data/movies/Collection'
  inner.path = '/data/movies/Collection/Inner (2001)'
  mkdirSync(onDisk(inner.path), { recursive: true })
  writeFileSync(join(onDisk(inner.path), 'inner.mkv'), Buffer.alloc(4096))
  const file = s.radarr.state.library.files.get(outer.movieFileId!)
  if (file) file.size = 1024
  writeFileSync(join(onDisk(outer.path), 'outer.mkv'), Buffer.alloc(1024))
  t.match(errorText(await s.call('movie_remove', { id: outer.id, idType: 'movieId', deleteFiles: true })), new RegExp(`holds the folder of "${inner.title}"`))
  twin.path = inner.path
  t.match(errorText(await s.call('movie_remove', { id: twin.id, idType: 'movieId', deleteFiles: true })), new RegExp(`is also the folder of "${inner.title}"`))
  t.ok(existsSync(onDisk(inner.path)), 'nothing was deleted')
})

t.test('a folder this server cannot see is refused, naming PATH_MAP and the mount, never previewed as 0 B', async t => {
  const mv = movies().slice(10).find(m => m.movieFileId && m.path.startsWith('/data/movies/'))!
  const tracked = s.radarr.state.library.files.get(mv.movieFileId!)!.size
  // The folder missing, then present but empty (an unmounted volume leaves its mount point).
  const missing = errorText(await s.call('movie_remove', { id: mv.id, idType: 'movieId', deleteFiles: true }))
  t.match(missing, /a folder this server cannot see/)
  t.match(missing, /PATH_MAP.*mounted at MEDIA_ROOT/)
  t.notMatch(missing, /0 B/)
  mkdirSync(onDisk(mv.path), { recursive: true })
  const emptyAnswer = await s.call('movie_remove', { id: mv.id, idType: 'movieId', deleteFiles: true })
  const empty = errorText(emptyAnswer)
  t.match(empty, /sees 0 file\(s\) \(0 B\) while the manager tracks .*: this server is not looking at the folder the manager would delete/)
  t.match(empty, /PATH_MAP/)
  // Files deleted by hand: the rescan of this very movie, as a call (issue 34 item 7), not the tool's name.
  const rescan = { tool: 'movie_rescan', arguments: { id: mv.id, idType: 'movieId' }, why: 'have it rescan the folder' }
  t.same(emptyAnswer.structuredContent?.next, [rescan], 'the rescan call, as data')
  t.match(empty, `Next: have it rescan the folder: movie_rescan {"id":${mv.id},"idType":"movieId"}.`)
  // A small file where the manager tracks a big one: still not the folder the manager deletes.
  writeFileSync(join(onDisk(mv.path), 'sample.mkv'), Buffer.alloc(1000))
  t.ok(tracked > 1000)
  t.match(errorText(await s.call('movie_remove', { id: mv.id, idType: 'movieId', deleteFiles: true })), /sees 1 file\(s\)/)
  t.ok(movies().some(m => m.id === mv.id), 'the movie is still in the manager')
  // The rescan it gave is accepted, and the manager then tracks what is there (so the delete can be shown).
  const rescanned = await s.call(rescan.tool, rescan.arguments)
  t.notOk(rescanned.isError, `the call it gave is accepted: ${rescanned.content[0]?.text}`)
})

t.test('the preview lists what the manager really deletes, and the confirm is refused when that changed', async t => {
  const sr = series().slice(5).find(x => x.path.startsWith('/data/tv/') && [...s.sonarr.state.library.files.values()].some(f => f.seriesId === x.id))!
  const tracked = materialize(s.sonarr, sr.id)
  const folder = onDisk(sr.path)
  mkdirSync(join(folder, 'extras'), { recursive: true })
  writeFileSync(join(folder, 'extras', 'behind-the-scenes.mkv'), Buffer.alloc(3000))
  const preview = ok(await s.call('series_remove', { id: sr.id, idType: 'seriesId', deleteFiles: true }))
  const { files, bytes, path } = preview.confirmation.targets.folder
  t.equal(path, sr.path.slice('/data/'.length), 'the folder as this server sees it')
  t.equal(bytes, tracked + 3000, 'untracked files count too')
  t.match(preview.confirmation.summary, new RegExp(`whole folder would be DELETED from disk: ${files} files \\(.*\\) in "${path.replace(/[()]/g, '\\$&')}"`))
  writeFileSync(join(folder, 'notes.txt'), Buffer.alloc(500))
  const raced = await s.call('series_remove', { id: sr.id, idType: 'seriesId', deleteFiles: true, confirmToken: preview.confirmation.confirmToken })
  t.ok(raced.isError, 'a file added after the preview refuses the token')
  t.ok(series().some(x => x.id === sr.id), 'the series is still in the manager')
  const again = ok(await s.call('series_remove', { id: sr.id, idType: 'seriesId', deleteFiles: true }))
  t.equal(again.confirmation.targets.folder.bytes, tracked + 3500)
  const done = ok(await s.call('series_remove', { id: sr.id, idType: 'seriesId', deleteFiles: true, confirmToken: again.confirmation.confirmToken }))
  t.match(done.removed.folder, { files: files + 1, bytes: tracked + 3500 })
  t.notOk(series().some(x => x.id === sr.id), 'removed from the manager')
  t.notOk(existsSync(folder), 'the manager deleted the folder previewed')
})
