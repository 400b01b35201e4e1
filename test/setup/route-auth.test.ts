// Who may run setup: the internal key or an OAuth token with the setup scope (approval page only); a plain
// auto-approved token can read the status but gets 403 with what to do. Browser-supplied config roots are
// confined to the configured root.
import t from 'tap'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildTestApp } from '../helpers/build.js'
import { TEST_INTERNAL_KEY } from '../helpers/build.js'
import { authorizePath, oauthLogin, pkcePair, registerClient, tokenRequest } from '../helpers/oauth-client.js'
import { startSetupStack, type SetupStack } from './stack.js'
import { until } from '../helpers/until.js'

const PASSPHRASE = 'correct horse battery staple'
const internal = { authorization: `Bearer ${TEST_INTERNAL_KEY}` }

async function appFor (t: { teardown: (fn: () => unknown) => void }, stack: SetupStack): Promise<FastifyInstance> {
  const { app } = await buildTestApp(t, { settings: stack.config })
  return app
}

/** An access token approved on the passphrase page, with the scopes asked for. */
async function approvedToken (app: FastifyInstance, scope: string): Promise<string> {
  const client = await registerClient(app)
  const { verifier, challenge } = pkcePair()
  const page = await app.inject({ url: authorizePath(client, { challenge, method: 'S256', state: 'st', scope }) })
  const requestId = /name="request_id" value="([^"]+)"/.exec(page.body)?.[1]
  const cookie = String(page.headers['set-cookie'] ?? '').split(';')[0]
  const approved = await app.inject({
    method: 'POST',
    url: '/authorize',
    payload: new URLSearchParams({ request_id: requestId!, passphrase: PASSPHRASE }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:3000', cookie }
  })
  const code = new URL(String(approved.headers.location)).searchParams.get('code')!
  const tokens = await tokenRequest(app, client, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: client.redirect_uris[0] })
  return tokens.json().access_token
}

t.test('no token: 401; an auto-approved token: status yes, setup 403 with how to get the scope', async t => {
  const stack = await startSetupStack(t)
  const app = await appFor(t, stack)
  t.equal((await app.inject({ method: 'GET', url: '/api/setup' })).statusCode, 401)
  t.equal((await app.inject({ method: 'POST', url: '/api/setup', payload: {} })).statusCode, 401)

  const { tokens } = await oauthLogin(app)
  const bearer = { authorization: `Bearer ${tokens.access_token}` }
  t.equal((await app.inject({ method: 'GET', url: '/api/setup', headers: bearer })).statusCode, 200, 'status is readable')
  const res = await app.inject({ method: 'POST', url: '/api/setup', headers: bearer, payload: { dryRun: true } })
  t.equal(res.statusCode, 403)
  t.equal(res.json().error, 'insufficient_scope')
  t.match(res.json().hint, /OAUTH_APPROVAL_PASSPHRASE/)
  t.match(res.headers['www-authenticate'], /insufficient_scope/)
  t.equal(stack.sonarr.downloadClients.entries.length, 0, 'nothing ran')
})

t.test('a token approved with the passphrase and the setup scope may run setup', async t => {
  const stack = await startSetupStack(t, { OAUTH_APPROVAL_PASSPHRASE: PASSPHRASE })
  const app = await appFor(t, stack)
  const token = await approvedToken(app, 'mcp setup')
  const res = await app.inject({ method: 'POST', url: '/api/setup', headers: { authorization: `Bearer ${token}` }, payload: { steps: ['root_folders', 'keys'] } })
  t.equal(res.statusCode, 200, res.body)
  t.same(res.json().results.map((r: { status: string }) => r.status), ['done', 'done', 'done', 'skipped', 'done', 'done', 'done'])
  const mcpOnly = await approvedToken(app, 'mcp')
  t.equal((await app.inject({ method: 'POST', url: '/api/setup', headers: { authorization: `Bearer ${mcpOnly}` }, payload: {} })).statusCode, 403, 'approved but without the setup scope')
})

t.test('a browser origin not on the list is refused before anything runs', async t => {
  const stack = await startSetupStack(t)
  const app = await appFor(t, stack)
  const res = await app.inject({ method: 'POST', url: '/api/setup', headers: { ...internal, origin: 'https://evil.example.com' }, payload: {} })
  t.equal(res.statusCode, 403)
  t.equal(stack.sonarr.downloadClients.entries.length, 0)
})

t.test('configRoot: only the configured root or a folder inside it', async t => {
  const stack = await startSetupStack(t)
  const app = await appFor(t, stack)
  for (const configRoot of ['/etc', stack.roots.base, join(stack.configRoot, '..'), 'relative/dir', `${stack.configRoot}/../state`]) {
    const res = await app.inject({ method: 'POST', url: '/api/setup', headers: internal, payload: { configRoot, steps: ['keys'] } })
    t.equal(res.statusCode, 400, `${configRoot} refused`)
    t.match(res.json().message, /configured config root/)
  }
  mkdirSync(join(stack.configRoot, 'nested', 'sonarr'), { recursive: true })
  const inside = await app.inject({ method: 'POST', url: '/api/setup', headers: internal, payload: { configRoot: join(stack.configRoot, 'nested'), steps: ['key.sonarr'] } })
  t.equal(inside.statusCode, 200)
  t.match(inside.json().results[0], { step: 'key.sonarr', status: 'failed', message: /sonarr\/config\.xml was not found/ })
})

t.test('unknown steps and malformed bodies are refused', async t => {
  const stack = await startSetupStack(t)
  const app = await appFor(t, stack)
  const res = await app.inject({ method: 'POST', url: '/api/setup', headers: internal, payload: { steps: ['format_disk'] } })
  t.equal(res.statusCode, 400)
  t.equal(res.json().error, 'invalid_request')
  const bad = await app.inject({ method: 'POST', url: '/api/setup', headers: internal, payload: { dryRun: 'yes please', jellyfin: { adminToken: '' } } })
  t.equal(bad.statusCode, 400)
  t.equal(stack.sonarr.downloadClients.entries.length, 0)
})

t.test('one run at a time', async t => {
  const stack = await startSetupStack(t)
  const app = await appFor(t, stack)
  stack.sonarr.faults.set('slow', { delayMs: 2_000, count: 1 })
  const first = app.inject({ method: 'POST', url: '/api/setup', headers: internal, payload: { steps: ['key.sonarr', 'root_folder.tv'] } })
  // The first run is under way once the slowed manager holds its request.
  await until(() => stack.sonarr.faults.hits > 0)
  const second = await app.inject({ method: 'POST', url: '/api/setup', headers: internal, payload: { steps: ['key.sonarr'] } })
  t.equal(second.statusCode, 409)
  t.equal(second.json().error, 'setup_running')
  t.equal((await first).statusCode, 200)
})
