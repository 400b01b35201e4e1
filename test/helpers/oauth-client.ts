// Headless OAuth client for tests: register → authorize (reading the 302 Location itself) → token,
// through app.inject; plus an OAuthClientProvider for the MCP SDK client that does the same over real
// HTTP (redirectToAuthorization fetches the URL with redirect:'manual' and captures the callback).
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import net from 'node:net'
import type { FastifyInstance, FastifyReply, FastifyRequest, LightMyRequestResponse } from 'fastify'
import type {
  OAuthClientMetadata, OAuthClientProvider, StoredOAuthClientInformation, StoredOAuthTokens
} from '@modelcontextprotocol/client'

export const TEST_REDIRECT_URI = 'http://127.0.0.1:9/callback'

export interface RegisteredClient {
  client_id: string
  client_secret?: string
  redirect_uris: string[]
  token_endpoint_auth_method: 'none' | 'client_secret_post' | 'client_secret_basic'
}

export interface TokenSet {
  access_token: string
  refresh_token?: string
  token_type: string
  expires_in: number
  scope: string
}

export function pkcePair () {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

export async function registerClient (app: FastifyInstance, metadata: Record<string, unknown> = {}): Promise<RegisteredClient> {
  const res = await app.inject({
    method: 'POST',
    url: '/register',
    payload: { client_name: 'test client', redirect_uris: [TEST_REDIRECT_URI], token_endpoint_auth_method: 'none', ...metadata }
  })
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`)
  return res.json()
}

export interface AuthorizeParams {
  challenge?: string
  method?: string
  state?: string
  redirectUri?: string
  scope?: string
  resource?: string
  responseType?: string
  clientId?: string
}

export function authorizePath (client: RegisteredClient, p: AuthorizeParams = {}): string {
  const q = new URLSearchParams({
    response_type: p.responseType ?? 'code',
    client_id: p.clientId ?? client.client_id,
    redirect_uri: p.redirectUri ?? client.redirect_uris[0],
    state: p.state ?? 'state-' + randomUUID()
  })
  if (p.challenge !== undefined) q.set('code_challenge', p.challenge)
  if (p.method !== undefined) q.set('code_challenge_method', p.method)
  if (p.scope !== undefined) q.set('scope', p.scope)
  if (p.resource !== undefined) q.set('resource', p.resource)
  return `/authorize?${q}`
}

/** Runs GET /authorize and parses the redirect; throws unless the answer is a 302. */
export async function authorize (app: FastifyInstance, client: RegisteredClient, p: AuthorizeParams = {}) {
  const res = await app.inject({ method: 'GET', url: authorizePath(client, p) })
  if (res.statusCode !== 302) throw new Error(`authorize did not redirect: ${res.statusCode} ${res.body}`)
  const location = new URL(String(res.headers.location))
  return { location, params: location.searchParams, code: location.searchParams.get('code') ?? undefined }
}

/** POST /token with client authentication as the client registered it. */
export async function tokenRequest (app: FastifyInstance, client: RegisteredClient, params: Record<string, string>, path = '/token'): Promise<LightMyRequestResponse> {
  const body = new URLSearchParams(params)
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
  if (client.token_endpoint_auth_method === 'client_secret_basic') {
    headers.authorization = 'Basic ' + Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret ?? '')}`).toString('base64')
  } else {
    body.set('client_id', client.client_id)
    if (client.token_endpoint_auth_method === 'client_secret_post') body.set('client_secret', client.client_secret ?? '')
  }
  return app.inject({ method: 'POST', url: path, headers, payload: body.toString() })
}

export interface LoginResult { client: RegisteredClient, tokens: TokenSet, verifier: string, code: string }

/**
 * GET /authorize, and when the server shows its approval page (NOTIFY_PEOPLE names people, or a passphrase is set)
 * submits it as a person would: choosing `person`, typing `passphrase`. Returns the redirect's code.
 */
export async function authorizeAs (app: FastifyInstance, client: RegisteredClient, p: AuthorizeParams, as: { person?: string, passphrase?: string } = {}) {
  const page = await app.inject({ method: 'GET', url: authorizePath(client, p) })
  if (page.statusCode === 302) return new URL(String(page.headers.location)).searchParams.get('code') ?? undefined
  const requestId = /name="request_id" value="([^"]+)"/.exec(page.body)?.[1]
  if (page.statusCode !== 200 || !requestId) throw new Error(`authorize showed no approval page: ${page.statusCode} ${page.body.slice(0, 300)}`)
  const fields = new URLSearchParams({ request_id: requestId, ...(as.person ? { person: as.person } : {}), ...(as.passphrase ? { passphrase: as.passphrase } : {}) })
  const res = await app.inject({
    method: 'POST',
    url: '/authorize',
    payload: fields.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.config.PUBLIC_URL, cookie: String(page.headers['set-cookie'] ?? '').split(';')[0] }
  })
  if (res.statusCode !== 302) throw new Error(`the approval page refused: ${res.statusCode} ${/<p class="err">([^<]*)</.exec(res.body)?.[1] ?? res.body.slice(0, 300)}`)
  return new URL(String(res.headers.location)).searchParams.get('code') ?? undefined
}

/** Full headless sign-in: register (unless a client is given) → authorize (as a person, when asked) → code exchange. */
export async function oauthLogin (app: FastifyInstance, opts: { client?: RegisteredClient, metadata?: Record<string, unknown>, scope?: string, person?: string, passphrase?: string } = {}): Promise<LoginResult> {
  const client = opts.client ?? await registerClient(app, opts.metadata)
  const { verifier, challenge } = pkcePair()
  const resource = `${app.config.PUBLIC_URL}/mcp`
  const code = await authorizeAs(app, client, { challenge, method: 'S256', scope: opts.scope, resource }, opts)
  if (!code) throw new Error('authorize redirected without a code')
  const res = await tokenRequest(app, client, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: client.redirect_uris[0], resource })
  if (res.statusCode !== 200) throw new Error(`token exchange failed: ${res.statusCode} ${res.body}`)
  return { client, tokens: res.json(), verifier, code }
}

export async function refreshTokens (app: FastifyInstance, client: RegisteredClient, refreshToken: string) {
  return tokenRequest(app, client, { grant_type: 'refresh_token', refresh_token: refreshToken })
}

/**
 * OAuthClientProvider for the MCP SDK client, headless. After `connect()` rejects with
 * UnauthorizedError, call `transport.finishAuth(provider.callbackParams!)` and reconnect with a new transport.
 */
export class HeadlessOAuthProvider implements OAuthClientProvider {
  private client?: StoredOAuthClientInformation
  private saved?: StoredOAuthTokens
  private verifier = ''
  private expectedState?: string
  /** Query of the last authorization callback (code, state, iss); state and iss are already checked. */
  callbackParams?: URLSearchParams
  /** Every access token this provider received, in order (to observe refresh rotation). */
  readonly issued: StoredOAuthTokens[] = []

  /** `fetchFn`: how the approval URL is fetched (e.g. one that trusts a test proxy's certificate authority). */
  constructor (readonly issuer: string, readonly authMethod: RegisteredClient['token_endpoint_auth_method'] = 'none', readonly redirectUrl = TEST_REDIRECT_URI, private readonly fetchFn: typeof fetch = fetch) {}

  get clientMetadata (): OAuthClientMetadata {
    return {
      client_name: 'headless test client',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: this.authMethod
    }
  }

  state () { return (this.expectedState = randomUUID()) }
  clientInformation () { return this.client }
  saveClientInformation (info: StoredOAuthClientInformation) { this.client = info }
  tokens () { return this.saved }
  saveTokens (tokens: StoredOAuthTokens) { this.saved = tokens; this.issued.push(tokens) }
  saveCodeVerifier (v: string) { this.verifier = v }
  codeVerifier () { return this.verifier }
  invalidateCredentials (scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'client') this.client = undefined
    if (scope === 'all' || scope === 'tokens') this.saved = undefined
  }

  async redirectToAuthorization (url: URL) {
    const res = await this.fetchFn(url, { redirect: 'manual' })
    const location = res.headers.get('location')
    if (res.status !== 302 || !location) throw new Error(`authorization was not approved: ${res.status} ${await res.text()}`)
    const params = new URL(location).searchParams
    if (params.get('error')) throw new Error(`authorization failed: ${params.get('error')}: ${params.get('error_description')}`)
    if (params.get('state') !== this.expectedState) throw new Error('authorization callback state does not match')
    if (params.get('iss') !== this.issuer) throw new Error(`authorization callback iss ${params.get('iss')} is not ${this.issuer}`)
    this.callbackParams = params
  }
}

/** A free loopback port, for tests whose PUBLIC_URL must name the port before the app is built. */
export async function freePort (): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    }).on('error', reject)
  })
}

/** The principal id the server gives a bearer token, read through the server's own authentication. */
export async function principalIdOf (app: FastifyInstance, token: string): Promise<string> {
  const probe = { headers: { authorization: `Bearer ${token}` }, query: {} } as unknown as FastifyRequest
  const refuse = () => { throw new Error('the token was refused') }
  await app.authenticate(probe, { code: refuse } as unknown as FastifyReply)
  return probe.principal!.id
}
