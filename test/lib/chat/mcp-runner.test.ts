// The MCP tool runner against the real tool server: tool specs without confirmToken, results, protocol and
// tool errors as results, a wrong key, a lost session (404) reconnected without sending a call twice, an outage.
import t from 'tap'
import { createServer } from 'node:net'
import { createMcpRunner } from '../../../lib/chat/mcp-runner.js'
import { TEST_INTERNAL_KEY } from '../../helpers/build.js'
import { ACTOR_META, INTERNAL_PRINCIPAL, actingFor } from '../../../core/principal.js'
import { startToolServer } from '../../bot/harness.js'

const signal = new AbortController().signal

t.test('lists tools and calls them with the internal key', async t => {
  const server = await startToolServer(t)
  for (const mode of ['auto', 'legacy'] as const) {
    const runner = createMcpRunner({ url: server.url, apiKey: TEST_INTERNAL_KEY, mode })
    t.teardown(runner.close)
    const specs = await runner.list()
    t.same(specs.map(s => s.name).sort(), server.app.tools.list().map(s => s.name).sort(), `${mode}: every tool listed`)
    const del = specs.find(s => s.name === 'notes_delete')!
    t.notOk('confirmToken' in (del.parameters.properties as object), 'the model never sees confirmToken')

    const found = await runner.call('movies_search', { query: 'heat' }, signal)
    t.equal(found.isError, false)
    t.match(found.text, /2 match/)
    t.same(found.structured, { results: [{ id: 11, title: 'Heat (1995)' }, { id: 12, title: 'Heat Wave (2020)' }] })

    const invalid = await runner.call('movies_search', {}, signal)
    t.equal(invalid.isError, true)
    t.match(invalid.text, /Invalid arguments for movies_search/)

    const unknown = await runner.call('no_such_tool', {}, signal)
    t.equal(unknown.isError, true, 'a protocol error becomes an error result, not a crash')
    t.match(unknown.text, /refused no_such_tool/)
    t.equal(runner.connects, 1, 'one connection for all of it')
  }
})

t.test('a wrong key is reported in words that name INTERNAL_API_KEY', async t => {
  const server = await startToolServer(t)
  const problems: string[] = []
  const runner = createMcpRunner({ url: server.url, apiKey: 'wrong-key-0123456789abcdef0123456789', onProblem: p => problems.push(p) })
  t.teardown(runner.close)
  const r = await runner.call('movies_search', { query: 'x' }, signal)
  t.equal(r.isError, true)
  t.match(r.text, /INTERNAL_API_KEY/)
  t.notMatch(problems.join(' '), 'wrong-key', 'the key never appears in problem reports')
})

t.test('a lost session is reopened and the call runs exactly once', async t => {
  const server = await startToolServer(t)
  const problems: string[] = []
  const runner = createMcpRunner({ url: server.url, apiKey: TEST_INTERNAL_KEY, mode: 'legacy', onProblem: p => problems.push(p) })
  t.teardown(runner.close)
  t.equal((await runner.call('movies_add', { id: 11 }, signal)).isError, false)
  t.equal(server.app.mcpSessions.size, 1)
  await server.restart() // the new server has never heard of the session
  t.equal(server.app.mcpSessions.size, 0)
  const again = await runner.call('movies_add', { id: 13 }, signal)
  t.equal(again.isError, false, again.text)
  t.same(server.library, ['Heat (1995)', 'Ronin (1998)'], 'each add ran once')
  t.equal(runner.connects, 2)
  t.match(problems.join(' '), /session lost \(HTTP 404\)/)
})

async function closedPort (): Promise<number> {
  const srv = createServer()
  await new Promise<void>(resolve => srv.listen(0, '127.0.0.1', resolve))
  const { port } = srv.address() as { port: number }
  await new Promise(resolve => srv.close(resolve))
  return port
}

t.test('an unreachable server gives a clear error result', async t => {
  const runner = createMcpRunner({ url: `http://127.0.0.1:${await closedPort()}/mcp`, apiKey: TEST_INTERNAL_KEY })
  t.teardown(runner.close)
  const r = await runner.call('movies_search', { query: 'x' }, signal)
  t.equal(r.isError, true)
  t.match(r.text, /unreachable right now, so movies_search did not run/)
  await t.rejects(runner.list(), /cannot connect: .*ECONNREFUSED/)
})

t.test('the bot names the user a write is for; the server records it (only the internal key may)', async t => {
  const server = await startToolServer(t)
  const runner = createMcpRunner({ url: server.url, apiKey: TEST_INTERNAL_KEY })
  t.teardown(runner.close)
  const added = await runner.call('movies_add', { id: 13 }, signal, 'telegram:100:200')
  t.equal(added.isError, false, added.text)
  const [entry] = server.app.audit.store.list({ offset: 0, limit: 1 }).items
  t.match(entry, { action: 'movies_add', outcome: 'ok', principal: { id: 'internal', actor: 'telegram:100:200' }, args: { id: 13 } })
  t.equal(actingFor({ id: 'oauth:g', kind: 'oauth', clientId: 'c', scopes: ['mcp'] }, { [ACTOR_META]: 'telegram:1:1' }).actor, undefined, 'an OAuth client cannot claim a user')
  t.equal(actingFor(INTERNAL_PRINCIPAL, { [ACTOR_META]: 'bad\nname' }).actor, undefined, 'a malformed name is ignored')
})
