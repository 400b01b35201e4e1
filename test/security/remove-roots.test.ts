// Hostile manager state for series_remove/movie_remove with deleteFiles: a title whose folder is a library
// top folder, a root, or outside the roots after PATH_MAP is never handed to the manager to delete. Runnable alone.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { errorText, ok, startServarrStack } from '../helpers/servarr-sims.js'

t.setTimeout(120_000)
const s = await startServarrStack(t, { sim: { downloadMs: 200, commandStepMs: 10 } })

t.test('series and movie folders that are roots, top folders or outside the roots are refused', async t => {
  const series = [...s.sonarr.state.library.series.values()]
  const movies = [...s.radarr.state.library.movies.values()]
  for (const [i, path] of ['/data/tv', '/data', '/etc'].entries()) {
    series[i].path = path
    t.match(errorText(await s.call('series_remove', { id: series[i].id, idType: 'seriesId', deleteFiles: true })), /would delete far more|outside the media root/, path)
    movies[i].path = path === '/data/tv' ? '/data/movies' : path
    t.match(errorText(await s.call('movie_remove', { id: movies[i].id, idType: 'movieId', deleteFiles: true })), /would delete far more|outside the media root/, path)
  }
  t.ok(ok(await s.call('series_remove', { id: series[0].id, idType: 'seriesId' })).confirmation, 'without deleteFiles the record can still be removed')
})

t.test('the preview lists what the manager really deletes: the whole folder, counted on disk', async t => {
  const series = [...s.sonarr.state.library.series.values()].slice(5).find(x => x.path.startsWith('/data/tv/'))!
  const folder = join(s.roots.media, series.path.slice('/data/'.length))
  mkdirSync(join(folder, 'extras'), { recursive: true })
  writeFileSync(join(folder, 'extras', 'behind-the-scenes.mkv'), Buffer.alloc(3000))
  writeFileSync(join(folder, 'notes.txt'), Buffer.alloc(500))
  const preview = ok(await s.call('series_remove', { id: series.id, idType: 'seriesId', deleteFiles: true }))
  t.same(preview.confirmation.targets.folder, { files: 2, bytes: 3500, complete: true }, 'untracked files count too')
  t.match(preview.confirmation.summary, /whole folder .* DELETED from disk: 2 files \(3\.4 KiB\)/)
})
