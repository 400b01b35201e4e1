// Stuck downloads on the contract-validated Sonarr/Radarr simulators: series_status / movie_status view
// "stuck" lists them with the manager's own reason and a fix; the safe-list reason imports through the import
// tool; cancel_downloads action "retry" removes, blocklists and has the manager search again, at most
// STUCK_MAX_STRIKES times per title, counted in STATE_DIR across restarts; bad input is refused.
import t from 'tap'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startServarrStack, type ServarrStack } from '../../helpers/servarr-sims.js'
import { stuckAs, type StuckCase } from '../../../simulators/servarr/stuck.js'
import { errorText, ok } from '../../helpers/results.js'
import { grabTracked } from '../../helpers/grabs.js'

const confirmation = (r: unknown) => (ok(r as any).confirmation as { confirmToken: string, targets: any[], summary: string })

function makeStuck (s: ServarrStack, service: 'sonarr' | 'radarr', items: Array<{ title: string, stuck?: unknown }>, c: StuckCase) {
  for (const q of items) q.stuck = stuckAs(service, q.title, c)
}

const start = (t: Parameters<typeof startServarrStack>[0], config: Record<string, unknown> = {}) =>
  startServarrStack(t, { sim: { downloadMs: 30, queueRefreshMs: 5 }, config: { STUCK_MAX_STRIKES: 2, ...config } })

t.test('view "stuck": the manager\'s reasons, the fix for each, healthy downloads left out', async t => {
  const s = await start(t)
  const harbor = [...s.sonarr.state.library.series.values()].find(x => x.title === 'Harbor Lights')!
  const [e1, e2, e3] = s.sonarr.state.library.bySeries.get(harbor.id)!
  const byId = await grabTracked(s, 'sonarr', { episodeId: e1.id })
  const notUpgrade = await grabTracked(s, 'sonarr', { episodeId: e2.id })
  const stalled = await grabTracked(s, 'sonarr', { episodeId: e3.id })
  makeStuck(s, 'sonarr', byId, 'matchedById')
  makeStuck(s, 'sonarr', notUpgrade, 'notUpgrade')
  makeStuck(s, 'sonarr', stalled, 'stalled')

  // A stalled download is normal for a while after it starts: not listed yet.
  let view = ok(await s.call('series_status', { view: 'stuck' }))
  t.same(view.items.map((r: any) => r.stuck.kind).sort(), ['importBlocked', 'importFailed'])
  stalled[0].addedAt -= 31 * 60_000
  view = ok(await s.call('series_status', { view: 'stuck' }))
  const row = (queueId: number) => view.items.find((r: any) => r.queueId === queueId)
  t.match(row(byId[0].id), { stuck: { kind: 'importBlocked', fix: 'import', strikes: 0 }, state: 'importBlocked', messages: ['Found matching series via grab history, but release was matched to series by ID. Automatic import is not possible. See the FAQ for details.'] })
  t.match(row(notUpgrade[0].id), { stuck: { kind: 'importFailed', fix: 'retry' }, messages: [/^Not an upgrade for existing episode file/] })
  t.match(row(stalled[0].id), { stuck: { kind: 'stalled', fix: 'retry' }, messages: ['The download is stalled with no connections'] })
  const res = await s.call('series_status', { view: 'stuck' })
  const text = res.content[0].text
  const next = ok(res).next
  const nextFor = (queueId: number) => next.find((c: any) => c.tool === 'series_import' ? c.arguments.path === row(queueId).outputPath : c.arguments.ids[0] === `series:${queueId}`)
  t.match(nextFor(byId[0].id), { tool: 'series_import', arguments: { path: row(byId[0].id).outputPath, id: harbor.id, idType: 'seriesId' } }, 'the safe-list reason: the import tool with the manager\'s own match, as a complete call in `next`')
  t.match(nextFor(notUpgrade[0].id), { tool: 'cancel_downloads', arguments: { action: 'retry', ids: [`series:${notUpgrade[0].id}`] }, why: /strike 1 of 2/ })
  t.match(nextFor(stalled[0].id), { tool: 'cancel_downloads', arguments: { action: 'retry', ids: [`series:${stalled[0].id}`] } })
  t.equal(next.length, 3)
  t.match(text, `series_import ${JSON.stringify({ path: row(byId[0].id).outputPath, id: harbor.id, idType: 'seriesId' })}`, 'the text is rendered from the same calls')
  t.match(text, `cancel_downloads {"action":"retry","ids":["series:${notUpgrade[0].id}"]}`)
  const other = [...s.sonarr.state.library.series.values()].find(x => x.title !== 'Harbor Lights')!
  t.equal(ok(await s.call('series_status', { view: 'stuck', id: other.id, idType: 'seriesId' })).total, 0, 'narrowed to another series: nothing')
  t.equal(ok(await s.call('series_status', { view: 'stuck', term: 'Harbor Lights' })).total, 3, 'narrowed by term')
  t.match(errorText(await s.call('series_status', { view: 'stuck', seasonNumber: 1 })), /View "stuck" does not use seasonNumber/)
  t.same(s.sonarr.violations, [], 'contract-conformant traffic only')
})

t.test('the safe-list reason imports through movie_import with the ids the view gave', async t => {
  const s = await start(t)
  const movie = [...s.radarr.state.library.movies.values()].find(m => !m.movieFileId)!
  const items = await grabTracked(s, 'radarr', { movieId: movie.id })
  s.radarr.state.advanceClock(60) // the download (30 ms) finishes; its file is written on the next request
  makeStuck(s, 'radarr', items, 'matchedById')
  const [row] = ok(await s.call('movie_status', { view: 'stuck' })).items
  t.match(row, { stuck: { kind: 'importBlocked', fix: 'import' }, movieId: movie.id })
  // A retry of it would throw the good download away: its preview says so and points at the import.
  const retry = confirmation(await s.call('cancel_downloads', { action: 'retry', source: 'movies', ids: [`movies:${items[0].id}`] }))
  t.match(retry.summary, /Warning: ".+" \(movies:\d+\) finished downloading and only needs an import \(view "stuck" says fix: import\): retry would throw that good download away and blocklist it\. Import it instead: the stuck view gives the complete import call \(movie_status \{"view":"stuck"\}\)/)
  const imp = ok(await s.call('movie_import', { path: row.outputPath, id: row.movieId, idType: 'movieId' }))
  t.match(imp, { finished: true, failed: [] })
  t.equal(ok(await s.call('movie_status', { view: 'stuck' })).total, 0, 'imported: no longer stuck')

  // A reason off the safe list is never imported over the manager's objection: the fix is retry.
  const other = await grabTracked(s, 'radarr', { movieId: movie.id })
  makeStuck(s, 'radarr', other, 'titleMismatch')
  t.match(ok(await s.call('movie_status', { view: 'stuck' })).items, [{ stuck: { fix: 'retry' }, messages: ['Movie title mismatch, automatic import is not possible. Manual Import required.'] }])
  t.notMatch(confirmation(await s.call('cancel_downloads', { action: 'retry', source: 'movies', ids: [`movies:${other[0].id}`] })).summary, /Warning/, 'no warning where retry is the fix')
})

t.test('retry: preview, then remove + blocklist + search again; strikes stop the loop and survive a restart', async t => {
  const s = await start(t)
  const movie = [...s.radarr.state.library.movies.values()].find(m => !m.movieFileId)!
  const stuckMovie = async () => {
    const items = await grabTracked(s, 'radarr', { movieId: movie.id })
    makeStuck(s, 'radarr', items, 'notUpgrade')
    return items[0]
  }

  for (let strike = 1; strike <= 2; strike++) {
    const item = await stuckMovie()
    const args = { action: 'retry', source: 'movies', ids: [`movies:${item.id}`] }
    const preview = confirmation(await s.call('cancel_downloads', args))
    t.match(preview.targets, [{ id: `movies:${item.id}`, downloadId: item.downloadId.toLowerCase(), strikes: strike - 1, strikeKey: `movies:movie:${movie.id}` }])
    t.match(preview.summary, `strike ${strike} of 2`)
    t.ok(s.radarr.state.queue.some(q => q.id === item.id), 'the preview changed nothing')
    const commandsBefore = s.radarr.state.commands.size
    const done = ok(await s.call('cancel_downloads', { ...args, confirmToken: preview.confirmToken }))
    t.match(done, { action: 'retry', removed: [{ id: `movies:${item.id}` }], failed: [] })
    t.notOk(s.radarr.state.queue.some(q => q.id === item.id), 'removed from the queue')
    t.match(s.radarr.state.queueRemovals.at(-1), { id: item.id, removeFromClient: true, blocklist: true, skipRedownload: false })
    t.match(s.radarr.state.blocklist.at(-1), { movieId: movie.id, sourceTitle: item.title, message: 'Manually marked as failed' })
    t.match(s.radarr.state.history.at(-1), { eventType: 'downloadFailed', movieId: movie.id, downloadId: item.downloadId })
    const search = [...s.radarr.state.commands.values()].slice(commandsBefore)
    t.match(search, [{ name: 'MoviesSearch', body: { movieIds: [movie.id] } }], 'the manager searches again')
    const offered = await s.app.backends.radarr.releases({ movieId: movie.id })
    const again = offered.find(r => r.title === item.title)!
    t.ok(again.approved === false && again.rejections?.includes('Release is blocklisted'), 'the blocklisted release is rejected from now on')
    const listed = await fetch(`${s.radarr.url}/api/v3/blocklist?movieIds=${movie.id}`, { headers: { 'X-Api-Key': s.config.MOVIE_MANAGER_API_KEY! } }).then(r => r.json())
    t.match(listed, { totalRecords: strike, records: [{ movieId: movie.id, sourceTitle: item.title, message: 'Manually marked as failed' }] })
  }

  // The third stuck release of the same movie: not retried, the person is told.
  const third = await stuckMovie()
  t.match(ok(await s.call('movie_status', { view: 'stuck' })).items, [{ queueId: third.id, stuck: { strikes: 2, fix: 'person' } }])
  const refused = errorText(await s.call('cancel_downloads', { action: 'retry', source: 'movies', ids: [`movies:${third.id}`] }))
  t.match(refused, /Not retrying "[^"]+" \(movies:\d+\): already replaced 2 times \(STUCK_MAX_STRIKES=2\).*Tell the person/)
  t.ok(s.radarr.state.queue.some(q => q.id === third.id), 'nothing removed')
  const stored = JSON.parse(readFileSync(join(s.config.STATE_DIR, 'stuck-strikes.json'), 'utf8'))
  t.match(stored[`movies:movie:${movie.id}`], { strikes: 2, title: String })

  // A restarted server (a new app on the same STATE_DIR) keeps the count.
  const again = await s.restart()
  const res = await again.call('cancel_downloads', { action: 'retry', source: 'movies', ids: [`movies:${third.id}`] })
  t.match(res.content[0].text, /already replaced 2 times/)
  t.same(s.radarr.violations, [], 'contract-conformant traffic only')
})

t.test('retry of a season pack searches the season again; a queue that changed refuses the token', async t => {
  const s = await start(t, { STUCK_MAX_STRIKES: 3 })
  const harbor = [...s.sonarr.state.library.series.values()].find(x => x.title === 'Harbor Lights')!
  const pack = await grabTracked(s, 'sonarr', { seriesId: harbor.id, seasonNumber: 1 })
  makeStuck(s, 'sonarr', pack, 'noEligibleFiles')
  const [row] = ok(await s.call('series_status', { view: 'stuck' })).items
  t.equal(row.queueIds.length, pack.length, 'one row for the whole pack')
  const args = { action: 'retry', source: 'series', ids: [`series:${pack[1].id}`] }
  const preview = confirmation(await s.call('cancel_downloads', args))
  t.equal(preview.targets.length, 1, 'one download, one strike')
  t.match(preview.targets[0].strikeKey, /^series:episodes:\d+(,\d+)+$/)
  ok(await s.call('cancel_downloads', { ...args, confirmToken: preview.confirmToken }))
  const search = [...s.sonarr.state.commands.values()].at(-1)!
  t.match(search, { name: 'SeasonSearch', body: { seriesId: harbor.id, seasonNumber: 1 } })
  t.match(s.sonarr.state.blocklist, [{ seriesId: harbor.id, episodeIds: pack.map(q => q.episodeId) }])

  // The download the token was issued for is replaced by another before the confirm: refused, nothing removed.
  const [e1] = s.sonarr.state.library.bySeries.get(harbor.id)!
  const single = await grabTracked(s, 'sonarr', { episodeId: e1.id })
  makeStuck(s, 'sonarr', single, 'stalled')
  const p2 = confirmation(await s.call('cancel_downloads', { action: 'retry', source: 'series', ids: [`series:${single[0].id}`] }))
  single[0].downloadId = 'f'.repeat(40)
  const stale = await s.call('cancel_downloads', { action: 'retry', source: 'series', ids: [`series:${single[0].id}`], confirmToken: p2.confirmToken })
  t.ok(stale.isError, 'a token bound to another download is refused')
  t.ok(s.sonarr.state.queue.some(q => q.id === single[0].id), 'nothing removed')
})

t.test('bad input to retry is refused with what to do', async t => {
  const s = await start(t)
  // A strike file that is not JSON: neither the view nor a retry goes ahead without the counts.
  const movie = [...s.radarr.state.library.movies.values()].find(m => !m.movieFileId)!
  const items = await grabTracked(s, 'radarr', { movieId: movie.id })
  makeStuck(s, 'radarr', items, 'failed')
  mkdirSync(s.config.STATE_DIR, { recursive: true })
  writeFileSync(join(s.config.STATE_DIR, 'stuck-strikes.json'), '{not json')
  t.match(errorText(await s.call('movie_status', { view: 'stuck' })), /strike counts cannot be read .*stuck-strikes\.json.*Check STATE_DIR/)
  t.match(errorText(await s.call('cancel_downloads', { action: 'retry', source: 'movies', ids: [`movies:${items[0].id}`] })), /strike count cannot be read.*not retrying/)
  t.ok(s.radarr.state.queue.some(q => q.id === items[0].id), 'nothing removed')

  t.match(errorText(await s.call('cancel_downloads', { action: 'retry' })), /Action "retry" needs ids/)
  t.match(errorText(await s.call('cancel_downloads', { action: 'retry', source: 'series', ids: ['series:424242'] })), /Not found: series:424242/)
  t.match(errorText(await s.call('cancel_downloads', { action: 'retry', ids: ['torrent:' + 'a'.repeat(40)] })), /Not found|is a torrent/)
})
