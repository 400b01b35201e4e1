// Issue 35 #4: a backend URL with user and password (NZBGet's http://user:pass@host:6789) must never be shown.
// While the backends are down, /health (without a token: states, no URLs or hosts), the dashboard's services,
// GET /api/setup and the "X is unreachable at …" errors show each URL through core/display-url.ts.
import t from 'tap'
import { buildTestApp, TEST_INTERNAL_KEY } from '../helpers/build.js'
import { displayUrl, displayUrlsIn, withoutAddresses } from '../../core/display-url.js'

const auth = { authorization: `Bearer ${TEST_INTERNAL_KEY}` }
const PASSWORD = 'hunter2-usenet-pw'
const TORRENT_PASSWORD = 'qbt-admin-secret-9'

t.test('displayUrl drops user and password, credential query values and passkey path segments', async t => {
  t.equal(displayUrl('http://user:pass@127.0.0.1:2'), 'http://127.0.0.1:2')
  t.equal(displayUrl('http://user@nzbget:6789/'), 'http://nzbget:6789/')
  t.equal(displayUrl('https://indexer.example/api?t=search&apikey=abc&q=Heat'), 'https://indexer.example/api?t=search&apikey=[redacted]&q=Heat')
  t.equal(displayUrl('https://tracker.example/download/123/0123456789abcdef0123456789abcdef/x.torrent'), 'https://tracker.example/download/123/[redacted]/x.torrent')
  t.equal(displayUrl('https://example.com/Heat.1995/2024-01-01#frag'), 'https://example.com/Heat.1995/2024-01-01')
  t.equal(displayUrlsIn('NZBGet is unreachable at http://u:p@127.0.0.1:2 (ECONNREFUSED).'), 'NZBGet is unreachable at http://127.0.0.1:2 (ECONNREFUSED).')
  t.equal(withoutAddresses('NZBGet is unreachable at http://u:p@127.0.0.1:2 (ECONNREFUSED): check it.'), 'NZBGet is unreachable at its configured address (ECONNREFUSED): check it.')
})

t.test('NZBGet and qBittorrent down with credentials in their URLs: no display shows them', async t => {
  const { app } = await buildTestApp(t, {
    web: true,
    config: {
      USENET_CLIENT_TYPE: 'nzbget',
      USENET_CLIENT_URL: `http://user:${PASSWORD}@127.0.0.1:2`,
      USENET_CLIENT_USERNAME: 'user',
      USENET_CLIENT_PASSWORD: PASSWORD,
      TORRENT_CLIENT_URL: `http://admin:${TORRENT_PASSWORD}@127.0.0.1:2`
    }
  })
  await app.refreshBackendStatus()
  const secrets = [PASSWORD, TORRENT_PASSWORD, 'user:', 'admin:']

  const anonymous = await app.inject('/health')
  t.equal(anonymous.statusCode, 200)
  for (const s of [...secrets, '127.0.0.1']) t.notOk(anonymous.body.includes(s), `/health without a token shows no ${s}`)
  const nzbget = anonymous.json().backends.find((b: { service: string }) => b.service === 'NZBGet')
  t.match(nzbget, { configured: true, reachable: false, error: /^NZBGet (is unreachable at its configured address|could not be reached)/ }, 'the state and why, not where')

  const signedIn = await app.inject({ url: '/health', headers: auth })
  t.equal(signedIn.statusCode, 200)
  for (const s of secrets) t.notOk(signedIn.body.includes(s), `/health with a token shows no ${s}`)
  t.equal((await app.inject({ url: '/health', headers: { authorization: 'Bearer wrong-token-wrong-token' } })).statusCode, 401, 'a wrong token is refused, not taken for none')

  const services = await app.inject({ url: '/api/dashboard/services', headers: auth })
  t.equal(services.statusCode, 200, services.body)
  for (const s of secrets) t.notOk(services.body.includes(s), `/api/dashboard/services shows no ${s}`)

  const setup = await app.inject({ url: '/api/setup', headers: auth })
  t.equal(setup.statusCode, 200, setup.body)
  for (const s of secrets) t.notOk(setup.body.includes(s), `GET /api/setup shows no ${s}`)
  t.match(setup.json().backends.find((b: { name: string }) => b.name === 'qbittorrent'), { url: 'http://127.0.0.1:2' })

  const tool = await app.tools.call('download_status', {}, { principal: { id: 'internal', kind: 'internal' } as never, signal: new AbortController().signal, progress: async () => {}, log: async () => {} })
  const shown = JSON.stringify(tool)
  for (const s of secrets) t.notOk(shown.includes(s), `download_status shows no ${s}`)
})
