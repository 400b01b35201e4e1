// get_library_state agrees with the series manager: a title the manager holds files for is in the library,
// even when the media server has not picked it up and the files are not under MEDIA_ROOT by that name.
import t from 'tap'
import { ok, startServarrStack } from '../../helpers/servarr-sims.js'

const s = await startServarrStack(t)

t.test('a series with files in the manager is "in the library"', async t => {
  const series = [...s.sonarr.state.library.series.values()]
  const lib = ok(await s.call('series_status', { view: 'library', limit: 100 })).items
  const withFiles = lib.find((x: any) => x.episodeFileCount > 0 && series.filter(o => o.title.toLowerCase().includes(x.title.toLowerCase())).length === 1)
  const state = ok(await s.call('get_library_state', { title: withFiles.title, kind: 'series' }))
  t.match(state.seriesManager, { available: true, matches: [{ title: withFiles.title, episodeFiles: withFiles.episodeFileCount }] })
  t.equal(state.inLibrary, true, `${withFiles.title}: ${withFiles.episodeFileCount} files in the series manager`)
})
