// Signs the page in as an OAuth client of its own server: dynamic registration, authorization code with
// PKCE (S256) and state, code exchange, refresh with rotation. Tokens live in sessionStorage (this tab
// only, gone when it closes); nothing secret is ever part of the page's files.
/* global location, history */

const STORE = 'mediastack.dashboard.tokens'
const PENDING = 'mediastack.dashboard.signin'
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
 * Starts a sign-in: registers a fresh public client (registrations are lost when the server restarts
 * with the memory store, so a remembered client_id could strand the page on an error) and navigates
 * to /authorize, which approves automatically (or shows the owner's approval page) and comes back.
 */
export async function signIn () {
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
  const verifier = randomString(32)
  const challenge = base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)))
  const state = randomString(16)
  save(PENDING, { state, verifier, clientId: client.client_id })
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
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

/** A valid access token, refreshing it first when it is about to expire. */
async function accessToken () {
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
  return signIn()
}

export function signOut () {
  const tokens = load(STORE)
  save(STORE, null)
  if (tokens?.refreshToken) {
    // Best effort: the server forgets the grant; the page is gone either way.
    fetch('/revoke', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: tokens.refreshToken, client_id: tokens.clientId }), keepalive: true }).catch(() => {})
  }
}
