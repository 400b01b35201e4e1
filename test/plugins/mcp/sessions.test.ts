// Session misuse and limits: no bearer, a session used with another credential, unknown and expired
// sessions, missing session id, the cap, malformed bodies, and a prompt app.close() with an open GET stream.
import t from 'tap'
import type { Principal } from '../../../core/principal.js'
import { TEST_INTERNAL_KEY, buildTestApp } from '../../helpers/build.js'
import { INITIALIZE, connectClient, listenMcp, openRawSession, postMcp } from '../../helpers/mcp-client.js'
import { mcpTestTools } from './test-tools.js'

const OTHER_TOKEN = 'other-principal-token-0123456789abcdef'
const OTHER: Principal = { id: 'oauth:grant-2', kind: 'oauth', clientId: 'client-2', scopes: ['mcp'] }
const V = { 'mcp-protocol-version': '2025-11-25' }
const LIST = { jsonrpc: '2.0', id: 2, method: 'tools/list' }

t.test('session rules', async t => {
  const { app } = await buildTestApp(t, { build: { extraTools: mcpTestTools } })
  app.setAccessTokenVerifier(token => token === OTHER_TOKEN ? OTHER : undefined)
  const url = await listenMcp(app)

  await t.test('no bearer → 401 with WWW-Authenticate', async t => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(INITIALIZE) })
    t.equal(res.status, 401)
    t.match(res.headers.get('www-authenticate'), /^Bearer resource_metadata="http:\/\/127\.0\.0\.1:3000\/\.well-known\/oauth-protected-resource\/mcp"/)
    t.equal(app.mcpSessions.size, 0, 'nothing was opened')
  })

  await t.test('a session is bound to the credential that opened it', async t => {
    const sid = await openRawSession(url)
    const other = { ...V, 'mcp-session-id': sid, authorization: `Bearer ${OTHER_TOKEN}` }
    const post = await postMcp(url, LIST, other)
    t.equal(post.status, 403)
    t.match(JSON.parse(post.text), { jsonrpc: '2.0', error: { code: -32000, message: /opened with another credential/ }, id: null })
    const get = await fetch(url, { headers: { ...other, accept: 'text/event-stream' } })
    t.equal(get.status, 403)
    await get.body?.cancel()
    const del = await fetch(url, { method: 'DELETE', headers: other })
    t.equal(del.status, 403, 'another credential cannot end it either')
    const own = await postMcp(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, { ...V, 'mcp-session-id': sid })
    t.equal(own.status, 202, 'the owner still can use it')
    const ownList = await postMcp(url, LIST, { ...V, 'mcp-session-id': sid })
    t.equal(ownList.status, 200)
  })

  await t.test('the other principal works on its own session through the SDK client', async t => {
    const { client } = await connectClient(url, { token: OTHER_TOKEN })
    t.teardown(() => client.close())
    const who = await client.callTool({ name: 'who_am_i', arguments: {} })
    t.same(who.structuredContent, { id: 'oauth:grant-2', kind: 'oauth' })
  })

  await t.test('unknown session → 404', async t => {
    const res = await postMcp(url, LIST, { ...V, 'mcp-session-id': 'f1d7b0c2-0000-4000-8000-000000000000' })
    t.equal(res.status, 404)
    t.match(JSON.parse(res.text), { error: { code: -32001, message: /Send initialize/ } })
  })

  await t.test('idle sessions expire → 404', async t => {
    const sid = await openRawSession(url)
    t.equal(app.mcpSessions.sweep(), 0, 'a fresh session is not idle')
    const closed = app.mcpSessions.sweep(Date.now() + app.mcpSessions.limits.idleMs + 1000)
    t.ok(closed >= 1)
    const res = await postMcp(url, LIST, { ...V, 'mcp-session-id': sid })
    t.equal(res.status, 404)
  })

  await t.test('missing session id on a non-initialize request → 400', async t => {
    const res = await postMcp(url, LIST, V)
    t.equal(res.status, 400)
    t.match(JSON.parse(res.text), { error: { code: -32000, message: /Mcp-Session-Id header is required/ } })
    const get = await fetch(url, { headers: { authorization: `Bearer ${TEST_INTERNAL_KEY}`, accept: 'text/event-stream' } })
    t.equal(get.status, 400)
    await get.body?.cancel()
  })

  await t.test('malformed JSON → JSON-RPC parse error', async t => {
    const res = await postMcp(url, '{"jsonrpc":', V)
    t.equal(res.status, 400)
    t.match(JSON.parse(res.text), { jsonrpc: '2.0', error: { code: -32700 } })
    t.notMatch(res.text, /at .*\.ts/, 'no stack trace')
  })

  await t.test('the cap answers 503 with a clear error', async t => {
    const before = app.mcpSessions.limits.max
    app.mcpSessions.configure({ max: app.mcpSessions.size })
    t.teardown(() => app.mcpSessions.configure({ max: before }))
    const res = await postMcp(url, INITIALIZE)
    t.equal(res.status, 503)
    t.equal(res.headers.get('retry-after'), '30')
    t.match(JSON.parse(res.text), { error: { code: -32000, message: /Too many open MCP sessions \(limit \d+\)/ } })
  })
})

t.test('app.close() with an open GET stream returns promptly', async t => {
  const { app } = await buildTestApp(t, { build: { extraTools: mcpTestTools } })
  const url = await listenMcp(app)
  const sid = await openRawSession(url)
  await postMcp(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, { ...V, 'mcp-session-id': sid })
  const stream = await fetch(url, { headers: { ...V, authorization: `Bearer ${TEST_INTERNAL_KEY}`, accept: 'text/event-stream', 'mcp-session-id': sid } })
  t.equal(stream.status, 200)
  t.equal(stream.headers.get('content-type'), 'text/event-stream')
  const drained = stream.text().then(() => 'ended', () => 'ended')
  // The stream never ends on its own: close returning at all (within the test's timeout) is the server ending it.
  await app.close()
  t.equal(await drained, 'ended', 'the client saw the stream end')
})
