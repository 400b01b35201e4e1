// Issue 39 item 1: a process that builds test apps waits for a source longer than production's 10 s, so a loaded
// machine's first simulator answer (its contract validators compile on it) is not read as "did not answer in 10 s"
// (test/domains/media-server/errors.test.ts and household-day failed that way). A short deadline given explicitly
// still wins: the tests that check deadlines keep theirs.
import t from 'tap'
import { createHttpBackend } from '../../clients/http.js'
import { SOURCE_DEADLINE_MS, sourceDeadlineMs } from '../../core/deadline.js'
import { TEST_SOURCE_DEADLINE_MS } from '../helpers/build.js'

t.test('test apps wait longer for a source than production; a short deadline given explicitly still wins', async t => {
  t.equal(SOURCE_DEADLINE_MS, 10_000, 'production keeps its 10 s')
  t.equal(sourceDeadlineMs(), TEST_SOURCE_DEADLINE_MS)
  t.ok(TEST_SOURCE_DEADLINE_MS > SOURCE_DEADLINE_MS)
  const built = createHttpBackend({ service: 'Sonarr', baseUrl: 'http://127.0.0.1:9', urlVar: 'SERIES_MANAGER_URL' })
  const short = createHttpBackend({ service: 'Sonarr', baseUrl: 'http://127.0.0.1:9', urlVar: 'SERIES_MANAGER_URL', deadlineMs: 250 })
  t.teardown(async () => { await built.close(); await short.close() })
  t.same(built.deadlines, { readMs: TEST_SOURCE_DEADLINE_MS, writeMs: TEST_SOURCE_DEADLINE_MS }, 'a client built in a test process reads and writes with the longer deadline')
  t.equal(short.deadlines.readMs, 250, 'a test\'s own short deadline')
})
