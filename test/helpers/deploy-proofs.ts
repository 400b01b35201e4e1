// What a deployment mode must do end to end, proven through its real entry point (Caddy, the tunnel's
// stand-in) in front of the real server: the SDK client signs in with OAuth and gets a tool's progress
// streamed over SSE; per-client limits see each visitor's own address; a request that goes around the
// entry point cannot pass off a forged address, and a Host the mode does not name is refused; the dashboard
// signs in in Chromium.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Agent, fetch as undiciFetch, request } from 'undici'
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client'
import { HeadlessOAuthProvider, TEST_REDIRECT_URI } from './oauth-client.js'
import { launchBrowser } from './browser.js'
import type { ModeServer } from './mode-server.js'
import type { Test } from 'tap'

/** Registrations one address may make per window (plugins/origin-guard.ts RATE_LIMITS.register). */
export const REGISTER_LIMIT = 20
const STEP_MS = 60_000

/**
 * A fetch from one loopback source address (distinct visitors on one machine), trusting only `ca` when given.
 * IPv4 only: the entry points listen on 127.0.0.1, and a 127.0.0.x source cannot reach ::1.
 */
export function clientAgent (t: Test, opts: { ca?: string, localAddress?: string } = {}): Agent {
  const agent = new Agent({ localAddress: opts.localAddress ?? '127.0.0.1', connect: { ...(opts.ca && { ca: opts.ca }), family: 4 } as Agent.Options['connect'] })
  t.teardown(() => agent.close())
  return agent
}

/** The same as a fetch, for the SDK client. */
export function clientFetch (t: Test, opts: { ca?: string, localAddress?: string } = {}): typeof fetch {
  const agent = clientAgent(t, opts)
  return ((input: string | URL | Request, init?: RequestInit) => undiciFetch(input as string, { ...init, dispatcher: agent } as never)) as unknown as typeof fetch
}

export async function proveSdkSignInWithProgress (t: Test, publicUrl: string, server: ModeServer, fetchFn: typeof fetch) {
  const provider = new HeadlessOAuthProvider(publicUrl, 'none', TEST_REDIRECT_URI, fetchFn)
  const url = new URL('/mcp', publicUrl)
  const streamed: string[] = []
  const tracing: typeof fetch = async (input, init) => {
    const res = await fetchFn(input, init)
    const method = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string }).method : undefined
    if (method === 'tools/call') streamed.push(res.headers.get('content-type') ?? '')
    return res
  }
  const first = new StreamableHTTPClientTransport(url, { authProvider: provider, fetch: tracing })
  const refused = await new Client({ name: 'deploy-test', version: '1' }).connect(first).then(() => undefined, (e: unknown) => e)
  t.ok(refused instanceof UnauthorizedError, 'the SDK client discovered the server through the entry point and was sent to sign in')
  t.equal(provider.callbackParams?.get('iss'), publicUrl, 'the authorization server names itself by the public URL')
  if (!provider.callbackParams) return
  await first.finishAuth(provider.callbackParams)
  const client = new Client({ name: 'deploy-test', version: '1' })
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider, fetch: tracing }))
  t.teardown(() => client.close())

  const folder = join(server.downloads, 'Heat.1995.1080p')
  mkdirSync(folder)
  for (let i = 1; i <= 6; i++) writeFileSync(join(folder, `part${i}.mkv`), `part ${i}`)
  const progress: number[] = []
  const moved = await client.callTool({ name: 'manage_files', arguments: { action: 'move', paths: ['downloads/Heat.1995.1080p'], destination: 'movies' } }, { onprogress: p => progress.push(p.progress) })
  t.notOk(moved.isError, 'the signed-in client ran a tool that changes files')
  t.same(readdirSync(join(server.media, 'movies', 'Heat.1995.1080p')).sort(), ['part1.mkv', 'part2.mkv', 'part3.mkv', 'part4.mkv', 'part5.mkv', 'part6.mkv'], 'the files were moved')
  t.ok(progress.length > 0, `progress reached the client while the tool ran (${progress.join(', ')})`)
  t.match(streamed.at(-1), /^text\/event-stream/, 'the call was answered as an SSE stream through the entry point')
}

/** POST /register (undici's request, not fetch: fetch drops a Host header, and the bypass sends its own). */
async function register (agent: Agent, base: string, headers: Record<string, string> = {}) {
  const res = await request(`${base}/register`, {
    dispatcher: agent,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ client_name: 'limit probe', redirect_uris: [TEST_REDIRECT_URI], token_endpoint_auth_method: 'none' })
  })
  return { status: res.statusCode, retryAfter: res.headers['retry-after'], body: await res.body.text() }
}

/** Two visitors behind the entry point: one uses up its registrations, the other is not affected. */
export async function provePerClientLimits (t: Test, publicUrl: string, ca?: string) {
  const a = clientAgent(t, { ca, localAddress: '127.0.0.2' })
  const b = clientAgent(t, { ca, localAddress: '127.0.0.3' })
  const statuses: number[] = []
  for (let i = 0; i < REGISTER_LIMIT; i++) statuses.push((await register(a, publicUrl)).status)
  t.same(new Set(statuses), new Set([201]), `visitor 127.0.0.2 registered ${REGISTER_LIMIT} clients`)
  const over = await register(a, publicUrl)
  t.equal(over.status, 429, 'its next registration is refused')
  t.ok(Number(over.retryAfter) > 0, 'with a Retry-After')
  const escape = await register(a, publicUrl, { 'x-forwarded-for': '203.0.113.9' })
  t.equal(escape.status, 429, 'claiming another address in X-Forwarded-For does not lift its limit')
  const other = await register(b, publicUrl, { 'x-forwarded-for': '127.0.0.2' })
  t.equal(other.status, 201, 'visitor 127.0.0.3 still registers (even claiming to be 127.0.0.2): limits are per real visitor')
}

/**
 * A request straight to the server (another container on the private network), around the entry point:
 * its forged X-Forwarded-For is not believed, and a Host the mode does not name is refused.
 */
export async function proveBypassNotBelieved (t: Test, server: ModeServer) {
  const direct = clientAgent(t, { localAddress: '127.0.0.4' })
  const base = `http://127.0.0.1:${server.port}`
  const host = { host: `mcp-server:${server.port}` }
  const statuses: number[] = []
  for (let i = 0; i <= REGISTER_LIMIT; i++) statuses.push((await register(direct, base, { ...host, 'x-forwarded-for': `198.51.100.${i + 1}` })).status)
  t.same(statuses, [...Array(REGISTER_LIMIT).fill(201), 429], 'each forged X-Forwarded-For was counted against the real peer: its limit ran out all the same')
  // From another address: the limiter runs before the Host check, and 127.0.0.4 has no registrations left.
  const foreign = await register(clientAgent(t, { localAddress: '127.0.0.5' }), base, { host: 'media.attacker.example' })
  t.equal(foreign.status, 403, 'a Host the mode does not name is refused')
  t.match(JSON.parse(foreign.body).error_description, /^Host "media\.attacker\.example" is not allowed\. .*ALLOWED_HOSTS/, 'saying which setting would allow it')
}

/** The dashboard in headless Chromium: sent to /authorize, approved (no passphrase in the mode), back signed in. */
export async function proveDashboardSignIn (t: Test, publicUrl: string, trustCaPem?: string) {
  const { context } = await launchBrowser(t, { trustCaPem })
  const page = await context.newPage()
  await page.goto(`${publicUrl}/dashboard`, { timeout: STEP_MS })
  await page.locator('body[data-signed-in="true"]').waitFor({ timeout: STEP_MS })
  t.equal(new URL(page.url()).origin, publicUrl, 'the dashboard signed in at the public URL')
}
