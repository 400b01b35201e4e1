// The one deadline helper (dashboard sections, title-state parts, backend probes, the setup probe round).
import t from 'tap'
import { DeadlineError, withDeadline } from '../../core/deadline.js'

t.test('work that answers in time passes through, value or error', async t => {
  t.equal(await withDeadline(Promise.resolve(7), 1_000, 'late'), 7)
  await t.rejects(withDeadline(Promise.reject(new TypeError('boom')), 1_000, 'late'), TypeError)
})

t.test('work that does not answer becomes a DeadlineError with the caller\'s message', async t => {
  // The deadline's timer is unref'd (it never holds a server open), so this test holds the loop open itself.
  const hold = setTimeout(() => {}, 5_000)
  t.teardown(() => clearTimeout(hold))
  const never = new Promise<never>(() => {})
  const err = await withDeadline(never, 20, 'Jellyfin did not answer within 0.02 s.').catch(e => e)
  t.ok(err instanceof DeadlineError)
  t.equal(err.message, 'Jellyfin did not answer within 0.02 s.')
})
