import t from 'tap'
import { buildConfig, ConfigError, loadConfig, SECRET_KEYS } from '../config.js'

t.test('defaults follow the Compose stack (docs/deployment.md)', async t => {
  const c = buildConfig({})
  t.equal(c.PORT, 3000)
  t.equal(c.PUBLIC_URL, 'http://localhost:3000')
  t.equal(c.MEDIA_SERVER_URL, 'http://jellyfin-host:8096')
  t.match(c.SERIES_MANAGER_URL, /:8989$/)
  t.match(c.MOVIE_MANAGER_URL, /:7878$/)
  t.match(c.TORRENT_CLIENT_URL, /:8085$/)
  t.equal(c.DOWNLOAD_MANAGER_URL, '', 'no direct-download manager unless one is set (the Compose stack sets pyLoad\'s)')
  t.match(c.INDEXER_MANAGER_URL, /:9696$/)
  t.equal(c.MEDIA_ROOT, '/data')
  t.equal(c.DOWNLOADS_ROOT, '/downloads')
  t.equal(c.PUID, 1000)
})

t.test('environment strings are converted and unknown variables ignored', async t => {
  const c = loadConfig({ PORT: '8080', PUID: '1001', HOME: '/root', PUBLIC_URL: 'https://media.example.com/' })
  t.equal(c.PORT, 8080)
  t.equal(c.PUID, 1001)
  t.equal(c.PUBLIC_URL, 'https://media.example.com', 'trailing slash removed')
})

t.test('a missing backend key does not stop the server from starting', async t => {
  const c = loadConfig({ MEDIA_SERVER_API_KEY: '' })
  t.equal(c.MEDIA_SERVER_API_KEY, '')
})

t.test('bad config is refused with one clear line per problem', async t => {
  const err = t.throws(() => loadConfig({ PORT: '70000', MEDIA_SERVER_URL: 'not a url', SERIES_MANAGER_URL: 'ftp://x', LOG_LEVEL: 'loud' })) as ConfigError
  t.ok(err instanceof ConfigError)
  t.equal(err.problems.length, 4)
  t.match(err.message, /PORT: 70000/)
  t.match(err.message, /MEDIA_SERVER_URL: "not a url" is not a URL/)
  t.match(err.message, /SERIES_MANAGER_URL: "ftp:\/\/x" must be an http/)
  t.match(err.message, /LOG_LEVEL: "loud" must be one of: fatal, error/)
})

t.test('a malformed PATH_MAP is refused at startup, naming the entry', async t => {
  t.throws(() => loadConfig({ PATH_MAP: '/tv=/data/tv,broken' }), /PATH_MAP entry "broken"/)
  t.equal(loadConfig({ PATH_MAP: '/tv=/data/tv' }).PATH_MAP, '/tv=/data/tv')
})

t.test('secret values never appear in config errors', async t => {
  const err = t.throws(() => buildConfig({ INTERNAL_API_KEY: { nested: 'supersecretvalue' } })) as ConfigError
  t.notMatch(err.message, /supersecretvalue/)
  t.match(err.message, /INTERNAL_API_KEY: \(hidden\)/)
})

t.test('typed input refuses unknown settings (typos in tests and tooling)', async t => {
  t.throws(() => buildConfig({ MEDIA_ROTO: '/x' }), /MEDIA_ROTO: unknown setting/)
})

t.test('every documented key variable is in the schema and keys are marked secret', async t => {
  const c = buildConfig({}) as Record<string, unknown>
  for (const k of ['MEDIA_SERVER_API_KEY', 'SERIES_MANAGER_API_KEY', 'MOVIE_MANAGER_API_KEY', 'INTERNAL_API_KEY', 'ALLOWED_CHAT_USERS',
    'CHAT_BOT_TOKEN', 'LLM_PROVIDER_A_API_KEY', 'LLM_PROVIDER_B_API_KEY', 'TUNNEL_TOKEN', 'PUID', 'PGID']) t.ok(k in c, k)
  for (const k of ['MEDIA_SERVER_API_KEY', 'INTERNAL_API_KEY', 'CHAT_BOT_TOKEN', 'TUNNEL_TOKEN', 'TORRENT_CLIENT_PASSWORD']) t.ok(SECRET_KEYS.includes(k as never), `${k} is secret`)
})

t.test('TRUST_PROXY takes IP addresses and CIDR ranges only, with one line naming the variable and the form', async t => {
  for (const ok of ['', '172.30.88.10', '10.0.0.0/8, 192.168.1.1', '::1', 'fd00::/8', 'loopback']) t.equal(loadConfig({ TRUST_PROXY: ok }).TRUST_PROXY, ok)
  for (const bad of ['caddy', 'true', '2', '10.0.0.0/33', '10.0.0.1,', '1.2.3', 'caddy.internal']) {
    const err = t.throws(() => loadConfig({ TRUST_PROXY: bad }), `"${bad}" is refused`) as ConfigError
    t.equal(err.problems.length, 1)
    t.match(err.problems[0], /^TRUST_PROXY: .*; use a comma-separated list of IP addresses or CIDR ranges/)
    t.notMatch(err.problems[0], /\n/)
  }
})
