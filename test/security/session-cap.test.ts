// Finding 12.11: one credential could open every MCP session the server allows. Each credential holds at most
// its cap (a new one replaces its own oldest session).
// Issue 24 item 5: on a full table a new initialize evicted the oldest idle session of the heaviest other
// holder, so a stranger's auto-approved grants (one registration mints a grant per authorize) took the chat
// bot's and an OAuth user's sessions, and with open GET streams on every stranger session nothing could be
// evicted and everyone got 503. Now a credential's sessions make room only for itself; one registration and
// the registrations of one address hold at most their caps; room is kept for the internal key.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import type { Principal } from '../../core/principal.js'
import { TEST_INTERNAL_KEY, buildTestApp } from '../helpers/build.js'
import { INITIALIZE, listenMcp, openRawSession, postMcp } from '../helpers/mcp-client.js'
import { TEST_REDIRECT_URI, oauthLogin, type RegisteredClient } from '../helpers/oauth-client.js'

const V = { 'mcp-protocol-version': '2025-11-25' }

const strangers: Record<string, Principal> = {
  'stranger-token-a-0123456789abcdef0123': { id: 'oauth:a', kind: 'oauth', clientId: 'a', scopes: ['mcp'] }
}
const [A] = Object.keys(strangers)

t.test('one credential holds at most its cap: a new session replaces its own oldest', async t => {
  const { app } = await buildTestApp(t, { build: { plugins: { mcp: { maxSessions: 60 } } } })
  app.setAccessTokenVerifier(token => strangers[token])
  const url = await listenMcp(app)
  for (let i = 0; i < 20; i++) await openRawSession(url, { authorization: `Bearer ${A}` })
  t.ok(await openRawSession(url, { authorization: `Bearer ${A}` }), 'a 21st session replaces its own oldest idle one')
  t.equal(app.mcpSessions.size, 20, 'one credential still holds at most 20')
})

/** Registers a public client from `address` (the registration records the address it came from). */
async function registerFrom (app: FastifyInstance, address: string): Promise<RegisteredClient> {
  const res = await app.inject({
    method: 'POST',
    url: '/register',
    remoteAddress: address,
    payload: { client_name: `client from ${address}`, redirect_uris: [TEST_REDIRECT_URI], token_endpoint_auth_method: 'none' }
  })
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`)
  return res.json()
}

t.test('strangers\' auto-approved grants never take the chat bot\'s or a user\'s sessions, nor lock them out', async t => {
  // Small caps so the test stays quick: 4 per credential (also the room kept for the internal key), 6 per
  // registration, 9 per registering address, 30 in all (so OAuth sessions hold at most 26).
  const { app } = await buildTestApp(t, { build: { plugins: { mcp: { maxSessions: 30, maxSessionsPerPrincipal: 4, maxSessionsPerClient: 6, maxSessionsPerSource: 9 } } } })
  const url = await listenMcp(app)
  const streams = new AbortController()
  t.teardown(() => streams.abort())
  const ping = (sid: string, token: string) => postMcp(url, { jsonrpc: '2.0', id: 9, method: 'ping' }, { ...V, 'mcp-session-id': sid, authorization: `Bearer ${token}` })
  /** Opens a session for `token` and holds its GET event stream open, as many clients do; undefined when refused. */
  async function openWithStream (token: string) {
    const res = await postMcp(url, INITIALIZE, { authorization: `Bearer ${token}` })
    const sid = res.headers.get('mcp-session-id')
    if (res.status !== 200 || !sid) return { refused: res }
    await postMcp(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, { ...V, 'mcp-session-id': sid, authorization: `Bearer ${token}` })
    const stream = await fetch(url, { signal: streams.signal, headers: { ...V, authorization: `Bearer ${token}`, accept: 'text/event-stream', 'mcp-session-id': sid } })
    t.equal(stream.status, 200, 'the event stream is open')
    return { sid }
  }
  /** Mints grants of `client` (one per authorize), each opening sessions with open streams, until refused. */
  async function fill (client: RegisteredClient) {
    let opened = 0
    for (;;) {
      const { tokens } = await oauthLogin(app, { client })
      for (let i = 0; i < 2; i++) {
        const got = await openWithStream(tokens.access_token)
        if (got.refused) return { opened, refused: got.refused }
        opened++
      }
    }
  }

  const bot = await openRawSession(url)
  t.equal((await ping(bot, TEST_INTERNAL_KEY)).status, 200, 'the chat bot pinged a moment before')
  const user = (await oauthLogin(app, { client: await registerFrom(app, '203.0.113.7') })).tokens.access_token
  const userSid = await openRawSession(url, { authorization: `Bearer ${user}` })

  const stranger = await registerFrom(app, '198.51.100.66')
  const first = await fill(stranger)
  t.equal(first.opened, 6, 'one registration holds 6 sessions, however many grants it mints')
  t.equal(first.refused.status, 429)
  t.match(JSON.parse(first.refused.text), { error: { message: /one OAuth client registration\) hold 6 MCP sessions.*DELETE \/mcp/ } })

  const second = await fill(await registerFrom(app, '198.51.100.66'))
  t.equal(second.opened, 3, 'registrations from one address hold 9 sessions together')
  t.equal(second.refused.status, 429)
  t.match(JSON.parse(second.refused.text), { error: { message: /registered from this application's address hold 9 MCP sessions/ } })

  // Strangers with more addresses fill what the caps allow OAuth sessions: 26 of 30 (1 user + 9 + 6 + 6 + 4).
  t.equal((await fill(await registerFrom(app, '192.0.2.1'))).opened, 6)
  t.equal((await fill(await registerFrom(app, '192.0.2.2'))).opened, 6)
  const last = await fill(await registerFrom(app, '192.0.2.3'))
  t.equal(last.opened, 4)
  t.equal(last.refused.status, 503, 'the table is full for OAuth sessions')
  t.match(JSON.parse(last.refused.text), { error: { message: /Too many open MCP sessions \(limit 30\)/ } })

  t.equal((await ping(bot, TEST_INTERNAL_KEY)).status, 200, 'the chat bot\'s session is still open')
  t.equal((await ping(userSid, user)).status, 200, 'the user\'s only session is still open')
  const newcomer = (await oauthLogin(app, { client: await registerFrom(app, '203.0.113.8') })).tokens.access_token
  t.equal((await postMcp(url, INITIALIZE, { authorization: `Bearer ${newcomer}` })).status, 503, 'a new sign-in waits for room; no one\'s session is taken for it')
  t.equal((await ping(userSid, user)).status, 200)
  for (let i = 0; i < 3; i++) t.ok(await openRawSession(url), 'the internal key opens sessions in the room kept for it')
  t.equal((await ping(bot, TEST_INTERNAL_KEY)).status, 200)
  t.equal(app.mcpSessions.size, 30)
})
