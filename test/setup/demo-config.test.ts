// The demo's settings (scripts/demo-config.ts, as `npm run demo` builds them): its own defaults, and the
// allowed origins and hosts, the /mcp rate limit and the approval passphrase taken from the environment
// and honoured by the app built from them.
import t from 'tap'
import { buildApp } from '../../app.js'
import { demoConfig, type DemoParts } from '../../scripts/demo-config.js'
import { makeRoots } from '../helpers/build.js'

const KEY = 'demo-config-test-key-0123456789abcdef0123'

function parts (): DemoParts & { cleanup: () => void } {
  const roots = makeRoots()
  return { port: 3000, mediaRoot: roots.media, downloadsRoot: roots.downloads, stateDir: roots.state, internalKey: KEY, stack: {}, cleanup: roots.cleanup }
}

t.test('without those variables the demo keeps its defaults', async t => {
  const p = parts()
  t.teardown(p.cleanup)
  const config = demoConfig({}, p)
  t.match(config, { HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'warn', ALLOWED_ORIGINS: '', ALLOWED_HOSTS: '', MCP_RATE_LIMIT: 1200, TORRENT_CLIENT_URL: 'http://127.0.0.1:9' })
  t.equal(config.OAUTH_APPROVAL_PASSPHRASE, '')
})

t.test('ALLOWED_ORIGINS, ALLOWED_HOSTS, MCP_RATE_LIMIT and OAUTH_APPROVAL_PASSPHRASE reach the app', async t => {
  const p = parts()
  const env = { ALLOWED_ORIGINS: 'http://localhost:5173', ALLOWED_HOSTS: 'media-box.lan', MCP_RATE_LIMIT: '5', OAUTH_APPROVAL_PASSPHRASE: 'correct horse battery staple', UNRELATED: 'x' }
  const config = demoConfig(env, p)
  t.match(config, { ALLOWED_ORIGINS: 'http://localhost:5173', ALLOWED_HOSTS: 'media-box.lan', MCP_RATE_LIMIT: 5, OAUTH_APPROVAL_PASSPHRASE: 'correct horse battery staple' })
  const app = await buildApp(config, { logger: false })
  await app.ready()
  t.teardown(async () => { await app.close(); p.cleanup() })
  const auth = { authorization: `Bearer ${KEY}` }
  const mcp = (headers: Record<string, string>) => app.inject({ method: 'DELETE', url: '/mcp', headers: { ...auth, host: 'localhost:3000', ...headers } })

  t.equal((await mcp({ origin: 'http://evil.example.com' })).statusCode, 403, 'an origin not listed is refused')
  const fromWebClient = await mcp({ origin: 'http://localhost:5173' })
  t.not(fromWebClient.statusCode, 403, 'the listed origin passes')
  t.equal(fromWebClient.headers['access-control-allow-origin'], 'http://localhost:5173')
  t.equal((await mcp({ host: 'other-box.lan' })).statusCode, 403, 'a host name not listed is refused')
  t.not((await mcp({ host: 'media-box.lan' })).statusCode, 403, 'the listed host name is accepted')
  // At most five requests a minute for this credential (whether refused ones count is the limiter's business).
  const statuses: number[] = []
  for (let i = 0; i < 5; i++) statuses.push((await mcp({})).statusCode)
  t.not(statuses[0], 429, `a request within the budget passes (${statuses.join(', ')})`)
  t.equal(statuses.at(-1), 429, 'past five a minute the credential is limited')
})

t.test('a bad value is refused like the server refuses it', async t => {
  const p = parts()
  t.teardown(p.cleanup)
  t.throws(() => demoConfig({ MCP_RATE_LIMIT: '0' }, p), /MCP_RATE_LIMIT/)
  t.throws(() => demoConfig({ OAUTH_APPROVAL_PASSPHRASE: 'short' }, p), /OAUTH_APPROVAL_PASSPHRASE/)
})
