// Supported backend versions: the verdict on what a probe reports, and a failing tool naming the version problem.
import t from 'tap'
import Fastify from 'fastify'
import { VERSION_POLICIES, parseVersion, versionVerdict } from '../../lib/backend-versions.js'
import { buildTestApp } from '../helpers/build.js'
import { toolContext } from '../helpers/sim-app.js'

type Teardown = { teardown: (fn: () => unknown) => void }

t.test('versions are read from what each service reports', async t => {
  t.same(parseVersion('v5.2.3'), [5, 2, 3], 'qBittorrent app/version')
  t.same(parseVersion('4.0.19.2979'), [4, 0, 19], 'Servarr system/status')
  t.same(parseVersion('0.5.0b3.dev89'), [0, 5, 0], 'pyLoad-ng get_server_version')
  t.same(parseVersion('10.11'), [10, 11, 0])
  t.equal(parseVersion('managed (starts on first use)'), undefined)
  t.equal(parseVersion('unknown'), undefined)
})

t.test('supported, unsupported (older) and untested (newer major) per service', async t => {
  const cases: Array<[string, string, string | undefined]> = [
    ['Jellyfin', '10.11.11', 'supported'], ['Jellyfin', '10.9.0', 'supported'], ['Jellyfin', '10.8.13', 'unsupported'], ['Jellyfin', '12.0.0', 'untested'],
    ['Sonarr', '4.0.19.2979', 'supported'], ['Sonarr', '3.0.10.1567', 'unsupported'], ['Sonarr', '5.0.0.1', 'untested'],
    ['Radarr', '5.28.0.10274', 'supported'], ['Radarr', '6.0.3.10276', 'supported'], ['Radarr', '4.7.5.7809', 'unsupported'],
    ['Prowlarr', '1.37.0.5076', 'supported'], ['Prowlarr', '2.3.5.5327', 'supported'], ['Prowlarr', '0.4.11.2331', 'unsupported'],
    ['qBittorrent', 'v4.5.2', 'supported'], ['qBittorrent', 'v5.3.0', 'supported'], ['qBittorrent', 'v4.4.5', 'unsupported'], ['qBittorrent', 'v6.0.0', 'untested'],
    ['Transmission', '3.00 (bb6b5a062e)', 'supported'], ['Transmission', '4.1.3 (1d8e6bc4e4)', 'supported'], ['Transmission', '2.94 (d8e60ee44f)', 'unsupported'], ['Transmission', '5.0.0', 'untested'],
    ['pyLoad', '0.5.0b3.dev89', 'supported'], ['pyLoad', '0.4.20', 'unsupported'],
    ['aria2', '1.36.0', 'supported'], ['aria2', '1.18.3', 'unsupported'], ['aria2', '1.18.4', 'supported'],
    ['aria2', 'managed (starts on first use)', undefined], ['FlareSolverr', '3.5.0', undefined],
    // --- usenet
    ['NZBGet', '21.0', 'supported'], ['NZBGet', '21.1', 'supported'], ['NZBGet', '20.0', 'unsupported'], ['NZBGet', '24.8', 'untested'],
    // --- deluge
    ['Deluge', '2.0.3', 'supported'], ['Deluge', '2.2.0', 'supported'], ['Deluge', '1.3.15', 'unsupported'], ['Deluge', '3.0.0', 'untested'],
    ['SABnzbd', '5.0.1', 'supported'], ['SABnzbd', '4.0.0', 'supported'], ['SABnzbd', '3.7.2', 'unsupported'], ['SABnzbd', '6.0.0', 'untested']
  ]
  for (const [service, version, kind] of cases) t.equal(versionVerdict(service, version)?.kind, kind, `${service} ${version}`)
  t.match(versionVerdict('qbittorrent', 'v4.3.9'), { kind: 'unsupported', warning: /^qBittorrent v4\.3\.9 is not supported \(this server supports 4\.5–5\.x: .*\); some tools will fail or misbehave\. Upgrade qBittorrent\.$/ },
    'the service name matches case-insensitively, and the warning says what to do')
  t.equal(VERSION_POLICIES.length, 11, 'one policy per probed backend')
})

/** A Sonarr that reports `version` and fails every other call, as an incompatible one would. */
async function fakeSonarr (t: Teardown, version: string) {
  const server = Fastify()
  server.get('/api/v3/system/status', async () => ({ appName: 'Sonarr', version }))
  server.all('/*', async (_req, reply) => reply.code(500).send({ message: 'no such column' }))
  await server.listen({ host: '127.0.0.1', port: 0 })
  t.teardown(() => server.close())
  const { port } = server.server.address() as { port: number }
  return `http://127.0.0.1:${port}`
}

async function appWithSonarr (t: Teardown, version: string) {
  const refused = 'http://127.0.0.1:1'
  const { app } = await buildTestApp(t, {
    config: {
      SERIES_MANAGER_URL: await fakeSonarr(t, version),
      SERIES_MANAGER_API_KEY: 'sonarr-key-0123456789abcdef',
      MEDIA_SERVER_URL: refused,
      MOVIE_MANAGER_URL: refused,
      INDEXER_MANAGER_URL: refused,
      TORRENT_CLIENT_URL: refused,
      DOWNLOAD_MANAGER_URL: refused
    }
  })
  await app.refreshBackendStatus()
  return app
}

t.test('a failing tool names the unsupported version of its backend', async t => {
  const app = await appWithSonarr(t, '3.0.10.1567')
  t.match(app.backendStatus().find(b => b.service === 'Sonarr'), { version: '3.0.10.1567', versionStatus: 'unsupported' })
  for (const attempt of ['first', 'second']) {
    const res = await app.tools.call('series_status', {}, toolContext())
    t.equal(res.isError, true)
    const text = res.content[0].type === 'text' ? res.content[0].text : ''
    t.match(text, /^Sonarr failed \(HTTP 500\)\..* Sonarr 3\.0\.10\.1567 is not supported \(this server supports v4: .*Upgrade Sonarr\.$/, `${attempt} failure names the version`)
    t.match(res._meta, { error: { kind: 'backend', service: 'Sonarr', error: /is not supported/ } })
  }
})

t.test('a supported version adds nothing to the error', async t => {
  const app = await appWithSonarr(t, '4.0.19.2979')
  const res = await app.tools.call('series_status', {}, toolContext())
  const text = res.content[0].type === 'text' ? res.content[0].text : ''
  t.match(text, /^Sonarr failed \(HTTP 500\)/)
  t.notMatch(text, /supported|checked against/)
})
