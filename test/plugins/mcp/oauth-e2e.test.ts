// End to end through the real SDK client and the real OAuth plugin, headless: 401 → discovery → DCR →
// authorize (auto-approved, the provider follows the 302 itself) → token → tools/call on a session bound
// to the OAuth grant → the access token expires → refresh with rotation → the call is retried transparently.
import t from 'tap'
import Fastify from 'fastify'
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client'
import configPlugin from '../../../plugins/config.js'
import originGuard from '../../../plugins/origin-guard.js'
import auth from '../../../plugins/auth.js'
import oauth from '../../../plugins/oauth.js'
import toolRegistry from '../../../plugins/tool-registry.js'
import mcp from '../../../plugins/mcp.js'
import { makeRoots, testConfig } from '../../helpers/build.js'
import { HeadlessOAuthProvider, freePort } from '../../helpers/oauth-client.js'
import { mcpTestTools } from './test-tools.js'

t.test('OAuth sign-in, tool call and refresh with rotation through the SDK client', async t => {
  // PUBLIC_URL is the URL the client types, so the port is chosen before the app is built.
  const port = await freePort()
  const publicUrl = `http://127.0.0.1:${port}`
  const roots = makeRoots()
  const clock = { now: Date.now() }
  const app = Fastify({ logger: false })
  await app.register(configPlugin, { config: testConfig(roots, { PUBLIC_URL: publicUrl }) })
  await app.register(originGuard)
  await app.register(auth)
  await app.register(oauth, { now: () => clock.now })
  await app.register(toolRegistry)
  for (const tool of mcpTestTools) app.tools.register(tool)
  await app.register(mcp)
  await app.listen({ port, host: '127.0.0.1' })
  t.teardown(async () => { await app.close(); roots.cleanup() })

  const url = new URL('/mcp', publicUrl)
  const provider = new HeadlessOAuthProvider(publicUrl)

  const first = new StreamableHTTPClientTransport(url, { authProvider: provider })
  const err = await new Client({ name: 'e2e', version: '1' }).connect(first).then(() => undefined, (e: unknown) => e)
  t.ok(err instanceof UnauthorizedError, 'the first connect needs authorization')
  t.ok(provider.clientInformation()?.client_id, 'the client registered dynamically')
  t.ok(provider.callbackParams?.get('code'), 'authorize redirected with a code')
  await first.finishAuth(provider.callbackParams!)
  t.equal(provider.issued.length, 1, 'code exchanged for tokens')

  const transport = new StreamableHTTPClientTransport(url, { authProvider: provider })
  const client = new Client({ name: 'e2e', version: '1' })
  await client.connect(transport)
  t.teardown(() => client.close())
  t.ok(transport.sessionId)

  const who = await client.callTool({ name: 'who_am_i', arguments: {} })
  t.match(who.structuredContent, { id: /^oauth:/, kind: 'oauth' })

  // Past the access token's lifetime (24 h), within the refresh token's (30 days).
  clock.now += 25 * 3600_000
  const again = await client.callTool({ name: 'echo_text', arguments: { text: 'after refresh' } })
  t.same(again.structuredContent, { echo: 'after refresh' })
  t.equal(provider.issued.length, 2, 'the SDK refreshed after the 401')
  t.not(provider.issued[1].access_token, provider.issued[0].access_token, 'new access token')
  t.ok(provider.issued[1].refresh_token, 'a refresh token came back')
  t.not(provider.issued[1].refresh_token, provider.issued[0].refresh_token, 'the refresh token rotated')
  const whoAfter = await client.callTool({ name: 'who_am_i', arguments: {} })
  t.same(whoAfter.structuredContent, who.structuredContent, 'the same grant still owns the session')
})
