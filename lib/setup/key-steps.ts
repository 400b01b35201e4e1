// Step 1: find each service's API key. Sonarr, Radarr and Prowlarr: <ApiKey> in their config.xml under the
// config root. Jellyfin keeps keys in its database, so the key named "mediastack-mcp" is reused or created
// through its API with a one-off administrator credential. Found keys go into state.found; the runner
// stores them all at once after these steps.
import { safeEqual } from '../secrets.js'
import { ConfigXmlError, readServarrApiKey, type ServarrService } from './config-xml.js'
import { SERVICE_NAMES, keyFor, type RunCalls } from './calls.js'
import { KEY_VARS, type RunState, type StepResult } from './types.js'

export const JELLYFIN_KEY_NAME = 'mediastack-mcp'

type Outcome = Omit<StepResult, 'step'>

function storedMatches (state: RunState, service: keyof typeof KEY_VARS, key: string): boolean {
  const stored = state.stored[KEY_VARS[service]]
  return stored !== undefined && stored !== '' && safeEqual(stored, key)
}

export async function servarrKeyStep (state: RunState, service: ServarrService): Promise<Outcome> {
  const name = SERVICE_NAMES[service]
  let key: string
  try {
    key = await readServarrApiKey(state.request.configRoot, service)
  } catch (err) {
    if (!(err instanceof ConfigXmlError)) throw err
    return { status: 'failed', message: `Could not read the ${name} key: ${err.message}. The config root is ${state.request.configRoot}; ${name} writes config.xml on its first start.` }
  }
  // Dry runs keep it too: the wiring checks that follow are read-only and should use the right key.
  state.found[service] = key
  if (storedMatches(state, service, key)) {
    return { status: 'already_done', message: `The stored ${name} key matches ${service}/config.xml.` }
  }
  if (state.request.dryRun) return { status: 'planned', message: `Would store the ${name} key found in ${service}/config.xml.` }
  return { status: 'done', message: `Found the ${name} key in ${service}/config.xml.` }
}

export async function jellyfinKeyStep (state: RunState, calls: RunCalls): Promise<Outcome> {
  const admin = state.request.jellyfinAdmin ?? {}
  const hasLogin = Boolean(admin.username) && admin.password !== undefined
  if (!admin.token && !hasLogin) {
    if (keyFor(state, 'jellyfin')) {
      return { status: 'already_done', message: `A Jellyfin key is already known (configured or stored). To create or reuse the "${JELLYFIN_KEY_NAME}" key instead, pass a Jellyfin admin token or username and password.` }
    }
    return { status: 'skipped', message: 'Needs a one-off Jellyfin administrator credential (an admin API token, or username and password); it is used for this run only and never stored.' }
  }
  const jellyfin = calls.jellyfin()
  let token = admin.token ?? ''
  let session = false
  if (!token) {
    const signedIn = await jellyfin.signIn(admin.username!, admin.password!)
    token = signedIn.token
    session = true
    if (!signedIn.isAdmin) {
      await jellyfin.signOut(token)
      return { status: 'failed', message: 'That Jellyfin user is not an administrator; API keys can only be managed by an administrator.' }
    }
  }
  try {
    const existing = await newestKey(jellyfin, token)
    if (existing) {
      const same = storedMatches(state, 'jellyfin', existing)
      state.found.jellyfin = existing
      if (same) return { status: 'already_done', message: `The stored Jellyfin key is the "${JELLYFIN_KEY_NAME}" key.` }
      if (state.request.dryRun) return { status: 'planned', message: `Would store the existing "${JELLYFIN_KEY_NAME}" Jellyfin key.` }
      return { status: 'done', message: `Reused the existing "${JELLYFIN_KEY_NAME}" Jellyfin key.` }
    }
    if (state.request.dryRun) return { status: 'planned', message: `Would create a Jellyfin API key named "${JELLYFIN_KEY_NAME}".` }
    await jellyfin.createKey(token, JELLYFIN_KEY_NAME)
    const created = await newestKey(jellyfin, token)
    if (!created) return { status: 'failed', message: `Jellyfin accepted the new key "${JELLYFIN_KEY_NAME}" but does not list it; check Dashboard → API Keys.` }
    state.found.jellyfin = created
    return { status: 'done', message: `Created the Jellyfin API key "${JELLYFIN_KEY_NAME}".` }
  } finally {
    if (session) await jellyfin.signOut(token)
  }
}

/** The newest key named mediastack-mcp, if any (every listed key is usable: see JellyfinSetupCalls.keys). */
async function newestKey (jellyfin: ReturnType<RunCalls['jellyfin']>, token: string): Promise<string | undefined> {
  const keys = (await jellyfin.keys(token))
    .filter(k => k.appName === JELLYFIN_KEY_NAME && k.token !== '')
    .sort((a, b) => b.created.localeCompare(a.created))
  return keys[0]?.token
}
