// Issue 34 item 12: one hung source reads with one deadline everywhere, said one way. Before, a backend read gave
// up after 10 s ("did not answer in 10 s"), the dashboard after 4 s ("within 4 s") and a part of
// get_library_state after 8 s ("no answer within 8 s"). Against a loopback backend that accepts and never answers.
import t from 'tap'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SOURCE_DEADLINE_MS, didNotAnswer, setSourceDeadline, sourceDeadlineMs } from '../../core/deadline.js'
import { createHttpBackend } from '../../clients/http.js'
import { part } from '../../lib/library/title-state.js'
import { buildTestApp, TEST_INTERNAL_KEY } from '../helpers/build.js'

async function hung (t: { teardown: (fn: () => unknown) => void }) {
  const held: ServerResponse[] = []
  const server = createServer((_req, res) => { held.push(res) })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>(resolve => { for (const r of held) r.destroy(); server.closeAllConnections(); server.close(() => resolve()) }))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

// The production deadline itself, not the longer one test apps wait with (test/helpers/build.ts); put back when the
// file ends, for the files that run after it in the same process (scripts/test-batch.mjs).
const deadlineBefore = sourceDeadlineMs()
setSourceDeadline(SOURCE_DEADLINE_MS)
t.teardown(() => setSourceDeadline(deadlineBefore))

t.test('the one deadline is 10 s and is said one way', async t => {
  t.equal(SOURCE_DEADLINE_MS, 10_000)
  t.equal(didNotAnswer('Sonarr'), 'Sonarr did not answer in 10 s.')
})

t.test('a backend read, a dashboard section and a part of a title\'s state give up alike', async t => {
  const url = await hung(t)
  const backend = createHttpBackend({ service: 'Sonarr', baseUrl: url, urlVar: 'SERIES_MANAGER_URL' })
  t.teardown(() => backend.close())
  const { app } = await buildTestApp(t, { web: true, config: { MEDIA_SERVER_URL: url, MEDIA_SERVER_API_KEY: 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5' } })
  const [read, section, piece] = await Promise.all([
    backend.call({ path: '/api/v3/series' }).then(() => 'answered', (err: Error) => err.message),
    app.inject({ method: 'GET', url: '/api/dashboard/now-playing', headers: { authorization: `Bearer ${TEST_INTERNAL_KEY}` } }).then(r => r.json() as { available: boolean, reason?: string }),
    part(() => new Promise<never>(() => {}))
  ])
  t.match(read, /^Sonarr did not answer in 10 s\. /)
  t.equal(section.available, false)
  t.match(section.reason, /^Jellyfin did not answer in 10 s\./, 'the dashboard waits as long as a tool and says it the same way')
  t.same(piece, { available: false, reason: 'did not answer in 10 s' })
})
