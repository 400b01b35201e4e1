// The generic client round (plugins/mcp/apps/client-round.ts): a state it signed answers only the purpose, tool and
// principal it was minted for; a state it did not sign passes the verify hook untouched and reads as none.
import t from 'tap'
import type { ServerContext } from '@modelcontextprotocol/server'
import { createClientRounds } from '../../../../plugins/mcp/apps/client-round.js'

function contextOf (principal: string, echoed?: unknown, answers?: Record<string, unknown>): ServerContext {
  return {
    http: { authInfo: { token: 't', clientId: 'c', scopes: [], extra: { principal: { id: principal } } } },
    mcpReq: { requestState: () => echoed, inputResponses: answers }
  } as unknown as ServerContext
}

t.test('a signed state answers its own purpose and tool only', async t => {
  const rounds = createClientRounds()
  const asked = await rounds.forCall<{ step: number }>(contextOf('p1'), 'greeting', 'tool_a').ask({}, { step: 1 })
  const wire = asked.requestState as string
  t.match(wire, /^round\.v1\./)
  const decoded = await rounds.serverOptions.requestState!.verify!(wire, contextOf('p1'))
  const answers = { name: { action: 'accept' } }
  t.same(rounds.forCall(contextOf('p1', decoded, answers), 'greeting', 'tool_a').state, { step: 1 })
  t.equal(rounds.forCall(contextOf('p1', decoded, answers), 'greeting', 'tool_a').answer('name'), answers.name)
  t.equal(rounds.forCall(contextOf('p1', decoded), 'confirm', 'tool_a').state, undefined, 'another purpose reads no state')
  t.equal(rounds.forCall(contextOf('p1', decoded), 'greeting', 'tool_b').state, undefined, 'another tool reads no state')
  await t.rejects(async () => await rounds.serverOptions.requestState!.verify!(wire, contextOf('p2')), 'another principal is refused by the hook')
  t.equal(await rounds.serverOptions.requestState!.verify!('v1.something-else', contextOf('p1')), undefined, 'a state without our prefix is not ours to check')
  t.equal(rounds.forCall(contextOf('p1', 'v1.something-else'), 'greeting', 'tool_a').state, undefined, 'and reads as none')
})
