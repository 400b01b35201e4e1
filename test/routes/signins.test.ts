// /api/dashboard/signins (issue 36 item 8): the dashboard lists who is signed in as whom, by client (name, id, when
// signed in, when last used, open MCP sessions) without a token or secret; the owner ends one, and its next call,
// its refresh and its MCP session are refused with the reason, until it signs in again. A person sees only their own
// sign-ins and ends none.
import t from 'tap'
import { createHash } from 'node:crypto'
import { buildTestApp, TEST_INTERNAL_KEY } from '../helpers/build.js'
import { oauthLogin, refreshTokens, type LoginResult } from '../helpers/oauth-client.js'
import { listenMcp, openRawSession, postMcp } from '../helpers/mcp-client.js'

const people = {
  NOTIFY_URLS: 'alice=json://127.0.0.1:9/alice bob=json://127.0.0.1:9/bob',
  NOTIFY_PEOPLE: 'alice=telegram:111 bob=telegram:222'
}
const START = Date.parse('2026-11-28T20:00:00Z')
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

async function setup (t: Parameters<typeof buildTestApp>[0], config: Record<string, unknown> = {}) {
  const clock = { now: START }
  const built = await buildTestApp(t, { config: { ...people, ...config }, build: { plugins: { oauth: { now: () => clock.now } } } })
  const signIn = (person: string, name: string) => oauthLogin(built.app, { person, metadata: { client_name: name } })
  const bearer = (login: LoginResult | string) => ({ authorization: `Bearer ${typeof login === 'string' ? login : login.tokens.access_token}` })
  const list = (login: LoginResult | string) => built.app.inject({ url: '/api/dashboard/signins', headers: bearer(login) })
  const end = (login: LoginResult | string, id: string) => built.app.inject({ method: 'POST', url: `/api/dashboard/signins/${id}/end`, headers: bearer(login) })
  return { ...built, clock, signIn, bearer, list, end }
}

t.test('the owner sees every sign-in by person and client, a person their own; no token or secret is listed', async t => {
  const { clock, signIn, list } = await setup(t)
  const alice = await signIn('alice', 'Alice\'s phone')
  clock.now += 60_000
  const bob = await signIn('bob', 'Bob <b>laptop</b>')
  clock.now += 60_000
  const owner = await signIn('owner', 'Owner desk')
  clock.now += 5 * 60_000
  const aliceView = await list(alice)
  t.equal(aliceView.statusCode, 200)
  t.same(aliceView.json().you, { person: 'alice', owner: false })
  t.same(aliceView.json().signIns.map((s: any) => [s.person, s.clientName, s.current]), [['alice', 'Alice\'s phone', true]], 'a person sees only their own sign-ins')

  const res = await list(owner)
  t.same(res.json().you, { person: 'owner', owner: true })
  const rows = res.json().signIns
  t.same(rows.map((s: any) => [s.person, s.clientName, s.client, s.current]), [
    ['alice', 'Alice\'s phone', 'registered', false],
    ['owner', 'Owner desk', 'registered', true],
    ['bob', 'Bob <b>laptop</b>', 'registered', false]
  ], 'by person and client, the most recently used first (alice called just now)')
  const aliceRow = rows[0]
  t.equal(aliceRow.clientId, alice.client.client_id)
  t.equal(aliceRow.signedInAt, new Date(START).toISOString(), 'when it signed in')
  t.equal(aliceRow.lastUsedAt, new Date(clock.now).toISOString(), 'when it last called the server')
  t.equal(rows[2].lastUsedAt, new Date(START + 60_000).toISOString(), 'bob has not called since signing in')
  t.match(aliceRow, { id: /^[A-Za-z0-9_-]{12}$/, scopes: ['mcp'], mcpSessions: 0 })

  const body = res.body
  for (const login of [alice, bob, owner]) {
    for (const secret of [login.tokens.access_token, login.tokens.refresh_token!, login.code, login.verifier]) {
      t.notOk(body.includes(secret) || body.includes(sha256(secret)), 'no token, code or hash of one is listed')
    }
  }

  const internal = await list(TEST_INTERNAL_KEY)
  t.equal(internal.json().signIns.length, 3, 'the internal key (the owner\'s bot) sees every sign-in')
  t.same(internal.json().you, { owner: true })
})

t.test('the owner ends a sign-in: its calls, refresh and MCP session are refused with the reason; a person cannot end one', async t => {
  const { app, signIn, list, end, bearer } = await setup(t)
  const alice = await signIn('alice', 'Alice\'s phone')
  const bob = await signIn('bob', 'Bob laptop')
  const owner = await signIn('owner', 'Owner desk')
  const url = await listenMcp(app)
  const session = await openRawSession(url, bearer(alice))
  const aliceRow = (await list(owner)).json().signIns.find((s: any) => s.person === 'alice')
  t.equal(aliceRow.mcpSessions, 1, 'her open MCP session is counted')

  const refused = await end(bob, aliceRow.id)
  t.equal(refused.statusCode, 403)
  t.match(refused.json(), { error: 'not_owner', message: /Only the owner can end a sign-in; bob is signed in as themselves/ })
  t.equal((await list(alice)).statusCode, 200, 'alice is still signed in')

  const ended = await end(owner, aliceRow.id)
  t.equal(ended.statusCode, 200)
  t.match(ended.json(), { mcpSessionsClosed: 1, signIn: { id: aliceRow.id, person: 'alice', clientName: 'Alice\'s phone' } })
  t.match(ended.json().message, /Ended the sign-in of Alice's phone signed in as alice and closed its 1 MCP session\(s\)/)

  const call = await list(alice)
  t.equal(call.statusCode, 401)
  t.match(call.json(), { error: 'invalid_token', error_description: /The owner ended this sign-in from the dashboard.*Sign in again/ })
  t.match(String(call.headers['www-authenticate']), /error="invalid_token", error_description="The owner ended this sign-in/)
  const mcp = await postMcp(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { ...bearer(alice), 'mcp-session-id': session })
  t.equal(mcp.status, 401, 'her MCP session is refused too')
  t.match(mcp.text, /The owner ended this sign-in/)
  const refresh = await refreshTokens(app, alice.client, alice.tokens.refresh_token!)
  t.equal(refresh.statusCode, 400)
  t.match(refresh.json(), { error: 'invalid_grant', error_description: /The owner ended this sign-in/ })

  t.same((await list(owner)).json().signIns.map((s: any) => s.person).sort(), ['bob', 'owner'], 'the list no longer shows it')
  t.equal((await end(owner, aliceRow.id)).statusCode, 404, 'an ended sign-in cannot be ended twice')
  t.equal((await list(bob)).statusCode, 200, 'other sign-ins go on')
  const again = await signIn('alice', 'Alice\'s phone')
  t.equal((await list(again)).statusCode, 200, 'signing in again works')

  const audit = app.audit.store.list({ offset: 0, limit: 10, action: 'dashboard.end_signin' }).items.map(e => e.outcome)
  t.same(audit.sort(), ['ok', 'refused', 'refused'], 'every attempt is in the audit trail: bob\'s refused, the owner\'s done, the second 404 refused')
})

t.test('with the file store, an ended sign-in stays ended across a restart', async t => {
  const built = await setup(t, { OAUTH_STORE: 'file' })
  const alice = await built.signIn('alice', 'Alice\'s phone')
  const owner = await built.signIn('owner', 'Owner desk')
  const row = (await built.list(owner)).json().signIns.find((s: any) => s.person === 'alice')
  t.equal((await built.end(owner, row.id)).statusCode, 200)
  const again = await built.restart()
  const res = await again.app.inject({ url: '/api/dashboard/signins', headers: built.bearer(alice) })
  t.equal(res.statusCode, 401)
  t.match(res.json().error_description, /The owner ended this sign-in/)
  const ownerView = await again.app.inject({ url: '/api/dashboard/signins', headers: built.bearer(owner) })
  t.same(ownerView.json().signIns.map((s: any) => s.person), ['owner'])
})
