// Issue 24 item 6 (held, pinned here): a credential's resource subscriptions — a 2025 session's
// resources/subscribe and a 2026-07-28 subscriptions/listen — never carry another credential's jobs. Each
// case makes the other credential's jobs move first (an update would be sent at once: the first of a burst is
// never held back), checks nothing came, then moves one of the listener's own, which does arrive.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import type { JobHandle } from '../../../../core/job-types.js'
import type { Principal } from '../../../../core/principal.js'
import { buildTestApp } from '../../../helpers/build.js'
import { connectClient, listenMcp } from '../../../helpers/mcp-client.js'

// One listener per era, so a late update of one case's own job never lands in the next case.
const listeners: Record<string, Principal> = {
  '2025-11-25': { id: 'oauth:grant-listener-2025', kind: 'oauth', clientId: 'client-l', scopes: ['mcp'] },
  '2026-07-28': { id: 'oauth:grant-listener-2026', kind: 'oauth', clientId: 'client-l', scopes: ['mcp'] }
}
const tokenOf = (era: string) => `listener-token-${era}-0123456789abcdef`

let kinds = 0
async function drivenJob (app: FastifyInstance, owner: string) {
  let finish!: () => void
  const released = new Promise<void>(resolve => { finish = resolve })
  let gotHandle!: (job: JobHandle) => void
  const handle = new Promise<JobHandle>(resolve => { gotHandle = resolve })
  const record = app.jobs.start({
    kind: `listen-scope-${++kinds}`,
    owner,
    description: `driven job of ${owner}`,
    run: async job => { gotHandle(job); await released; return { done: true } }
  })
  return { id: record.id, job: await handle, finish }
}

t.test('subscriptions never carry another credential\'s jobs', async t => {
  const { app } = await buildTestApp(t)
  app.setAccessTokenVerifier(token => Object.keys(listeners).map(era => tokenOf(era) === token ? listeners[era] : undefined).find(Boolean))
  const url = await listenMcp(app)
  const jobs: Array<{ finish: () => void }> = []
  t.teardown(() => jobs.forEach(j => j.finish()))
  const job = async (owner: string) => { const j = await drivenJob(app, owner); jobs.push(j); return j }
  const foreign = await job('internal')

  for (const era of ['2025-11-25', '2026-07-28'] as const) {
    await t.test(`${era}: jobs://mine and a foreign job's uri`, async t => {
      const listener = listeners[era]
      const { client } = await connectClient(url, { token: tokenOf(era), ...(era === '2026-07-28' && { mode: { pin: era } }) })
      t.teardown(() => client.close())
      const updates: string[] = []
      let notify = () => {}
      client.setNotificationHandler('notifications/resources/updated', n => { updates.push(n.params.uri); notify() })
      const arrived = new Promise<void>(resolve => { notify = resolve })
      if (era === '2025-11-25') {
        await client.subscribeResource({ uri: 'jobs://mine' })
        await t.rejects(client.subscribeResource({ uri: `jobs://${foreign.id}` }), /among this credential's jobs/, 'a foreign job cannot be subscribed to')
      } else {
        const subscription = await client.listen({ resourceSubscriptions: ['jobs://mine', `jobs://${foreign.id}`] })
        t.teardown(() => subscription.close())
      }
      foreign.job.progress(40, 'theirs moves')
      await job('internal') // a new job of theirs
      foreign.job.progress(60, 'theirs moves again')
      await new Promise(resolve => setTimeout(resolve, 200))
      t.same(updates, [], 'nothing about their jobs')
      const own = await job(listener.id)
      own.job.progress(10, 'mine moves')
      await arrived
      t.ok(updates.length > 0 && updates.every(uri => uri === 'jobs://mine'), `only the listener's own jobs: ${updates.join(', ')}`)
      t.notOk(updates.includes(`jobs://${foreign.id}`))
    })
  }
})
