// A tool call run as a task: the first job it starts is tagged as the task (with the call's answer once
// kept), a second is not, and the job's own run does not count as part of the call.
import t from 'tap'
import { currentTaskCall, runAsTask } from '../../lib/jobs/call-scope.js'
import { deferred, makeRegistry } from './jobs-helpers.js'

t.test('the first job of a task call is the task', async t => {
  const { jobs } = await makeRegistry(t)
  const insideRun = deferred<unknown>()
  const { scope } = await runAsTask('move_things', async () => {
    jobs.start({ kind: 'k', owner: 'me', description: 'first', run: async () => { insideRun.resolve(currentTaskCall()); return 1 } })
    jobs.start({ kind: 'k', owner: 'me', description: 'second', run: async () => 2 })
  })
  t.ok(scope.job)
  t.equal(scope.job!.description, 'first')
  scope.keepAnswer!({ content: [], structuredContent: { job: { id: scope.job!.id } } })
  t.same(jobs.get(scope.job!.id)?.task, { tool: 'move_things', answer: { content: [], structuredContent: { job: { id: scope.job!.id } } } })
  const second = jobs.list().find(j => j.description === 'second')
  t.notOk(second?.task, 'one task, one job')
  t.equal(await insideRun.promise, undefined, 'the job runs outside the call')
  t.equal(currentTaskCall(), undefined)
})
