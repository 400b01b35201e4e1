// A task-required tool that first asks the client (the generic client round, plugins/mcp/apps/client-round.ts) and
// then becomes a task (the conformance suite's tasks-mrtr-composition, 2026-07-28): the question carries no task
// id, the answer's call carries no request state, and the task's result holds what was gathered. A state from
// another caller or a missing answer never starts the job.
import t, { type Test } from 'tap'
import type { Principal } from '../../../../core/principal.js'
import { buildTestApp } from '../../../helpers/build.js'
import { connectClient, listenMcp } from '../../../helpers/mcp-client.js'
import { conformanceFeatures } from '../../../helpers/conformance-features.js'
import { TASK_INPUT_TOOL } from '../../../helpers/conformance-task-input.js'
import { legacyRpc, modernRpc, type RpcReply } from './task-rpc.js'

const OTHER_TOKEN = 'other-principal-token-0123456789abcdef'
const OTHER: Principal = { id: 'oauth:grant-2', kind: 'oauth', clientId: 'client-2', scopes: ['mcp'] }
const ELICITATION = { elicitation: { form: {} } }
const CALL = { name: TASK_INPUT_TOOL, arguments: {} }
const ALICE = { user_name: { action: 'accept', content: { name: 'Alice' } } }

async function setup (t: Test) {
  const { app } = await buildTestApp(t, { build: { plugins: { mcp: { extraFeatures: conformanceFeatures } } } })
  app.setAccessTokenVerifier(token => token === OTHER_TOKEN ? OTHER : undefined)
  return { app, url: await listenMcp(app) }
}

async function settled (url: URL, taskId: string): Promise<Record<string, any>> {
  for (;;) {
    const { result } = await modernRpc(url, 'tasks/get', { taskId }, { tasks: true })
    if (result.status !== 'working') return result
    await new Promise(resolve => setTimeout(resolve, 20))
  }
}

t.test('2026-07-28: asks for the name first, then answers with a task whose result greets that name', async t => {
  const { app, url } = await setup(t)
  const jobsBefore = app.jobs.list().length
  const first: RpcReply = await modernRpc(url, 'tools/call', CALL, { tasks: true, capabilities: ELICITATION })
  t.equal(first.result.resultType, 'input_required')
  t.notOk('taskId' in first.result, 'the question carries no task')
  t.match(first.result.inputRequests.user_name, { method: 'elicitation/create', params: { requestedSchema: { required: ['name'] } } })
  t.match(first.result.requestState, /^round\.v1\./)
  t.equal(app.jobs.list().length, jobsBefore, 'no job before the answer')

  const second = await modernRpc(url, 'tools/call', { ...CALL, inputResponses: ALICE, requestState: first.result.requestState }, { tasks: true, capabilities: ELICITATION })
  t.equal(second.result.resultType, 'task')
  t.type(second.result.taskId, 'string')
  t.notOk('requestState' in second.result, 'the round\'s state does not leak into the task')
  t.notOk('inputRequests' in second.result)

  const done = await settled(url, second.result.taskId)
  t.equal(done.status, 'completed')
  t.match(done.result.content[0].text, /Hello, Alice!/)
  t.equal(app.jobs.get(second.result.taskId)?.owner, 'internal', 'the task is the caller\'s job')
})

t.test('without the round\'s own state or an answer, the client is asked again and no job starts', async t => {
  const { app, url } = await setup(t)
  const first = await modernRpc(url, 'tools/call', CALL, { tasks: true, capabilities: ELICITATION })
  const jobsBefore = app.jobs.list().length
  for (const retry of [
    { inputResponses: ALICE },
    { requestState: first.result.requestState },
    { inputResponses: { user_name: { action: 'decline' } }, requestState: first.result.requestState }
  ]) {
    const r = await modernRpc(url, 'tools/call', { ...CALL, ...retry }, { tasks: true, capabilities: ELICITATION })
    t.equal(r.result.resultType, 'input_required', JSON.stringify(Object.keys(retry)))
  }
  const stranger = await modernRpc(url, 'tools/call', { ...CALL, inputResponses: ALICE, requestState: first.result.requestState },
    { tasks: true, capabilities: ELICITATION, token: OTHER_TOKEN })
  t.equal(stranger.error?.code, -32602, 'the state is bound to the credential that was asked')
  t.equal(app.jobs.list().length, jobsBefore, 'no job started')
})

t.test('the tool runs only as a task: without the extension it is refused before asking', async t => {
  const { url } = await setup(t)
  const r = await modernRpc(url, 'tools/call', CALL, { capabilities: ELICITATION })
  t.equal(r.error?.code, -32021)
  t.match(r.error?.data, { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } })
})

t.test('2025-11-25: the question goes to the client as elicitation/create, and the answered call becomes a task', async t => {
  const { url } = await setup(t)
  const asked: unknown[] = []
  const { client, transport } = await connectClient(url, {
    mode: 'legacy',
    capabilities: { elicitation: { form: {} } },
    prepare: c => c.setRequestHandler('elicitation/create', async request => {
      asked.push(request.params)
      return { action: 'accept', content: { name: 'Bob' } }
    })
  })
  t.teardown(() => client.close())
  const created = await client.callTool({ ...CALL, task: { ttl: 60_000 } } as Parameters<typeof client.callTool>[0]) as unknown as { task: { taskId: string, status: string } }
  t.equal(asked.length, 1, 'the person was asked once, within the call')
  t.match(asked[0], { message: 'What is your name?' })
  t.type(created.task?.taskId, 'string', 'the answered call is a task')
  const result = await legacyRpc(url, transport.sessionId!, 'tasks/result', { taskId: created.task.taskId })
  t.match(result.result?.content?.[0]?.text, /Hello, Bob!/)
})
