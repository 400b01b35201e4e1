// Confirm tokens, rule by rule: format and storage, single use, binding to tool/arguments/principal/targets,
// burning on mismatch with a reason, expiry on an injected clock, idempotent retries, and the caps.
import t from 'tap'
import { createConfirmStore } from '../../lib/confirm/confirm-store.js'
import { canonicalJson, fingerprint, sha256Hex } from '../../lib/confirm/canonical.js'
import type { ToolCallResult } from '../../core/tool-types.js'
import { buildTestApp } from '../helpers/build.js'

let clock = 1_700_000_000_000
const now = () => clock
const store = () => createConfirmStore({ now })
const binding = { tool: 'files_delete', args: { path: 'movies/Old', recursive: true }, principalId: 'internal' }
const targets = [{ path: 'movies/Old/a.mkv', size: 10 }]
const outcome: ToolCallResult = { content: [{ type: 'text', text: 'Deleted 1 file.' }], structuredContent: { deleted: 1 } }

t.test('tokens are 256-bit, distinct, and valid for 5 minutes', async t => {
  const s = store()
  const a = s.issue(binding, targets)
  const b = s.issue(binding, targets)
  t.match(a.confirmToken, /^[A-Za-z0-9_-]{43}$/)
  t.equal(Buffer.from(a.confirmToken, 'base64url').length, 32)
  t.not(a.confirmToken, b.confirmToken)
  t.equal(a.expiresAt, new Date(clock + 5 * 60_000).toISOString())
  // Stored as a hash only: the hash itself is not a token.
  t.throws(() => s.replay(sha256Hex(a.confirmToken), binding), { message: /unknown or has expired/ })
})

t.test('happy path: redeem once, settle, and a retry gets the stored outcome without running again', async t => {
  const s = store()
  const { confirmToken } = s.issue(binding, targets)
  t.equal(s.replay(confirmToken, binding), undefined, 'not yet used')
  s.redeem(confirmToken, binding, targets)
  t.throws(() => s.replay(confirmToken, binding), { name: 'GuardError', message: /still running/ })
  s.settle(confirmToken, outcome)
  const again = s.replay(confirmToken, binding)
  t.match(again, { ...outcome, _meta: { confirm: 'already_consumed' } })
  t.throws(() => s.redeem(confirmToken, binding, targets), { message: /already used/ }, 'single use')
  clock += 5 * 60_000
  t.throws(() => s.replay(confirmToken, binding), { message: /expired|unknown/ }, 'outcomes are kept until the token expires')
})

t.test('canonical arguments: key order and the token field do not matter', async t => {
  const s = store()
  const { confirmToken } = s.issue(binding, targets)
  t.equal(s.replay(confirmToken, { ...binding, args: { recursive: true, path: 'movies/Old' } }), undefined)
  t.equal(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } }), '{"a":{"d":[1,{"y":2,"z":1}]},"b":1}')
  t.equal(fingerprint({ a: 1, b: 2 }), fingerprint({ b: 2, a: 1 }))
})

for (const [rule, other, why] of [
  ['different arguments', { ...binding, args: { path: 'movies/Other', recursive: true } }, /arguments differ from the preview \(path\)/],
  ['an extra argument', { ...binding, args: { ...binding.args, force: true } }, /arguments differ from the preview \(force\)/],
  ['another principal', { ...binding, principalId: 'oauth:someone-else' }, /issued to a different caller/],
  ['another tool', { ...binding, tool: 'files_move' }, /issued for the tool files_delete, not files_move/]
] as const) {
  t.test(`${rule}: refused and the token is burnt`, async t => {
    const s = store()
    const { confirmToken } = s.issue(binding, targets)
    t.throws(() => s.replay(confirmToken, other), { name: 'GuardError', guard: 'confirm', message: why })
    t.throws(() => s.replay(confirmToken, other), { message: /can no longer be used/ })
    t.throws(() => s.replay(confirmToken, binding), { message: /refused earlier because/ }, 'even the right caller cannot use it now')
    t.throws(() => s.redeem(confirmToken, binding, targets), { message: /can no longer be used/ })
  })
}

t.test('a changed target set refuses, burns, and says to preview again', async t => {
  const s = store()
  const { confirmToken } = s.issue(binding, targets)
  t.equal(s.replay(confirmToken, binding), undefined)
  t.throws(() => s.redeem(confirmToken, binding, [...targets, { path: 'movies/Old/new.mkv', size: 5 }]),
    { name: 'GuardError', message: /changed since the preview.*Call files_delete again without confirmToken for a fresh preview/ })
  t.throws(() => s.redeem(confirmToken, binding, targets), { message: /can no longer be used/ })
})

t.test('expiry follows the clock', async t => {
  const s = store()
  const early = s.issue(binding, targets)
  clock += 5 * 60_000 - 1
  t.equal(s.replay(early.confirmToken, binding), undefined, 'still valid just before 5 minutes')
  const late = s.issue(binding, targets)
  clock += 1
  t.throws(() => s.replay(early.confirmToken, binding), { message: /expired/ })
  t.throws(() => s.replay(early.confirmToken, binding), { message: /unknown or has expired/ }, 'and it is gone afterwards')
  s.redeem(late.confirmToken, binding, targets)
})

t.test('unknown tokens are refused', async t => {
  t.throws(() => store().replay('x'.repeat(43), binding), { name: 'GuardError', message: /unknown or has expired.*fresh preview/ })
})

t.test('a mismatch on a settled token refuses but keeps the outcome for the rightful retry', async t => {
  const s = store()
  const { confirmToken } = s.issue(binding, targets)
  s.redeem(confirmToken, binding, targets)
  s.settle(confirmToken, outcome)
  t.throws(() => s.replay(confirmToken, { ...binding, principalId: 'oauth:x' }), { message: /different caller/ })
  t.match(s.replay(confirmToken, binding), outcome)
})

t.test('pending tokens are capped per principal and overall; nothing is evicted', async t => {
  const s = createConfirmStore({ now, maxPendingPerPrincipal: 3, maxRecords: 5 })
  const first = s.issue(binding, targets)
  s.issue(binding, targets)
  s.issue(binding, targets)
  t.throws(() => s.issue(binding, targets), { name: 'GuardError', message: /3 previews waiting for confirmation/ })
  t.equal(s.replay(first.confirmToken, binding), undefined, 'the oldest token still works')
  const other = { ...binding, principalId: 'oauth:b' }
  s.issue(other, targets)
  s.issue(other, targets)
  t.throws(() => s.issue({ ...binding, principalId: 'oauth:c' }, targets), { message: /too many confirmations/ })
  clock += 5 * 60_000
  t.equal(s.size(), 0, 'expired records are swept')
  t.doesNotThrow(() => s.issue(other, targets))
})

t.test('a used token frees its principal\'s pending slot', async t => {
  const s = createConfirmStore({ now, maxPendingPerPrincipal: 2 })
  const first = s.issue(binding, targets)
  s.issue(binding, targets)
  t.throws(() => s.issue(binding, targets), { message: /2 previews waiting/ })
  s.redeem(first.confirmToken, binding, targets)
  s.settle(first.confirmToken, outcome)
  t.ok(s.issue(binding, targets).confirmToken)
})

t.test('the plugin decorates app.confirm', async t => {
  const { app } = await buildTestApp(t)
  const { confirmToken } = app.confirm.issue(binding, targets)
  t.equal(app.confirm.replay(confirmToken, binding), undefined)
})

t.test('a confirmation for the person is redeemed only by the person\'s answer, never as a confirmToken', async t => {
  const s = store()
  const person = { ...binding, via: 'person' as const }
  const { confirmToken: handle } = s.issue(person, targets)
  t.throws(() => s.replay(handle, binding), { name: 'GuardError', message: /waits for the person's own answer and is not a confirmToken.*The confirmation has been cancelled.*Call files_delete again for a fresh preview and confirmation/ })
  t.throws(() => s.replay(handle, person), { message: /This confirmation can no longer be used/ }, 'burnt: the person cannot be tricked into confirming it later')
  const { confirmToken: token } = s.issue(binding, targets)
  t.throws(() => s.redeem(token, person, targets), { message: /it is a confirmToken, not a confirmation by the person/ })
})

t.test('decline closes a pending confirmation with an outcome a retry gets, and it never runs', async t => {
  const s = store()
  const person = { ...binding, via: 'person' as const }
  const { confirmToken: handle } = s.issue(person, targets)
  const declined: ToolCallResult = { content: [{ type: 'text', text: 'The person declined.' }], isError: true }
  t.throws(() => s.decline(handle, { ...person, principalId: 'oauth:other' }, declined), { message: /different caller/ })
  const { confirmToken: again } = s.issue(person, targets)
  s.decline(again, person, declined)
  t.match(s.replay(again, person), { ...declined, _meta: { confirm: 'already_consumed' } })
  t.throws(() => s.redeem(again, person, targets), { message: /This confirmation was already used/ })
  t.throws(() => s.replay(sha256Hex(again), person), { message: /This confirmation is unknown or has expired \(confirmations last 5 minutes/ })
})

// Issue 35 item 13: a failure the person did not cause, and a spent token told again.
t.test('targets that differ while a source did not answer keep the token; a replayed failure says it is the earlier call\'s', async t => {
  const s = store()
  const { confirmToken } = s.issue(binding, targets)
  t.throws(() => s.redeem(confirmToken, binding, [], ['NZBGet']), { message: /Not done yet: NZBGet did not answer just now.*Nothing was changed, and the token stays valid until/ })
  t.doesNotThrow(() => s.redeem(confirmToken, binding, targets), 'the same token works once the source answers')
  const failed: ToolCallResult = { isError: true, content: [{ type: 'text', text: 'NZBGet is unreachable; nothing was removed.' }] }
  s.settle(confirmToken, failed)
  const replayed = s.replay(confirmToken, binding)!
  t.not(replayed.content[0].text, failed.content[0].text, 'not the old failure word for word')
  t.match(replayed.content[0].text, /^This confirmToken was already used \(it works once\); that call ended with: NZBGet is unreachable/)
  // Targets that differ with every source answering: still the person's preview that changed, and the token is burned.
  const other = s.issue(binding, targets)
  t.throws(() => s.redeem(other.confirmToken, binding, []), { message: /changed since the preview/ })
})
