// What a tool result puts on the wire (docs/answers.md): the summary and a compact text of the data for the
// model, the JSON once as structuredContent, so a 100-row library page stays under 40 KB; a client on a
// revision before structuredContent (2025-03-26) gets the serialized JSON as text instead, as MCP asks.
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { INITIALIZE, listenMcp, postMcp } from '../../helpers/mcp-client.js'
import { seedLargeManagers } from '../../../bench/large-library-seed.js'

const MODERN = '2026-07-28'
const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} }
const LIMIT = 40 * 1024

const call = (name: string, args: Record<string, unknown>, meta?: Record<string, unknown>) =>
  ({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: args, ...(meta && { _meta: meta }) } })
const fromSse = (text: string) => JSON.parse(text.replace(/^event: message\ndata: /, '').trim())

async function session (url: URL, protocolVersion: string) {
  const res = await postMcp(url, { ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion } })
  const headers = { 'mcp-protocol-version': protocolVersion, 'mcp-session-id': res.headers.get('mcp-session-id')! }
  await postMcp(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)
  return headers
}

t.test('a 100-row library page: each fact once, under 40 KB', async t => {
  const stack = await startServarrStack(t)
  seedLargeManagers(stack.sonarr, stack.radarr, { series: 150, movies: 150 })
  const url = await listenMcp(stack.app)

  for (const tool of ['movie_status', 'series_status']) {
    await t.test(`${tool} on ${MODERN}`, async t => {
      const res = await postMcp(url, call(tool, { view: 'library', limit: 100 }, ENVELOPE), { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': tool })
      t.equal(res.status, 200)
      t.ok(res.text.length < LIMIT, `${res.text.length} bytes on the wire`)
      const { result } = JSON.parse(res.text)
      t.equal(result.structuredContent.items.length, 100)
      const text = result.content.map((c: { text: string }) => c.text).join('\n')
      t.notMatch(text, /"title":/, 'the JSON is not repeated as text')
      // Every row's title and id still reach a client that reads only the text.
      const idKey = tool === 'movie_status' ? 'movieId' : 'seriesId'
      for (const row of result.structuredContent.items) t.ok(text.includes(`${row[idKey]}|`) && text.includes(row.title), row.title)
    })
  }

  await t.test('a 2025-11-25 session gets the same split', async t => {
    const headers = await session(url, '2025-11-25')
    const res = await postMcp(url, call('movie_status', { view: 'library', limit: 100 }), headers)
    t.ok(res.text.length < LIMIT, `${res.text.length} bytes on the wire`)
    t.notMatch(fromSse(res.text).result.content[1].text, /^\{/)
  })

  await t.test('a 2025-03-26 session (no structuredContent yet) gets the serialized JSON as text', async t => {
    const headers = await session(url, '2025-03-26')
    const res = await postMcp(url, call('movie_status', { view: 'library', limit: 5 }), headers)
    const { result } = fromSse(res.text)
    t.match(result.content[0].text, /^library: showing 5 of \d+/)
    t.same(JSON.parse(result.content[1].text), result.structuredContent)
    t.equal(result.content.length, 2)
  })
})
