// Finding 12.10: refused ("burnt") confirm tokens were kept and not counted, so one credential could fill
// the server's 1,000 records in seconds and lock every other caller out of destructive tools. Every live
// record counts against its principal; refused ones are deleted.
import t from 'tap'
import { createConfirmStore } from '../../lib/confirm/confirm-store.js'

const binding = { tool: 'files_delete', args: { path: 'movies/Old' }, principalId: 'oauth:stranger' }
const targets = [{ path: 'movies/Old/a.mkv', size: 1 }]
const outcome = { content: [{ type: 'text' as const, text: 'Deleted 1 file.' }] }

t.test('burning tokens in a loop fills nothing', async t => {
  const s = createConfirmStore()
  let refused = 0
  for (let i = 0; i < 1200; i++) {
    const { confirmToken } = s.issue(binding, targets)
    try { s.replay(confirmToken, { ...binding, args: { path: 'other' } }) } catch { refused++ } // burns it
  }
  t.equal(refused, 1200, 'every mismatched use was refused')
  t.equal(s.size(), 0, 'refused tokens are deleted')
  t.ok(s.issue({ ...binding, principalId: 'internal' }, targets).confirmToken, 'the owner can still preview')
})

t.test('running and stored outcomes count against the principal', async t => {
  const s = createConfirmStore({ maxPendingPerPrincipal: 3 })
  const tokens = [0, 1, 2].map(() => s.issue(binding, targets).confirmToken)
  for (const token of tokens) s.redeem(token, binding, targets)
  t.throws(() => s.issue(binding, targets), { message: /3 previews waiting/ }, 'three calls running: no fourth record')
  s.settle(tokens[0], outcome)
  t.ok(s.issue(binding, targets).confirmToken, 'the oldest stored outcome makes room')
  t.throws(() => s.replay(tokens[0], binding), { message: /unknown or has expired/ }, 'and is gone')
  t.equal(s.size(), 3, 'bounded per principal')
})
