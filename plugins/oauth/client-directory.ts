// Who a client_id is, in one place for every endpoint: a client pre-registered in OAUTH_CLIENTS, a client
// described by its metadata document (an https client_id, client-document.ts), or a registered one (the store).
// The owner's approvals of a document client are kept in the store under its URL, but its redirect URIs and
// name always come from the document, so a stored copy can never widen what the document allows.
import { configuredClientRecord } from './configured-clients.js'
import { createDocumentClients, isDocumentClientId, type DocumentFetcher } from './client-document.js'
import type { ConfiguredClient } from '../../core/oauth-clients.js'
import type { OAuthStore } from './store.js'
import type { ClientRecord } from './types.js'

export interface ClientDirectory {
  /**
   * The client for a sign-in, token or approval request, or undefined for an unknown registered id. A document
   * client is read from its document (cached); a document that cannot be used throws ClientDocumentError.
   */
  resolve (clientId: string): Promise<ClientRecord | undefined>
  /** Whether tokens of this client may still be used: answered without fetching anything. */
  exists (clientId: string): Promise<boolean>
  /** What the dashboard shows of a client: its name when known and where it comes from, without fetching anything. */
  describe (clientId: string): Promise<{ name?: string, source: NonNullable<ClientRecord['source']> }>
}

export function createClientDirectory (store: OAuthStore, configured: ConfiguredClient[], fetchDocument: DocumentFetcher, now: () => number): ClientDirectory {
  const fixed = new Map(configured.map(c => [c.clientId, configuredClientRecord(c)]))
  const documents = createDocumentClients(fetchDocument, now)
  return {
    async resolve (clientId) {
      const pre = fixed.get(clientId)
      if (pre) return { ...pre, ...approvals(await store.getClient(clientId)) }
      if (isDocumentClientId(clientId)) return { ...await documents.get(clientId), ...approvals(await store.getClient(clientId)) }
      const client = await store.getClient(clientId)
      return client?.source === 'registered' || client?.source === undefined ? client : undefined
    },
    async exists (clientId) {
      return fixed.has(clientId) || isDocumentClientId(clientId) || (await store.getClient(clientId)) !== undefined
    },
    async describe (clientId) {
      const pre = fixed.get(clientId)
      if (pre) return { name: pre.clientName, source: 'configured' }
      const name = isDocumentClientId(clientId) ? documents.peek(clientId)?.clientName : (await store.getClient(clientId))?.clientName
      return { ...(name !== undefined && { name }), source: isDocumentClientId(clientId) ? 'document' : 'registered' }
    }
  }
}

/** What the owner approved, from a stored record of a configured or document client. */
function approvals (stored: ClientRecord | undefined): Partial<ClientRecord> {
  if (!stored) return {}
  return { approvedScopes: stored.approvedScopes, ...(stored.approvedBy ? { approvedBy: stored.approvedBy } : {}) }
}
