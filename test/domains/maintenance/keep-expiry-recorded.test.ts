// Issue 34 item 11: a keep link that ran out unused is dropped from STATE_DIR by the server itself; that is on
// the record as the server's act, naming whose link and which title, never the token.
import t from 'tap'
import { buildTestApp } from '../../helpers/build.js'
import { keepStore } from '../../../domains/maintenance/watched-keeps.js'

t.test('an expired keep link is recorded as the server\'s act, without its token', async t => {
  const { app, config } = await buildTestApp(t)
  const store = keepStore(config.STATE_DIR)
  // A link made two days ago, valid for one: the write that keeps it finds it expired and drops it.
  const token = await store.link({ key: 'Radarr:movie:12', title: 'Heat', person: 'alice' }, 86_400_000, new Date(Date.now() - 2 * 86_400_000))
  t.equal(await store.linkFor(token), undefined, 'the link is gone')
  const entries = app.audit.store.list({ action: 'keep-link.expired', offset: 0, limit: 5 }).items
  t.equal(entries.length, 1)
  t.match(entries[0], { source: 'server', outcome: 'ok', principal: { id: 'server' }, args: { key: 'Radarr:movie:12', person: 'alice' }, targets: [/^"Heat" \(keep link of alice, expired \d{4}-\d{2}-\d{2}\)$/] })
  t.notMatch(JSON.stringify(entries), token, 'the token is never recorded')
})
