// Finding 12.11: one credential could open every MCP session the server allows. Each credential now
// holds at most 20 (a new one replaces its own oldest idle session; refused only when all are busy), and a full server still lets another credential in.
import t from 'tap'
import type { Principal } from '../../core/principal.js'
import { buildTestApp } from '../helpers/build.js'
import { listenMcp, openRawSession } from '../helpers/mcp-client.js'

const strangers: Record<string, Principal> = {
  'stranger-token-a-0123456789abcdef0123': { id: 'oauth:a', kind: 'oauth', clientId: 'a', scopes: ['mcp'] },
  'stranger-token-b-0123456789abcdef0123': { id: 'oauth:b', kind: 'oauth', clientId: 'b', scopes: ['mcp'] }
}
const [A, B] = Object.keys(strangers)

t.test('one credential cannot take every session, and the owner keeps a way in', async t => {
  const { app } = await buildTestApp(t, {}, { plugins: { mcp: { maxSessions: 25 } } })
  app.setAccessTokenVerifier(token => strangers[token])
  const url = await listenMcp(app)
  for (let i = 0; i < 20; i++) await openRawSession(url, { authorization: `Bearer ${A}` })
  t.ok(await openRawSession(url, { authorization: `Bearer ${A}` }), 'a 21st session replaces its own oldest idle one')
  t.equal(app.mcpSessions.size, 20, 'one credential still holds at most 20')
  for (let i = 0; i < 5; i++) await openRawSession(url, { authorization: `Bearer ${B}` })
  t.equal(app.mcpSessions.size, 25, 'the server is full')
  t.ok(await openRawSession(url), 'the owner (internal key) still opens a session')
  t.equal(app.mcpSessions.size, 25, 'one of the heaviest holder\'s idle sessions made room')
})
