// The large-library bench's movies are shaped like a real Radarr v6 library's (alternate titles, covers,
// ratings, the file's media info…): the contract accepts them, a movie weighs what a real one does (~20 MB
// for 6,000), excludeLocalCovers leaves the covers' local urls out, and the request log counts the bytes.
import t from 'tap'
import { randomBytes } from 'node:crypto'
import { createSonarrSimulator } from '../../simulators/servarr/sonarr.js'
import { createRadarrSimulator } from '../../simulators/servarr/radarr.js'
import { seedLargeManagers } from '../../bench/large-library-seed.js'

t.test('large-library movies: contract-valid, real-sized, covers as AllMovie maps them', async t => {
  const apiKey = randomBytes(16).toString('hex')
  const sonarr = await createSonarrSimulator({ apiKey, setupRoutes: false })
  const radarr = await createRadarrSimulator({ apiKey, setupRoutes: false })
  t.teardown(() => Promise.all([sonarr.close(), radarr.close()]))
  seedLargeManagers(sonarr, radarr, { series: 1, movies: 60 })
  const get = async (query: string) => {
    const res = await fetch(`${radarr.url}/api/v3/movie${query}`, { headers: { 'x-api-key': apiKey } })
    const text = await res.text()
    return { text, movies: JSON.parse(text) as Array<Record<string, any>> }
  }
  radarr.requests.clear()
  const all = await get('')
  const seeded = all.movies.filter(m => m.tmdbId >= 2_000_000)
  t.equal(seeded.length, 60)
  const perMovie = Buffer.byteLength(JSON.stringify(seeded)) / seeded.length
  t.ok(perMovie > 3_100 && perMovie < 3_900, `a movie is ~3.3 KB as in a real 20 MB / 6,000 library (${Math.round(perMovie)} B)`)
  const m = seeded[1]
  t.ok(m.alternateTitles.length > 0 && m.ratings.imdb && m.genres.length > 0 && m.keywords.length > 0, 'alternate titles, ratings, genres, keywords')
  t.match(m.movieFile, { sceneName: String, mediaInfo: { videoCodec: 'x264', resolution: '1920x1080' }, languages: [{ name: 'English' }] })
  t.ok(m.images.every((i: { url?: string }) => i.url?.startsWith(`/MediaCover/${m.id}/`)), 'local cover urls by default')
  const excluded = await get('?excludeLocalCovers=true')
  t.ok(excluded.movies.every(x => (x.images as Array<{ url?: string, remoteUrl: string }>).every(i => i.url === undefined && i.remoteUrl)), 'excludeLocalCovers: remote urls only')
  t.same(radarr.violations, [], 'the contract accepts every answer')
  t.same(radarr.requests.all().map(r => r.bytes), [Buffer.byteLength(all.text), Buffer.byteLength(excluded.text)], 'the request log counts the bytes answered')
})
