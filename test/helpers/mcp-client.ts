// Real SDK clients against a listening test app, authenticated with a bearer through a custom fetch.
import { Client, StreamableHTTPClientTransport, type ClientCapabilities, type VersionNegotiationMode } from '@modelcontextprotocol/client'
import { EXTENSION_ID, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server'
import type { FastifyInstance } from 'fastify'
import { TEST_INTERNAL_KEY } from './build.js'

/** What a host that renders MCP Apps views declares. */
export const APPS_CAPABILITIES = { extensions: { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } } }

/** Starts the app on an ephemeral loopback port; returns the /mcp URL. */
export async function listenMcp (app: FastifyInstance): Promise<URL> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  return new URL('/mcp', address)
}

export interface ConnectOptions {
  token?: string
  mode?: VersionNegotiationMode
  /** What the client declares (e.g. elicitation, or an extension such as MCP Apps). */
  capabilities?: ClientCapabilities
  /** Sees every request the client sends (method, headers). */
  trace?: (method: string, headers: Headers) => void
  /** Runs before connecting, e.g. to register the client's request handlers. */
  prepare?: (client: Client) => void
}

/** Connects an SDK client; the bearer goes in through fetch so it is on every request, GET streams included. */
export async function connectClient (url: URL, options: ConnectOptions = {}) {
  const token = options.token ?? TEST_INTERNAL_KEY
  const transport = new StreamableHTTPClientTransport(url, {
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers)
      headers.set('authorization', `Bearer ${token}`)
      options.trace?.(init?.method ?? 'GET', headers)
      return fetch(input, { ...init, headers })
    }
  })
  const client = new Client({ name: 'mediastack-test', version: '1.0.0' }, {
    ...(options.mode !== undefined && { versionNegotiation: { mode: options.mode } }),
    ...(options.capabilities && { capabilities: options.capabilities })
  })
  options.prepare?.(client)
  await client.connect(transport)
  return { client, transport }
}

/** A raw JSON-RPC POST to /mcp (for what the SDK client will not send). */
export async function postMcp (url: URL, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${TEST_INTERNAL_KEY}`,
      ...headers
    },
    body: typeof body === 'string' ? body : JSON.stringify(body)
  })
  return { status: res.status, headers: res.headers, text: await res.text() }
}

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } }
}

/** Opens a 2025 session with a raw initialize; returns its id. */
export async function openRawSession (url: URL, headers: Record<string, string> = {}): Promise<string> {
  const res = await postMcp(url, INITIALIZE, headers)
  const sid = res.headers.get('mcp-session-id')
  if (res.status !== 200 || !sid) throw new Error(`initialize failed: ${res.status} ${res.text}`)
  return sid
}
