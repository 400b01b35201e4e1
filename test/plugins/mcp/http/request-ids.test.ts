// Issue 24 item 6: a request reusing the JSON-RPC id of a tools/call still running in the same session took
// over its reply stream, and the two callers received each other's replies. The reuse is now refused; every
// request gets its own reply.
import t from 'tap'
import { TEST_INTERNAL_KEY, buildTestApp } from '../../../helpers/build.js'
import { listenMcp, openRawSession, postMcp } from '../../../helpers/mcp-client.js'
import { until } from '../../../helpers/until.js'
import { mcpTestTools, slowStepsHold } from '../test-tools.js'

const V = { 'mcp-protocol-version': '2025-11-25' }
const call = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })
/** The JSON-RPC reply in an SSE answer (the last event), or the JSON body. */
function reply (text: string) {
  const events = text.split('\n\n').filter(e => e.includes('data: '))
  return JSON.parse(events.length ? events.at(-1)!.replace(/^(?:.*\n)*?data: /, '') : text)
}

t.test('an id still in flight in the session cannot be reused', async t => {
  const { app } = await buildTestApp(t, { build: { extraTools: mcpTestTools } })
  const url = await listenMcp(app)
  const sid = await openRawSession(url)
  const session = { ...V, 'mcp-session-id': sid }
  await postMcp(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, session)

  for (const [label, wrap] of [['one message', (m: unknown) => m], ['a batch', (m: unknown) => [m]]] as const) {
    await t.test(`the first call sent as ${label}`, async t => {
      slowStepsHold.hold()
      const slow = postMcp(url, wrap(call(5, 'slow_steps', { steps: 4 })), session)
      await until(() => slowStepsHold.waiting === 1)
      const second = await postMcp(url, call(5, 'echo_text', { text: 'second' }), session)
      slowStepsHold.release()
      t.equal(second.status, 400, 'the reuse is refused')
      t.match(JSON.parse(second.text), { error: { code: -32600, message: /id 5 is the id of a request still running in this session.*new id/ } })
      const first = reply((await slow).text)
      t.match(first, { id: 5, result: { structuredContent: { done: 4 } } }, 'the first call gets its own reply')
      const again = reply((await postMcp(url, call(5, 'echo_text', { text: 'after' }), session)).text)
      t.match(again, { id: 5, result: { content: [{ text: /after/ }] } }, 'once answered, the id is free')
    })
  }

  await t.test('a cancelled request keeps its id; a refused one never held it', async t => {
    const abort = new AbortController()
    // Held at its last step until this test ends: its handler surely still runs when the id is asked for again.
    slowStepsHold.hold()
    t.teardown(() => slowStepsHold.release())
    const slow = fetch(url, { method: 'POST', signal: abort.signal, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${TEST_INTERNAL_KEY}`, ...session }, body: JSON.stringify(call(6, 'slow_steps', { steps: 10 })) })
    await until(() => slowStepsHold.waiting === 1)
    await postMcp(url, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 6 } }, session)
    abort.abort()
    await slow.then(res => res.text()).catch(() => {})
    t.equal((await postMcp(url, call(6, 'echo_text', { text: 'x' }), session)).status, 400, 'its handler may still run: the id stays taken')
    const refused = await postMcp(url, call(7, 'echo_text', { text: 'x' }), { ...session, 'mcp-protocol-version': '1999-01-01' })
    t.equal(refused.status, 400)
    t.match(reply((await postMcp(url, call(7, 'echo_text', { text: 'y' }), session)).text), { id: 7, result: {} })
  })

  await t.test('two sessions keep their ids apart', async t => {
    const other = { ...V, 'mcp-session-id': await openRawSession(url) }
    slowStepsHold.hold()
    const slow = postMcp(url, call(8, 'slow_steps', { steps: 3 }), session)
    await until(() => slowStepsHold.waiting === 1)
    t.match(reply((await postMcp(url, call(8, 'echo_text', { text: 'z' }), other)).text), { id: 8, result: {} })
    slowStepsHold.release()
    t.match(reply((await slow).text), { id: 8, result: { structuredContent: { done: 3 } } })
  })
})
