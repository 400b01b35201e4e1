// Raw JSON-RPC for the task tests: the SDK client has no tasks runtime, so task methods go over plain POSTs.
import { TEST_INTERNAL_KEY } from '../../../helpers/build.js'
import { postMcp } from '../../../helpers/mcp-client.js'

export interface RpcReply { result?: any, error?: { code: number, message: string, data?: any } }

let nextId = 100

/** The one JSON-RPC response in a reply body (plain JSON or an SSE stream). */
export function parseReply (text: string): RpcReply {
  const trimmed = text.trim()
  if (trimmed.startsWith('{')) return JSON.parse(trimmed)
  const data = trimmed.split('\n').filter(l => l.startsWith('data: ')).map(l => JSON.parse(l.slice(6)))
  const reply = data.find(m => 'result' in m || 'error' in m)
  if (!reply) throw new Error(`no JSON-RPC response in: ${text.slice(0, 300)}`)
  return reply
}

/** Opens a 2025-11-25 session (raw initialize + initialized) with the given bearer. */
export async function openSession (url: URL, token = TEST_INTERNAL_KEY): Promise<string> {
  const auth = { authorization: `Bearer ${token}` }
  const init = await postMcp(url, {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } }
  }, auth)
  const sid = init.headers.get('mcp-session-id')
  if (!sid) throw new Error(`initialize failed: ${init.status} ${init.text}`)
  await postMcp(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, { ...auth, 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' })
  return sid
}

/** One request in a 2025 session. */
export async function legacyRpc (url: URL, sid: string, method: string, params: Record<string, unknown>, token = TEST_INTERNAL_KEY): Promise<RpcReply> {
  const res = await postMcp(url, { jsonrpc: '2.0', id: nextId++, method, params },
    { authorization: `Bearer ${token}`, 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' })
  return parseReply(res.text)
}

/**
 * One stateless 2026-07-28 request; `tasks` declares the tasks extension in the request's client capabilities,
 * `capabilities` adds others (elicitation, …).
 */
export async function modernRpc (url: URL, method: string, params: Record<string, unknown>, opts: { tasks?: boolean, token?: string, capabilities?: Record<string, unknown> } = {}): Promise<RpcReply> {
  const name = typeof params.name === 'string' ? params.name : typeof params.taskId === 'string' ? params.taskId : undefined
  const res = await postMcp(url, {
    jsonrpc: '2.0',
    id: nextId++,
    method,
    params: {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
        'io.modelcontextprotocol/clientCapabilities': { ...opts.capabilities, ...(opts.tasks && { extensions: { 'io.modelcontextprotocol/tasks': {} } }) }
      }
    }
  }, {
    authorization: `Bearer ${opts.token ?? TEST_INTERNAL_KEY}`,
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
    ...(name !== undefined && { 'mcp-name': name })
  })
  return parseReply(res.text)
}
