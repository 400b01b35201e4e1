// The class behind findings 12.3, 12.4, 12.10, 12.11: every resource a stranger can create has a cap per
// principal (or address), an expiry, and leaves the owner a way in when strangers have filled theirs.
// One walk over each: OAuth clients, approval pages (registry-filling.test.ts drives them over HTTP),
// OAuth tokens, MCP sessions, confirm records and chat conversations.
import t from 'tap'
import { createConversationStore } from '../../lib/chat/conversations.js'
import { createConfirmStore } from '../../lib/confirm/confirm-store.js'
import { createSessionStore } from '../../plugins/mcp/http/session-store.js'
import { MemoryOAuthStore } from '../../plugins/oauth/store.js'
import { DEFAULT_LIFETIMES, LIMITS, type ClientRecord, type TokenRecord } from '../../plugins/oauth/types.js'

const HOUR = 3600_000

t.test('OAuth clients: capped per address, expire unused, owner still registers', async t => {
  const store = new MemoryOAuthStore(DEFAULT_LIFETIMES)
  const at = Date.now()
  const client = (id: string, from: string): ClientRecord => ({ clientId: id, authMethod: 'none', redirectUris: ['http://127.0.0.1:9/cb'], grantTypes: ['authorization_code'], createdAt: at, lastUsedAt: at, approvedScopes: [], registeredFrom: from })
  for (let i = 0; i < 3 * LIMITS.clients; i++) await store.saveClient(client(`s${i}`, `stranger-${i % 50}`))
  t.ok(store.snapshot().clients.length <= LIMITS.clients, 'capped')
  await store.saveClient(client('owner', 'owner'))
  t.ok(await store.getClient('owner'), 'owner gets in')
  await store.sweep(at + DEFAULT_LIFETIMES.unusedClient + 1)
  t.equal(store.snapshot().clients.length, 0, 'never-used registrations expire')
})

t.test('OAuth tokens: capped per grant and expiring', async t => {
  const store = new MemoryOAuthStore(DEFAULT_LIFETIMES)
  const at = Date.now()
  const token = (i: number): TokenRecord => ({ hash: `h${i}`, kind: 'access', grantId: 'g', clientId: 'c', scopes: ['mcp'], resource: 'r', issuedAt: at + i, expiresAt: at + HOUR })
  for (let i = 0; i < 50; i++) await store.saveTokens([token(i)])
  t.equal(store.snapshot().tokens.length, LIMITS.accessTokensPerGrant, 'one grant holds a few access tokens')
  await store.sweep(at + HOUR + 1)
  t.equal(store.snapshot().tokens.length, 0, 'tokens expire')
})

t.test('MCP sessions: capped per principal, expire idle, room kept for the owner', async t => {
  let clock = 0
  const sessions = createSessionStore<null>({ limits: { idleMs: 1000, max: 15, perPrincipal: 5, perClient: 10, perSource: 10, kept: 5 }, onRemove: () => {}, now: () => clock })
  for (const who of ['s1', 's2', 's3']) {
    for (let i = 0; i < 8; i++) {
      if (!sessions.reserve({ id: who }).ok) continue
      sessions.add(`${who}-${i}`, { id: who }, null)
    }
  }
  t.equal(sessions.size, 10, 'each stranger holds at most 5 (its own oldest idle sessions made room), strangers together 10')
  t.ok(sessions.reserve({ id: 'owner', kept: true }).ok, 'owner gets in on a server strangers filled')
  clock += 2000
  t.equal(sessions.sweep(), 10, 'idle sessions expire')
})

t.test('confirm records: capped per principal, expire, owner still previews', async t => {
  let clock = Date.now()
  const confirm = createConfirmStore({ now: () => clock, maxPendingPerPrincipal: 5, maxRecords: 10 })
  const binding = (who: string) => ({ tool: 'files_delete', args: {}, principalId: who })
  let issued = 0
  for (const who of ['s1', 's2']) for (let i = 0; i < 8; i++) try { confirm.issue(binding(who), []); issued++ } catch {}
  t.equal(issued, 10, 'each stranger stopped at 5')
  t.throws(() => confirm.issue(binding('owner'), []), /too many confirmations/, 'waiting previews are never evicted...')
  clock += 5 * 60_000
  t.equal(confirm.size(), 0, '...but they expire in minutes, and the owner previews again')
  t.ok(confirm.issue(binding('owner'), []).confirmToken)
})

t.test('chat conversations: capped per owner and in all, expire idle, owner gets one', async t => {
  let clock = Date.now()
  const store = createConversationStore({ perOwner: 3, total: 5, maxMessages: 10, idleMs: HOUR }, () => clock)
  for (const who of ['s1', 's2', 's3']) for (let i = 0; i < 10; i++) store.create(who)
  t.equal(store.size(), 5, 'capped')
  const mine = store.create('owner')
  t.ok(store.get(mine.id, 'owner'), 'owner gets one')
  clock += HOUR + 1
  t.notOk(store.get(mine.id, 'owner'), 'idle conversations expire')
  store.create('owner')
  t.equal(store.size(), 1)
})
