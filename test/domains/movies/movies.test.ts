// The trimmed movie view says only what the movie manager sent: a size, year or TMDB id it left out is
// absent, never a made-up 0 that reads as "nothing on disk".
import t from 'tap'
import { toMovieItem } from '../../../domains/movies/movies.js'
import type { Movie } from '../../../clients/servarr/types.js'

const profiles = [{ id: 1, name: 'HD-1080p' }] as any

t.test('a movie without size, year or tmdbId leaves those fields out', async t => {
  const item = toMovieItem({ id: 3, title: 'Bare', qualityProfileId: 1, path: '/movies/Bare', hasFile: false } as unknown as Movie, profiles)
  for (const k of ['tmdbId', 'year', 'sizeOnDisk']) t.notOk(k in item, `${k} left out`)
  t.match(item, { movieId: 3, title: 'Bare', hasFile: false })
})

t.test('values the manager did send are kept, zeros included, statistics as a fallback', async t => {
  t.match(toMovieItem({ id: 4, title: 'Full', tmdbId: 603, year: 1999, qualityProfileId: 1, sizeOnDisk: 0 } as unknown as Movie, profiles), { tmdbId: 603, year: 1999, sizeOnDisk: 0 })
  t.match(toMovieItem({ id: 5, title: 'Stats', qualityProfileId: 1, statistics: { sizeOnDisk: 2048 } } as unknown as Movie, profiles), { sizeOnDisk: 2048 })
})
