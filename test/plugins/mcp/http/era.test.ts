// The era shortcut never disagrees with the SDK: every body it calls modern, the SDK's own predicate does not
// route to the legacy era, whatever the headers say; bodies it is unsure of are left to the SDK.
import t from 'tap'
import { isLegacyRequest } from '@modelcontextprotocol/server'
import { claimsModernEnvelope } from '../../../../plugins/mcp/http/era.js'

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {}
}
const call = (extra: Record<string, unknown> = {}, meta: Record<string, unknown> = META) =>
  ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', arguments: {}, _meta: meta }, ...extra })

const claimed = [
  call(),
  call({}, { 'io.modelcontextprotocol/protocolVersion': '2025-11-25' }), // a claim naming an old revision: refused, not legacy
  call({}, { 'io.modelcontextprotocol/protocolVersion': 7 }), // a malformed claim: refused by the modern handler
  call({ id: { not: 'an id' } }),
  call({ jsonrpc: '1.0' }),
  { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, _meta: META } }
]
const unsure = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' }, _meta: META } },
  { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } },
  call({ result: {} }),
  call({ error: { code: 1, message: 'm' } }),
  [call()],
  { jsonrpc: '2.0', id: 1, method: 'tools/list', params: [META] },
  { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: [] } },
  null,
  'text'
]
const headerSets: Array<Record<string, string>> = [
  { 'content-type': 'application/json' },
  { 'content-type': 'application/json', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' },
  { 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25' },
  { 'content-type': 'application/json', 'mcp-method': 'tools/list' }
]

t.test('what the shortcut calls modern, the SDK never routes to the legacy era', async t => {
  for (const body of claimed) {
    t.equal(claimsModernEnvelope(body), true, JSON.stringify(body))
    for (const headers of headerSets) {
      t.equal(await isLegacyRequest(new Request('http://localhost/mcp', { method: 'POST', headers }), body), false, `${JSON.stringify(body)} with ${JSON.stringify(headers)}`)
    }
  }
})

t.test('initialize, responses, batches and bodies without a claim are left to the SDK', async t => {
  for (const body of unsure) t.equal(claimsModernEnvelope(body), false, JSON.stringify(body))
})
