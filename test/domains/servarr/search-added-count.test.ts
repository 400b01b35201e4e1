// Issue 34 item 12: "N already in the library" counts what was there before the call, never the title the same
// call just added (series_search with addTvdbId, movie_search with addTmdbId); an update counts it, as it was there.
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { ok } from '../../helpers/results.js'

const s = await startServarrStack(t, { sim: { manualClock: true } })
const NORTHERN_LINE = 400001
const PAPER_MOONS = 600001
const text = async (name: string, args: Record<string, unknown>) => { const r = await s.call(name, args); ok(r); return r.content[0].text as string }

t.test('series_search: the series just added is not "already in the library"', async t => {
  const added = await text('series_search', { addTvdbId: NORTHERN_LINE, qualityProfile: 'HD-1080p', rootFolder: 'tv' })
  t.match(added, /^Added "Northern Line" /)
  t.match(added, /1 match for "tvdb:400001"\.$/, added)
  const again = await text('series_search', { addTvdbId: NORTHERN_LINE, qualityProfile: 'HD-1080p' })
  t.match(again, /^Updated "Northern Line" .*1 match for "tvdb:400001", 1 already in the library\.$/, 'updated: it was there before')
})

t.test('movie_search: the movie just added is not "already in the library"', async t => {
  const added = await text('movie_search', { addTmdbId: PAPER_MOONS, qualityProfile: 'HD-1080p' })
  t.match(added, /^Added "Paper Moons" /)
  t.match(added, /1 match for "tmdb:600001"\.$/, added)
})
