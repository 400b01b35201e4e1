// The trimmed series and season views say only what the series manager sent: a count, size, year or
// TVDB id it left out is absent, never a made-up 0 that reads as "no episodes" or "nothing on disk".
import t from 'tap'
import { toSeasonItem, toSeriesItem } from '../../../domains/series/series.js'
import type { Season, Series } from '../../../clients/servarr/types.js'

const profiles = [{ id: 1, name: 'HD-1080p' }] as any

t.test('a series without statistics, year or tvdbId leaves those fields out', async t => {
  const item = toSeriesItem({ id: 7, title: 'Bare', qualityProfileId: 1, path: '/tv/Bare', seasons: [] } as unknown as Series, profiles)
  for (const k of ['tvdbId', 'year', 'episodeFileCount', 'episodeCount', 'totalEpisodeCount', 'sizeOnDisk']) t.notOk(k in item, `${k} left out`)
  t.match(item, { seriesId: 7, title: 'Bare', qualityProfile: 'HD-1080p' })
})

t.test('values the manager did send are kept, zeros included', async t => {
  const item = toSeriesItem({
    id: 8,
    title: 'Full',
    tvdbId: 81189,
    year: 2008,
    qualityProfileId: 1,
    path: '/tv/Full',
    statistics: { seasonCount: 2, episodeFileCount: 0, episodeCount: 3, totalEpisodeCount: 20, sizeOnDisk: 0 }
  } as unknown as Series, profiles)
  t.match(item, { tvdbId: 81189, year: 2008, seasonCount: 2, episodeFileCount: 0, episodeCount: 3, totalEpisodeCount: 20, sizeOnDisk: 0 })
})

t.test('a season without statistics leaves the counts out', async t => {
  const bare = toSeasonItem({ seasonNumber: 1, monitored: true } as Season)
  t.same(bare, { kind: 'season', seasonNumber: 1, monitored: true })
  t.match(toSeasonItem({ seasonNumber: 2, monitored: false, statistics: { episodeFileCount: 4, episodeCount: 4, totalEpisodeCount: 10, sizeOnDisk: 1000 } } as Season),
    { episodeFileCount: 4, episodeCount: 4, totalEpisodeCount: 10, sizeOnDisk: 1000 })
})
