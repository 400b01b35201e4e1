// 2026-07-28 era: a dual-era client ('auto') and a pinned one get stateless serving on the same /mcp route,
// with the same tools, errors and progress as the 2025 era.
import t from 'tap'
import { ProtocolError } from '@modelcontextprotocol/client'
import { buildTestApp } from '../../helpers/build.js'
import { connectClient, listenMcp, postMcp } from '../../helpers/mcp-client.js'
import { mcpTestTools } from './test-tools.js'

t.test('2026-07-28 era', async t => {
  const { app } = await buildTestApp(t, { build: { extraTools: mcpTestTools } })
  const url = await listenMcp(app)

  for (const mode of ['auto', { pin: '2026-07-28' }] as const) {
    await t.test(`client mode ${JSON.stringify(mode)}`, async t => {
      const methods: string[] = []
      const { client, transport } = await connectClient(url, { mode, trace: (_m, headers) => methods.push(headers.get('mcp-method') ?? '-') })
      t.teardown(() => client.close())
      t.equal(client.getNegotiatedProtocolVersion(), '2026-07-28')
      t.equal(client.getProtocolEra(), 'modern')
      t.equal(transport.sessionId, undefined, 'no session in the stateless era')
      t.equal(app.mcpSessions.size, 0)
      t.equal(methods[0], 'server/discover', 'the client discovered instead of initializing')
      t.notOk(methods.includes('initialize'))

      const { tools } = await client.listTools()
      t.same(tools.map(tool => tool.name).sort(), app.tools.list().map(tool => tool.name).sort())

      const echo = await client.callTool({ name: 'echo_text', arguments: { text: 'modern' } })
      t.same(echo.structuredContent, { echo: 'modern' })

      const who = await client.callTool({ name: 'who_am_i', arguments: {} })
      t.same(who.structuredContent, { id: 'internal', kind: 'internal' })

      const bad = await client.callTool({ name: 'echo_text', arguments: {} })
      t.equal(bad.isError, true)
      t.match((bad.content as Array<{ text: string }>)[0].text, /Invalid arguments for echo_text: text/)

      const err = await client.callTool({ name: 'no_such_tool', arguments: {} }).then(() => undefined, (e: unknown) => e)
      t.ok(err instanceof ProtocolError)
      t.equal((err as ProtocolError).code, -32602)

      const progress: number[] = []
      const result = await client.callTool({ name: 'slow_steps', arguments: { steps: 4 } }, { onprogress: p => progress.push(p.progress) })
      t.same(result.structuredContent, { done: 4 })
      t.same(progress, [1, 2, 3, 4], 'progress arrives over the upgraded SSE response')
    })
  }

  await t.test('server/discover by hand lists only 2026-07-28 and our capabilities', async t => {
    const res = await postMcp(url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'server/discover',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
          'io.modelcontextprotocol/clientCapabilities': {}
        }
      }
    }, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' })
    t.equal(res.status, 200)
    const body = JSON.parse(res.text)
    t.same(body.result.supportedVersions, ['2026-07-28'])
    t.match(body.result.capabilities, { tools: {}, logging: {} })
    t.equal(res.headers.get('mcp-session-id'), null)
  })

  await t.test('tools/list carries the cache hints', async t => {
    const res = await postMcp(url, {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/list',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
          'io.modelcontextprotocol/clientCapabilities': {}
        }
      }
    }, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' })
    t.equal(res.status, 200)
    const body = JSON.parse(res.text)
    t.equal(body.result.ttlMs, 600_000)
    t.equal(body.result.cacheScope, 'private')
    t.equal(body.result.tools.length, app.tools.list().length)
  })
})
