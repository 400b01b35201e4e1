// Adding a title names every missing or wrong choice (quality profile and root folder) in one refusal.
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { errorText } from '../../helpers/results.js'

const s = await startServarrStack(t)
const NORTHERN_LINE = 400001
const PAPER_MOONS = 600001

t.test('series_search: a missing profile and a missing root folder are refused together', async t => {
  const text = errorText(await s.call('series_search', { addTvdbId: NORTHERN_LINE }))
  t.match(text, /qualityProfile set to one of .*"HD-1080p"/, 'names the profiles')
  t.match(text, /rootFolder set to one of .*\/data\/tv/, 'and the root folders, in the same answer')
  t.equal(s.sonarr.state.library.series.size, 162, 'nothing was added')
})

t.test('movie_search: a missing profile and an unknown root folder are refused together', async t => {
  const text = errorText(await s.call('movie_search', { addTmdbId: PAPER_MOONS, rootFolder: '/data/nope' }))
  t.match(text, /qualityProfile set to one of .*"HD-1080p"/)
  t.match(text, /Root folder "\/data\/nope" is not configured\. Available: .*\/data\/movies/)
})

t.test('one missing choice is refused alone, as before', async t => {
  t.match(errorText(await s.call('series_search', { addTvdbId: NORTHERN_LINE, qualityProfile: 'HD-1080p' })), /^Choose a root folder/)
})
