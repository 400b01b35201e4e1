// Issue 13.12: with a loopback PUBLIC_URL, localhost, 127.0.0.1 and [::1] are the same server. The real
// SDK client signs in and calls a tool at whichever name it was given, and a page served under another
// loopback name than PUBLIC_URL's is an allowed origin.
import t from 'tap'
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client'
import { buildTestApp } from '../../helpers/build.js'
import { HeadlessOAuthProvider, freePort } from '../../helpers/oauth-client.js'
import { mcpTestTools } from './test-tools.js'

t.test('PUBLIC_URL says localhost, the SDK client uses 127.0.0.1', async t => {
  const port = await freePort()
  const { app } = await buildTestApp(t, { config: { PUBLIC_URL: `http://localhost:${port}`, PORT: port }, build: { extraTools: mcpTestTools } })
  await app.listen({ port, host: '127.0.0.1' })
  const used = `http://127.0.0.1:${port}`
  const provider = new HeadlessOAuthProvider(used)
  const url = new URL('/mcp', used)

  const first = new StreamableHTTPClientTransport(url, { authProvider: provider })
  const err = await new Client({ name: 'loopback', version: '1' }).connect(first).then(() => undefined, (e: unknown) => e)
  t.ok(err instanceof UnauthorizedError, 'discovery and authorization ran (no resource mismatch)')
  t.equal(provider.callbackParams?.get('iss'), used, 'iss follows the name the client used')
  await first.finishAuth(provider.callbackParams!)

  const client = new Client({ name: 'loopback', version: '1' })
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }))
  t.teardown(() => client.close())
  t.ok((await client.listTools()).tools.length > 0, 'the token works at 127.0.0.1')

  const meta = await (await fetch(`http://localhost:${port}/.well-known/oauth-protected-resource/mcp`)).json()
  t.equal(meta.resource, `http://localhost:${port}/mcp`, 'and localhost still gets localhost')
  const preflight = await fetch(`${used}/mcp`, { method: 'OPTIONS', headers: { origin: used, 'access-control-request-method': 'POST' } })
  t.equal(preflight.status, 204, 'a page at 127.0.0.1 is an allowed origin')
  t.equal(preflight.headers.get('access-control-allow-origin'), used)
})

t.test('a non-loopback PUBLIC_URL is exact', async t => {
  const { app } = await buildTestApp(t, { config: { PUBLIC_URL: 'https://media.example.com' } })
  const meta = await app.inject({ url: '/.well-known/oauth-protected-resource/mcp', headers: { host: '127.0.0.1' } })
  t.equal(meta.json().resource, 'https://media.example.com/mcp')
  const refused = await app.inject({ method: 'OPTIONS', url: '/mcp', headers: { origin: 'http://localhost', 'access-control-request-method': 'POST' } })
  t.equal(refused.statusCode, 403)
})
