// get_library_state agrees with the series manager: a title the manager holds files for has "managerHasFiles",
// even when the files are not under MEDIA_ROOT by that name; with no media server configured, whether it is
// ready to watch is unknown, never guessed.
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { ok } from '../../helpers/results.js'

const s = await startServarrStack(t)

t.test('a series with files in the manager: the manager has files; ready to watch is not claimed', async t => {
  const series = [...s.sonarr.state.library.series.values()]
  const lib = ok(await s.call('series_status', { view: 'library', limit: 100 })).items
  const withFiles = lib.find((x: any) => x.episodeFileCount > 0 && series.filter(o => o.title.toLowerCase().includes(x.title.toLowerCase())).length === 1)
  const state = ok(await s.call('get_library_state', { title: withFiles.title, kind: 'series' }))
  t.match(state.seriesManager, { available: true, matches: [{ title: withFiles.title, episodeFiles: withFiles.episodeFileCount }] })
  t.equal(state.managerHasFiles, true, `${withFiles.title}: ${withFiles.episodeFileCount} files in the series manager`)
  t.notOk('readyToWatch' in state, 'no media server configured: unknown')
})
