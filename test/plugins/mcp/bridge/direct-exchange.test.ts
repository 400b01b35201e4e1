// The 2025-era hot path (plugins/mcp/bridge/direct-exchange.ts): a session's tools/call answered without the SDK
// transport's web conversions must look exactly like the transport's own answer. The same request sent as a
// one-message batch still goes through the transport, so each case compares the two answers byte for byte.
import t from 'tap'
import { TEST_INTERNAL_KEY, buildTestApp } from '../../../helpers/build.js'
import { listenMcp, openRawSession, postMcp } from '../../../helpers/mcp-client.js'
import { until } from '../../../helpers/until.js'
import { mcpTestTools, slowStepsHold } from '../test-tools.js'

const V = { 'mcp-protocol-version': '2025-11-25' }

function comparable (res: { status: number, headers: Headers, text: string }) {
  const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date'))
  return { status: res.status, headers, text: res.text }
}

t.test('a session tools/call answered directly equals the transport answer', async t => {
  const { app } = await buildTestApp(t, { build: { extraTools: mcpTestTools } })
  const url = await listenMcp(app)
  const sid = await openRawSession(url)
  const session = { ...V, 'mcp-session-id': sid }
  await postMcp(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, session)

  await t.test('a plain call: one SSE event with the result, the same headers', async t => {
    const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo_text', arguments: { text: 'hi' } } }
    const direct = await postMcp(url, call, session)
    const viaTransport = await postMcp(url, [call], session)
    t.equal(direct.status, 200)
    t.equal(direct.headers.get('content-type'), 'text/event-stream')
    t.equal(direct.headers.get('mcp-session-id'), sid)
    t.match(direct.text, /^event: message\ndata: \{"result":\{.*"jsonrpc":"2\.0","id":7\}\n\n$/)
    t.same(comparable(direct), comparable(viaTransport))
  })

  await t.test('progress and log notifications go on the call stream, in order, before the result', async t => {
    await postMcp(url, { jsonrpc: '2.0', id: 8, method: 'logging/setLevel', params: { level: 'info' } }, session)
    const call = { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'slow_steps', arguments: { steps: 2 }, _meta: { progressToken: 'p1' } } }
    const direct = await postMcp(url, call, session)
    const viaTransport = await postMcp(url, [call], session)
    const events = direct.text.split('\n\n').filter(Boolean).map(e => JSON.parse(e.replace(/^event: message\ndata: /, '')))
    t.same(events.map(e => e.method ?? 'result'), ['notifications/progress', 'notifications/message', 'notifications/progress', 'notifications/message', 'result'])
    t.same(comparable(direct), comparable(viaTransport))
  })

  await t.test('requests the transport refuses are still refused by it', async t => {
    const call = { jsonrpc: '2.0', id: 10, method: 'tools/call', params: { name: 'echo_text', arguments: { text: 'x' } } }
    const version = await postMcp(url, call, { ...session, 'mcp-protocol-version': '1999-01-01' })
    t.equal(version.status, 400)
    t.match(JSON.parse(version.text), { error: { message: /Unsupported protocol version: 1999-01-01/ } })
    const accept = await postMcp(url, call, { ...session, accept: 'application/json' })
    t.equal(accept.status, 406)
    const malformed = await postMcp(url, { jsonrpc: '2.0', id: 11, method: 'tools/call', params: { name: 'echo_text' }, extra: true }, session)
    t.equal(malformed.status, 400, 'a message the JSON-RPC schema rejects')
  })

  await t.test('ending the session ends a call stream still open', async t => {
    const sid2 = await openRawSession(url)
    const own = { ...V, 'mcp-session-id': sid2 }
    const call = { jsonrpc: '2.0', id: 12, method: 'tools/call', params: { name: 'slow_steps', arguments: { steps: 10 } } }
    slowStepsHold.hold() // the call surely runs when the session ends
    const pending = postMcp(url, call, own)
    await until(() => slowStepsHold.waiting === 1)
    const del = await fetch(url, { method: 'DELETE', headers: { ...own, authorization: `Bearer ${TEST_INTERNAL_KEY}` } })
    t.equal(del.status, 200)
    slowStepsHold.release()
    const res = await pending
    t.equal(res.status, 200)
    t.notMatch(res.text, /"result"/, 'no result after the session ended')
  })

  await t.test('a call answered without the session server is still cancelled by notifications/cancelled', async t => {
    const sid3 = await openRawSession(url)
    const own = { ...V, 'mcp-session-id': sid3 }
    await postMcp(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, own)
    const answered = app.mcpFastPaths.served.directAnswer
    // Held at its last step until the cancel is in: then let go, it would answer if the cancel had not reached it.
    slowStepsHold.hold()
    const finishedBefore = slowStepsHold.finished
    const pending = postMcp(url, { jsonrpc: '2.0', id: 30, method: 'tools/call', params: { name: 'slow_steps', arguments: { steps: 10 } } }, own)
    await until(() => slowStepsHold.waiting === 1)
    const cancel = await postMcp(url, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 30, reason: 'changed my mind' } }, own)
    t.equal(cancel.status, 202)
    // With MCP_FAST_PATHS=off the SDK serves it, and must behave the same.
    t.equal(app.mcpFastPaths.served.directAnswer, app.mcpFastPaths.on ? answered + 1 : 0, 'the call took the direct answer when the fast paths are on')
    slowStepsHold.release()
    // Its handler returned; the answer it would give goes out in the same turns of the event loop.
    await until(() => slowStepsHold.finished === finishedBefore + 1)
    await new Promise(resolve => setImmediate(resolve))
    await fetch(url, { method: 'DELETE', headers: { ...own, authorization: `Bearer ${TEST_INTERNAL_KEY}` } })
    const res = await pending
    t.match(res.text, /notifications\/message/, 'the call had started')
    t.notMatch(res.text, /"result"/, 'a cancelled call gets no result, as from the SDK')
  })
})
