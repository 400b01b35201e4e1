// The client record of a pre-registered client from OAUTH_CLIENTS (parsed and checked in core/oauth-clients.ts).
import { sha256hex } from '../../lib/secrets.js'
import type { ConfiguredClient } from '../../core/oauth-clients.js'
import type { ClientRecord } from './types.js'

/** The client record a configured client signs in as. Its secret is kept only as a hash, like a registered one's. */
export function configuredClientRecord (c: ConfiguredClient): ClientRecord {
  return {
    clientId: c.clientId,
    ...(c.secret !== undefined ? { secretHash: sha256hex(c.secret) } : {}),
    authMethod: c.secret !== undefined ? 'client_secret_basic' : 'none',
    redirectUris: c.redirectUris,
    grantTypes: ['authorization_code', 'refresh_token'],
    clientName: c.clientId,
    createdAt: 0,
    lastUsedAt: 0,
    approvedScopes: [],
    source: 'configured',
    used: true
  }
}
