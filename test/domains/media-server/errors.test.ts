// Failure paths of the media-server tools: every message says how to recover, names the variable to fix,
// and never carries a secret or a backend body.
import t from 'tap'
import { createJellyfinClient } from '../../../clients/jellyfin/client.js'
import { buildTestApp } from '../../helpers/build.js'

const UNKNOWN = '0123456789abcdef0123456789abcdef'

t.test('unknown ids point to the tool that lists ids', async t => {
  const { app, sims, ctx } = await buildTestApp(t, { sims: { jellyfin: true } })
  const res = await app.tools.call('show_details', { seriesId: UNKNOWN }, ctx())
  t.equal(res.isError, true)
  t.match(res.content[0].text, /No item with id 0123456789abcdef0123456789abcdef.*search_media {"types":\["Series"\]}/)
  const movie = [...sims.jellyfin.state.items.values()].find(i => i.kind === 'Movie')!
  const notSeries = await app.tools.call('show_details', { seriesId: movie.id }, ctx())
  t.match(notSeries.content[0].text, /is a Movie .* not a series.*search_media/)
  // A title where the id belongs: told to look the id up, not shown a regular expression.
  const title = await app.tools.call('show_details', { seriesId: 'Breaking Bad' }, ctx())
  t.equal(title.isError, true)
  t.match(title.content[0].text, /seriesId "Breaking Bad" is not valid; expected: Series id from search_media/)
  t.notMatch(title.content[0].text, /\^|\[0-9a-f/, 'no pattern shown')
  const lib = await app.tools.call('search_media', { library: 'Cartoons' }, ctx())
  t.match(lib.content[0].text, /No library named "Cartoons"\. Libraries: "Movies", "Shows", "Anime", "Music"/)
  t.same(sims.jellyfin.violations, [])
})

t.test('a wrong key names MEDIA_SERVER_API_KEY and never shows the key', async t => {
  const { app, ctx } = await buildTestApp(t, { sims: { jellyfin: true }, config: { MEDIA_SERVER_API_KEY: 'not-the-right-key-123' } })
  const status = await app.tools.call('server_status', {}, ctx())
  t.notOk(status.isError, 'server_status still answers with what did answer (the disk)')
  t.match(status.content[0].text, /^The media server did not answer, so its libraries, sessions and users are unknown: Jellyfin rejected the API key: check MEDIA_SERVER_API_KEY\. Disk: media disk \d+% used/)
  t.notMatch(JSON.stringify(status), /not-the-right-key-123/, 'server_status: no secret in the result')
  for (const [tool, args] of [['search_media', {}], ['activity_log', {}], ['show_details', { seriesId: UNKNOWN }]] as const) {
    const res = await app.tools.call(tool, args, ctx())
    t.equal(res.isError, true, tool)
    t.match(res.content[0].text, /Jellyfin rejected the API key: check MEDIA_SERVER_API_KEY/, tool)
    t.notMatch(JSON.stringify(res), /not-the-right-key-123/, `${tool}: no secret in the result`)
  }
})

t.test('a missing key: the server starts, tools fail naming the variable', async t => {
  const { app, ctx } = await buildTestApp(t, { sims: { jellyfin: true }, config: { MEDIA_SERVER_API_KEY: '' } })
  t.ok(app.tools.names().includes('server_status'), 'the server started with its tools')
  const res = await app.tools.call('search_media', { query: 'x' }, ctx())
  t.equal(res.isError, true)
  t.match(res.content[0].text, /Jellyfin is not configured: set MEDIA_SERVER_API_KEY/)
})

t.test('backend down: server_status answers with the disk and names the media server; it states nothing it holds', async t => {
  const { app, sims, ctx } = await buildTestApp(t, { sims: { jellyfin: true } })
  sims.jellyfin.faults.set('down')
  const res = await app.tools.call('server_status', {}, ctx())
  t.notOk(res.isError, 'one missing source does not fail the whole answer')
  t.match(res.content[0].text, /^The media server did not answer, so its libraries, sessions and users are unknown: Jellyfin is unreachable at http:\/\/127\.0\.0\.1:\d+ .*MEDIA_SERVER_URL/)
  t.notMatch(res.content[0].text, /Libraries: none|0 active session|0 user/, 'no zero for what was not heard')
  const data = res.structuredContent as Record<string, any>
  t.match(data, { disk: { usedPercent: Number }, notAnswered: [{ source: 'Media server', reason: /Jellyfin is unreachable/ }] })
  t.notOk('libraries' in data || 'sessions' in data || 'users' in data || 'server' in data, 'the media server\'s parts are absent, not empty')
  await sims.jellyfin.close()
  const gone = await app.tools.call('activity_log', {}, ctx())
  t.match(gone.content[0].text, /Jellyfin (is unreachable|failed \d+ times in a row)/)
})

t.test('one part of the media server failing: server_status names that part and answers the rest', async t => {
  const { app, sims, ctx } = await buildTestApp(t, { sims: { jellyfin: true } })
  sims.jellyfin.faults.set('5xx', { status: 500, match: /\/Sessions$/ })
  const partly = await app.tools.call('server_status', {}, ctx())
  t.match(partly.content[0].text, /^Jellyfin [\d.]+ is up\. Libraries: .* user\(s\)\. Disk: media disk .*Did not answer, so unknown: Media server sessions: Jellyfin failed \(HTTP 500\)/)
  t.notOk('sessions' in (partly.structuredContent as object), 'sessions unknown, not an empty list')
  t.ok((partly.structuredContent as { libraries: unknown[] }).libraries.length > 0)
})

t.test('backend errors and garbage are shaped, not echoed', async t => {
  const { app, sims, ctx } = await buildTestApp(t, { sims: { jellyfin: true } })
  sims.jellyfin.faults.set('5xx', { status: 500 })
  const res = await app.tools.call('search_media', {}, ctx())
  t.match(res.content[0].text, /Jellyfin failed \(HTTP 500\)/)
  t.notMatch(res.content[0].text, /Service Unavailable/, 'the backend body is not passed through')
  sims.jellyfin.faults.set('invalid-json')
  const garbage = await app.tools.call('search_media', {}, ctx())
  t.match(garbage.content[0].text, /not valid JSON.*MEDIA_SERVER_URL/)
})

t.test('a slow backend hits the deadline', async t => {
  const { app, config, sims, ctx } = await buildTestApp(t, { sims: { jellyfin: true } })
  // The production deadline is 15 s; a short-deadline client keeps this test fast on the same code path.
  const fast = createJellyfinClient(config, { deadlineMs: 250 })
  t.teardown(() => fast.close())
  ;(app.backends as unknown as { mediaServer: typeof fast }).mediaServer = fast
  // The backend answers in an hour, longer than any test may take: an answer at all is the deadline's doing.
  sims.jellyfin.faults.set('slow', { delayMs: 3_600_000 })
  const res = await app.tools.call('search_media', { query: 'x' }, ctx())
  t.equal(res.isError, true)
  t.match(res.content[0].text, /Jellyfin did not answer in 250 ms/, 'gave up at the short deadline')
})

t.test('a cancelled call stops waiting', async t => {
  const { app, sims, ctx } = await buildTestApp(t, { sims: { jellyfin: true } })
  sims.jellyfin.faults.set('slow', { delayMs: 3_000 })
  const abort = new AbortController()
  setTimeout(() => abort.abort(), 100)
  const res = await app.tools.call('server_status', {}, ctx({ signal: abort.signal }))
  t.equal(res.isError, true)
  t.match(res.content[0].text, /cancelled/)
})
