// Pre-registered clients from OAUTH_CLIENTS, for clients that can neither register nor host a metadata document
// (Home Assistant, scripts). Entries are separated by spaces: `client_id=redirect_uri[,redirect_uri...][#secret]`.
// A `#` cannot appear in a redirect URI (no fragments), so it safely starts the optional secret; with a secret the
// client authenticates with it (Basic or in the body), without one it is a public client (PKCE only).
import { checkRedirectUri, MAX_REDIRECT_URIS } from './redirect-uri.js'

export const MIN_CLIENT_SECRET_LENGTH = 16
const CLIENT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{2,63}$/

export interface ConfiguredClient {
  clientId: string
  redirectUris: string[]
  secret?: string
}

/** Parses OAUTH_CLIENTS; each problem names the entry (never its secret) and what to write instead. */
export function parseConfiguredClients (value: string): { clients: ConfiguredClient[], problems: string[] } {
  const clients: ConfiguredClient[] = []
  const problems: string[] = []
  for (const entry of value.split(/\s+/).filter(Boolean)) {
    const eq = entry.indexOf('=')
    const clientId = eq > 0 ? entry.slice(0, eq) : ''
    if (!CLIENT_ID.test(clientId) || clientId.startsWith('mcp_')) {
      problems.push(`OAUTH_CLIENTS: "${(eq > 0 ? clientId : entry.split('#')[0]).slice(0, 40)}" is not a client id; write client_id=redirect_uri[,redirect_uri][#secret] with an id of 3-64 letters, digits, ".", "_" or "-" (not starting with mcp_)`)
      continue
    }
    const rest = entry.slice(eq + 1)
    const hash = rest.indexOf('#')
    const uris = (hash >= 0 ? rest.slice(0, hash) : rest).split(',').filter(Boolean)
    const secret = hash >= 0 ? rest.slice(hash + 1) : undefined
    if (uris.length === 0 || uris.length > MAX_REDIRECT_URIS) {
      problems.push(`OAUTH_CLIENTS: ${clientId} needs 1 to ${MAX_REDIRECT_URIS} redirect URIs, separated by commas`)
      continue
    }
    const bad = uris.map(checkRedirectUri).find(Boolean)
    if (bad) {
      problems.push(`OAUTH_CLIENTS: ${clientId}: ${bad}`)
      continue
    }
    if (secret !== undefined && [...secret].length < MIN_CLIENT_SECRET_LENGTH) {
      problems.push(`OAUTH_CLIENTS: ${clientId}'s secret is too short; use at least ${MIN_CLIENT_SECRET_LENGTH} characters (or none for a public client)`)
      continue
    }
    if (clients.some(c => c.clientId === clientId)) {
      problems.push(`OAUTH_CLIENTS: ${clientId} is listed twice`)
      continue
    }
    clients.push({ clientId, redirectUris: [...new Set(uris)], ...(secret !== undefined ? { secret } : {}) })
  }
  return { clients, problems }
}
