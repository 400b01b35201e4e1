// A job that asks its client for input (MCP tasks' input_required): the record shows what is pending, partial
// answers keep the rest pending, the job resumes once all are in, and a cancel ends the wait.
import t from 'tap'
import { deferred, makeRegistry } from './jobs-helpers.js'

t.test('a job waits for every answer, then resumes with them', async t => {
  const { jobs } = await makeRegistry(t)
  const asked = deferred()
  const job = jobs.start({
    kind: 'ask',
    owner: 'me',
    description: 'Asks two things',
    run: async handle => {
      const answers = handle.requestInput!({ a: { method: 'elicitation/create' }, b: { method: 'elicitation/create' } })
      asked.resolve(undefined)
      return await answers
    }
  })
  await asked.promise
  t.same(jobs.get(job.id)?.inputRequests, { a: { method: 'elicitation/create' }, b: { method: 'elicitation/create' } })
  t.equal(jobs.provideInput(job.id, { a: { action: 'accept' }, unknown: { ignored: true } }), true)
  t.same(jobs.get(job.id)?.inputRequests, { b: { method: 'elicitation/create' } }, 'the answered key is gone, the other stays')
  t.equal(jobs.get(job.id)?.status, 'running')
  jobs.provideInput(job.id, { b: { action: 'decline' } })
  const done = await jobs.wait(job.id)
  t.equal(done.status, 'succeeded')
  t.same(done.result, { a: { action: 'accept' }, b: { action: 'decline' } })
  t.notOk('inputRequests' in done)
  t.equal(jobs.provideInput(job.id, { a: {} }), false, 'a finished job waits for nothing')
})

t.test('cancelling a job that waits for input ends it as cancelled', async t => {
  const { jobs } = await makeRegistry(t)
  const asked = deferred()
  const job = jobs.start({
    kind: 'ask',
    owner: 'me',
    description: 'Asks and is cancelled',
    run: async handle => { const p = handle.requestInput!({ a: {} }); asked.resolve(undefined); return await p }
  })
  await asked.promise
  jobs.cancel(job.id)
  const done = await jobs.wait(job.id)
  t.equal(done.status, 'cancelled')
  t.notOk('inputRequests' in done)
})
