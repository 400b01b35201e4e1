// 2025-11-25 era through the real SDK client: initialize → session, tools/list, tools/call, progress,
// logging, protocol errors, the registry's validation messages, DELETE.
import t from 'tap'
import { ProtocolError } from '@modelcontextprotocol/client'
import { buildTestApp } from '../../helpers/build.js'
import { connectClient, listenMcp, postMcp } from '../../helpers/mcp-client.js'
import { mcpTestTools } from './test-tools.js'

t.test('2025 era over a session', async t => {
  const { app } = await buildTestApp(t, { build: { extraTools: mcpTestTools } })
  const url = await listenMcp(app)
  const seen: string[] = []
  const { client, transport } = await connectClient(url, { trace: (method, headers) => seen.push(`${method} ${headers.get('mcp-session-id') ? 'sid' : '-'}`) })
  t.teardown(() => client.close())

  t.equal(client.getNegotiatedProtocolVersion(), '2025-11-25')
  t.ok(transport.sessionId, 'the server assigned a session id')
  t.equal(app.mcpSessions.size, 1)
  t.same(client.getServerVersion()?.name, 'mediastack-mcp')
  t.match(client.getServerCapabilities(), { tools: { listChanged: false }, logging: {} })

  await t.test('tools/list is the registry\'s precomputed list', async t => {
    const { tools } = await client.listTools()
    const echo = tools.find(tool => tool.name === 'echo_text')
    t.ok(echo)
    t.same(echo?.inputSchema, app.tools.list().find(tool => tool.name === 'echo_text')?.inputSchema, 'published verbatim')
    t.match(echo?.annotations, { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false })
    t.equal(tools.length, app.tools.list().length)
  })

  await t.test('tools/call returns structuredContent and text', async t => {
    const result = await client.callTool({ name: 'echo_text', arguments: { text: 'hi' } })
    t.same(result.structuredContent, { echo: 'hi' })
    t.match(result.content, [{ type: 'text', text: 'Echo: hi' }])
    t.notOk(result.isError)
  })

  await t.test('the tool sees the calling principal', async t => {
    const result = await client.callTool({ name: 'who_am_i', arguments: {} })
    t.same(result.structuredContent, { id: 'internal', kind: 'internal' })
  })

  await t.test('invalid arguments: isError with the registry\'s message, not the SDK\'s', async t => {
    const tooLong = await client.callTool({ name: 'echo_text', arguments: { text: 'x'.repeat(30) } })
    t.equal(tooLong.isError, true)
    t.match((tooLong.content as Array<{ text: string }>)[0].text, /Invalid arguments for echo_text: text/)
    const unknownArg = await client.callTool({ name: 'echo_text', arguments: { text: 'a', colour: 'red' } })
    t.equal(unknownArg.isError, true)
    t.match((unknownArg.content as Array<{ text: string }>)[0].text, /Unknown argument "colour"\. Accepted arguments: text\./)
  })

  await t.test('unknown tool is a JSON-RPC -32602 error', async t => {
    const err = await client.callTool({ name: 'no_such_tool', arguments: {} }).then(() => undefined, (e: unknown) => e)
    t.ok(err instanceof ProtocolError, 'a protocol error, not an isError result')
    t.equal((err as ProtocolError).code, -32602)
    t.match((err as Error).message, /Tool no_such_tool not found/)
  })

  await t.test('progress and log notifications arrive during a long call', async t => {
    const progress: number[] = []
    const logs: unknown[] = []
    client.setNotificationHandler('notifications/message', n => { logs.push(n.params.data) })
    await client.setLoggingLevel('info')
    const result = await client.callTool({ name: 'slow_steps', arguments: { steps: 3 } }, { onprogress: p => progress.push(p.progress) })
    t.same(result.structuredContent, { done: 3 })
    t.same(progress, [1, 2, 3])
    t.same(logs, [{ step: 1 }, { step: 2 }, { step: 3 }])
  })

  await t.test('log level is honoured per session', async t => {
    const logs: unknown[] = []
    client.setNotificationHandler('notifications/message', n => { logs.push(n.params.data) })
    await client.setLoggingLevel('error')
    await client.callTool({ name: 'slow_steps', arguments: { steps: 1 } })
    t.same(logs, [], 'info messages are filtered out at level error')
  })

  t.ok(seen.every(s => s === 'POST -' || s.endsWith('sid')), 'every request after initialize carries the session id')

  await t.test('DELETE ends the session; it is then unknown', async t => {
    const sid = transport.sessionId!
    await transport.terminateSession()
    t.equal(app.mcpSessions.size, 0)
    const after = await postMcp(url, { jsonrpc: '2.0', id: 9, method: 'tools/list' }, { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' })
    t.equal(after.status, 404)
    t.match(JSON.parse(after.text), { error: { code: -32001, message: /Session not found/ } })
  })
})
