// The client of each instance, asked for by name (clients/instance-clients.ts): app.backends.sonarr stays the
// default instance's client, an extra instance's client is its own entry, and a name that is not configured is
// a bug said plainly, never answered by another instance's client.
import t from 'tap'
import type { Backends } from '../../clients/types.js'
import { instanceClient, instanceNames } from '../../clients/instance-clients.js'

const sonarr = { service: 'Sonarr' }
const anime = { service: 'Sonarr (anime)' }
const radarr = { service: 'Radarr' }
const backends = { sonarr, 'sonarr@anime': anime, radarr, torrent: { service: 'qBittorrent' } } as unknown as Backends

t.test('the names of a kind: default first, then the extra ones', async t => {
  t.same(instanceNames(backends, 'series'), ['default', 'anime'])
  t.same(instanceNames(backends, 'movies'), ['default'])
})

t.test('each name gets its own client; no name is the default one', async t => {
  t.equal(instanceClient(backends, 'series', 'anime'), anime)
  t.equal(instanceClient(backends, 'series', 'default'), sonarr)
  t.equal(instanceClient(backends, 'series'), sonarr)
  t.equal(backends.sonarr, sonarr, 'the default entry is the default client itself, never re-pointed')
  t.equal(instanceClient(backends, 'usenet'), undefined, 'no Usenet client configured')
})

t.test('a name that is not an instance of that kind is refused, not answered by the default', async t => {
  t.throws(() => instanceClient(backends, 'movies', 'anime'), /No movies instance named "anime"/)
})
