// An idle 2025 session hibernates (its protocol server and transport are dropped) and its next request wakes
// it, so that a real SDK client notices nothing: its tool calls, the resource it subscribed to (once its event
// stream reconnects), its logging level; and another credential still cannot use it.
import t from 'tap'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import type { FastifyInstance } from 'fastify'
import type { JobHandle } from '../../../core/job-types.js'
import type { Principal } from '../../../core/principal.js'
import { TEST_INTERNAL_KEY, buildTestApp } from '../../helpers/build.js'
import { listenMcp, postMcp } from '../../helpers/mcp-client.js'
import { until } from '../../helpers/until.js'
import { mcpTestTools } from './test-tools.js'

const OTHER_TOKEN = 'other-principal-token-0123456789abcdef'
const OTHER: Principal = { id: 'oauth:grant-2', kind: 'oauth', clientId: 'client-2', scopes: ['mcp'] }

/** Hibernates every idle session, as the sweeper does once they were idle long enough. */
async function hibernateAll (app: FastifyInstance) {
  await until(() => {
    app.mcpSessions.sweep(Date.now() + app.mcpSessions.limits.hibernateMs! + 1000)
    return app.mcpSessions.awake === 0
  })
}

/** A job the test moves when it wants to. */
async function drivenJob (app: FastifyInstance, owner: string) {
  let finish!: () => void
  const released = new Promise<void>(resolve => { finish = resolve })
  let gotHandle!: (job: JobHandle) => void
  const handle = new Promise<JobHandle>(resolve => { gotHandle = resolve })
  const record = app.jobs.start({ kind: 'hibernation-test', owner, description: 'driven job', run: async job => { gotHandle(job); await released; return {} } })
  return { id: record.id, job: await handle, finish }
}

/**
 * An SDK client whose event stream (GET) the test can cut, as a network drop would; its reconnection waits
 * until the test lets it through.
 */
async function connectCuttable (url: URL) {
  let cut: AbortController | undefined
  let gate: Promise<void> | undefined
  let streams = 0
  const transport = new StreamableHTTPClientTransport(url, {
    reconnectionOptions: { initialReconnectionDelay: 20, maxReconnectionDelay: 20, reconnectionDelayGrowFactor: 1, maxRetries: 5 },
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers)
      headers.set('authorization', `Bearer ${TEST_INTERNAL_KEY}`)
      if ((init?.method ?? 'GET') !== 'GET') return await fetch(input, { ...init, headers })
      await gate
      cut = new AbortController()
      const signal = init?.signal ? AbortSignal.any([init.signal, cut.signal]) : cut.signal
      const res = await fetch(input, { ...init, headers, signal })
      if (res.ok) streams++
      return res
    }
  })
  const client = new Client({ name: 'hibernation-test', version: '1.0.0' })
  await client.connect(transport)
  return {
    client,
    transport,
    streams: () => streams,
    /** Cuts the event stream; the client's reconnection waits for the returned release(). */
    cutStream: () => {
      let release!: () => void
      gate = new Promise(resolve => { release = resolve })
      cut?.abort()
      return release
    }
  }
}

t.test('a hibernated session wakes on its next request', async t => {
  const { app } = await buildTestApp(t, { build: { extraTools: mcpTestTools } })
  app.setAccessTokenVerifier(token => token === OTHER_TOKEN ? OTHER : undefined)
  const url = await listenMcp(app)
  const { client, transport, streams, cutStream } = await connectCuttable(url)
  t.teardown(() => client.close())
  await until(() => streams() > 0)
  t.equal(streams(), 1, 'the client opened its event stream')

  const mine = await drivenJob(app, 'internal')
  t.teardown(() => mine.finish())
  const updates: string[] = []
  let notify: () => void = () => {}
  client.setNotificationHandler('notifications/resources/updated', n => { updates.push(n.params.uri); notify() })
  await client.subscribeResource({ uri: `jobs://${mine.id}` })
  await client.setLoggingLevel('error')

  // An open event stream keeps a session awake; once it drops, the idle session hibernates.
  app.mcpSessions.sweep(Date.now() + app.mcpSessions.limits.hibernateMs! + 1000)
  t.equal(app.mcpSessions.awake, 1, 'a session with an open stream does not hibernate')
  const release = cutStream()
  await hibernateAll(app)
  t.equal(app.mcpSessions.size, 1, 'the hibernated session is still open')

  await t.test('another credential is refused and does not wake it', async t => {
    const res = await postMcp(url, { jsonrpc: '2.0', id: 9, method: 'tools/list' }, { 'mcp-session-id': transport.sessionId!, 'mcp-protocol-version': '2025-11-25', authorization: `Bearer ${OTHER_TOKEN}` })
    t.equal(res.status, 403)
    t.match(res.text, /opened with another credential/)
    t.equal(app.mcpSessions.awake, 0)
  })

  await t.test('the subscription delivers again once the stream reconnects', async t => {
    release()
    await until(() => streams() >= 2)
    t.equal(streams(), 2, 'the client reconnected its event stream')
    t.equal(app.mcpSessions.awake, 1, 'the reconnection woke the session')
    const arrived = new Promise<void>(resolve => { notify = resolve })
    mine.job.progress(40, 'after the wake')
    await arrived
    t.same(updates, [`jobs://${mine.id}`])
  })

  await t.test('tool calls work, with the logging level the client set', async t => {
    const cut = cutStream()
    await hibernateAll(app)
    cut()
    const logs: unknown[] = []
    client.setNotificationHandler('notifications/message', n => { logs.push(n.params) })
    const echo = await client.callTool({ name: 'echo_text', arguments: { text: 'still here' } })
    t.same(echo.structuredContent, { echo: 'still here' })
    const steps = await client.callTool({ name: 'slow_steps', arguments: { steps: 2 } })
    t.same(steps.structuredContent, { done: 2 })
    t.same(logs, [], 'info logs stay below the level set before hibernation')
    t.equal(app.mcpSessions.size, 1, 'still the same session')
  })
})
