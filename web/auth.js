// Signs the page in as an OAuth client of its own server: dynamic registration, authorization code with
// PKCE (S256) and state, code exchange, refresh with rotation. Tokens live in sessionStorage (this tab
// only, gone when it closes); the public client id is kept in localStorage so every tab and reload reuses
// one registration (it is no secret: a sign-in still needs the owner's approval in this browser).
// Nothing secret is ever part of the page's files.
/* global location, history */

const STORE = 'mediastack.dashboard.tokens'
const PENDING = 'mediastack.dashboard.signin'
const CLIENT = 'mediastack.dashboard.client'
const SIGNED_OUT = 'mediastack.dashboard.signed-out'
const CALLBACK_PATH = '/dashboard/callback'
/** Refresh this long before the access token expires. */
const EARLY_MS = 60_000

const redirectUri = () => `${location.origin}${CALLBACK_PATH}`

function load (key) {
  try { return JSON.parse(sessionStorage.getItem(key) ?? 'null') } catch { return null }
}
function save (key, value) {
  if (value === null) sessionStorage.removeItem(key)
  else sessionStorage.setItem(key, JSON.stringify(value))
}

function base64url (bytes) {
  return btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
const randomString = (n) => base64url(crypto.getRandomValues(new Uint8Array(n)))

export class AuthError extends Error {}

/** Reads an OAuth or API error body into one readable sentence. */
async function describe (res) {
  try {
    const body = await res.json()
    return body.error_description ?? body.message ?? body.error ?? `HTTP ${res.status}`
  } catch {
    return `HTTP ${res.status}`
  }
}

async function tokenRequest (fields) {
  const res = await fetch('/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields)
  })
  if (!res.ok) throw new AuthError(await describe(res))
  const t = await res.json()
  const tokens = {
    clientId: fields.client_id,
    accessToken: t.access_token,
    refreshToken: t.refresh_token,
    expiresAt: Date.now() + (Number(t.expires_in) || 3600) * 1000
  }
  save(STORE, tokens)
  return tokens
}

/**
 * The remembered client id when the server still knows it. Registrations are lost when the server
 * restarts with the memory store (and dropped once their sign-ins end), so the id is checked first:
 * /authorize answers an unknown client_id with 400 and a known one with a redirect.
 */
async function rememberedClient () {
  let saved
  try { saved = JSON.parse(localStorage.getItem(CLIENT) ?? 'null') } catch {}
  if (!saved?.clientId || saved.redirectUri !== redirectUri()) return undefined
  const probe = await fetch(`/authorize?${new URLSearchParams({ client_id: saved.clientId, redirect_uri: redirectUri() })}`, { redirect: 'manual', headers: { accept: 'application/json' } })
  return probe.type === 'opaqueredirect' ? saved.clientId : undefined
}

async function registerClient () {
  const res = await fetch('/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      client_name: 'Mediastack dashboard',
      redirect_uris: [redirectUri()],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code']
    })
  })
  if (!res.ok) {
    const why = await describe(res)
    throw new AuthError(`The dashboard could not register with the server: ${why}` +
      (location.protocol === 'http:' && !/^(localhost|127\.0\.0\.1|\[::1\])$/.test(location.hostname) ? ' Open the dashboard over https, or at http://localhost.' : ''))
  }
  const client = await res.json()
  localStorage.setItem(CLIENT, JSON.stringify({ clientId: client.client_id, redirectUri: redirectUri() }))
  return client.client_id
}

/**
 * Starts a sign-in with this browser's client (registered once) and navigates to /authorize, which
 * approves automatically (or shows the owner's approval page) and comes back.
 */
export async function signIn () {
  sessionStorage.removeItem(SIGNED_OUT)
  const clientId = await rememberedClient() ?? await registerClient()
  const verifier = randomString(32)
  const challenge = base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)))
  const state = randomString(16)
  save(PENDING, { state, verifier, clientId })
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri(),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    scope: 'mcp'
  })
  location.assign(`/authorize?${q}`)
  // The page is leaving; never resolve so callers do not carry on meanwhile.
  return new Promise(() => {})
}

/** On /dashboard/callback: checks state, exchanges the code, and puts the address bar back to /dashboard. */
async function finishSignIn () {
  const params = new URLSearchParams(location.search)
  const pending = load(PENDING)
  save(PENDING, null)
  history.replaceState(null, '', '/dashboard')
  if (params.get('error')) throw new AuthError(`Sign-in was refused: ${params.get('error_description') ?? params.get('error')}`)
  if (!pending || params.get('state') !== pending.state) throw new AuthError('Sign-in answer did not match this tab (state mismatch); sign in again.')
  return tokenRequest({
    grant_type: 'authorization_code',
    code: params.get('code') ?? '',
    redirect_uri: redirectUri(),
    client_id: pending.clientId,
    code_verifier: pending.verifier
  })
}

let refreshing = null

async function refresh (tokens) {
  refreshing ??= tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken, client_id: tokens.clientId })
    .catch(err => { save(STORE, null); throw err })
    .finally(() => { refreshing = null })
  return refreshing
}

/**
 * After a sign-out in this tab nothing signs in again on its own: a poll, the live stream or the chat that asks
 * for a token while the sign-out is on its way out (revoking, then reloading) waits for the page to leave. Before,
 * such a call started a sign-in, which cleared the signed-out mark and raced the sign-out's reload back in.
 */
const leaving = () => new Promise(() => {})

/** A valid access token, refreshing it first when it is about to expire. */
async function accessToken () {
  if (signedOut()) return leaving()
  const tokens = load(STORE)
  if (!tokens) return signIn()
  if (Date.now() < tokens.expiresAt - EARLY_MS) return tokens.accessToken
  if (!tokens.refreshToken) return signIn()
  try {
    return (await refresh(tokens)).accessToken
  } catch {
    return signIn()
  }
}

/** Signs in when needed (handling the callback if this is it). Resolves once a token is held. */
export async function ensureSignedIn () {
  if (location.pathname === CALLBACK_PATH) await finishSignIn()
  await accessToken()
}

/** fetch() with the bearer; on 401 refreshes once and retries, then signs in again. */
export async function authFetch (url, init = {}) {
  const attempt = async (token) => fetch(url, { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } })
  let res = await attempt(await accessToken())
  if (res.status !== 401) return res
  const tokens = load(STORE)
  if (tokens?.refreshToken) {
    try {
      res = await attempt((await refresh(tokens)).accessToken)
      if (res.status !== 401) return res
    } catch {}
  }
  save(STORE, null)
  return signedOut() ? leaving() : signIn()
}

/** True after the user signed out in this tab: a reload stays signed out until they sign in again. */
export const signedOut = () => sessionStorage.getItem(SIGNED_OUT) === '1'

/** Forgets the tokens, asks the server to revoke the grant, and reloads the page signed out. */
export async function signOut () {
  const tokens = load(STORE)
  save(STORE, null)
  sessionStorage.setItem(SIGNED_OUT, '1')
  if (tokens?.refreshToken) {
    // The server forgets the grant (and later the client, once none of its grants is left).
    await fetch('/revoke', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: tokens.refreshToken, client_id: tokens.clientId }), keepalive: true }).catch(() => {})
  }
  location.assign('/dashboard')
}
