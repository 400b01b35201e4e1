// The MCP SDK client's own OAuth machinery (discovery, DCR, PKCE, code exchange with RFC 9207 iss
// check, refresh with rotation) against the real server over HTTP, driven by the headless provider.
import t from 'tap'
import { createServer } from 'node:net'
import { auth } from '@modelcontextprotocol/client'
import { buildTestApp } from '../../helpers/build.js'
import { HeadlessOAuthProvider } from '../../helpers/oauth-client.js'
import { addWhoami } from './clock-app.js'

async function freePort (): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    }).on('error', reject)
  })
}

async function listeningApp (t: { teardown: (fn: () => unknown) => void }) {
  const port = await freePort()
  await buildTestApp(t, { listenPort: port, beforeReady: addWhoami })
  return { base: `http://127.0.0.1:${port}` }
}

for (const method of ['none', 'client_secret_basic'] as const) {
  t.test(`SDK auth(): discovery → DCR → authorize → token → refresh (${method})`, async t => {
    const { base } = await listeningApp(t)
    const provider = new HeadlessOAuthProvider(base, method)
    const serverUrl = `${base}/mcp`

    t.equal(await auth(provider, { serverUrl }), 'REDIRECT', 'the SDK registered and sent the user to /authorize')
    t.ok(provider.clientInformation()?.client_id, 'registered through DCR')
    const params = provider.callbackParams!
    t.ok(params.get('code'))
    t.equal(await auth(provider, { serverUrl, authorizationCode: params.get('code')!, iss: params.get('iss')! }), 'AUTHORIZED')
    const first = provider.tokens()!
    t.equal(first.scope, 'mcp')

    const who = await fetch(`${base}/api/whoami`, { headers: { authorization: `Bearer ${first.access_token}` } })
    t.equal(who.status, 200)
    t.equal((await who.json()).clientId, provider.clientInformation()!.client_id)

    // With tokens saved, auth() refreshes (rotation) instead of authorizing again.
    t.equal(await auth(provider, { serverUrl }), 'AUTHORIZED')
    const second = provider.tokens()!
    t.not(second.refresh_token, first.refresh_token, 'refresh token rotated')
    t.not(second.access_token, first.access_token)
  })
}

t.test('the SDK refuses an authorization response whose iss is wrong (mix-up defence works with our iss)', async t => {
  const { base } = await listeningApp(t)
  const provider = new HeadlessOAuthProvider(base)
  const serverUrl = `${base}/mcp`
  await auth(provider, { serverUrl })
  await t.rejects(auth(provider, { serverUrl, authorizationCode: provider.callbackParams!.get('code')!, iss: 'https://evil.example.com' }))
})
