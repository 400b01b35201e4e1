// Every suggested call is followed literally (issue 34 #7, #8): the releases views' grab, and each fix the
// stuck views suggest (import, retry), on the contract-validated Sonarr/Radarr simulators. A call refused for its
// arguments fails, and so does one that does not do what it promised: "only needs an import" must import.
import t from 'tap'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startServarrStack } from '../helpers/servarr-sims.js'
import { stuckAs } from '../../simulators/servarr/stuck.js'
import { ok } from '../helpers/results.js'
import { follow, nextOf } from '../helpers/follow-next.js'
import { grabTracked } from '../helpers/grabs.js'

// One stack for the file. Each test works on titles the others leave alone and judges by differences: the grab
// (which adds to both queues) runs last, after the movie import and the retry have judged theirs.
const s = await startServarrStack(t, { sim: { downloadMs: 30, queueRefreshMs: 5 }, config: { STUCK_MAX_STRIKES: 2 } })

/** Polls the simulator's own state (no wall-clock assertion): the manager tracks a grab on its next refresh. */
async function until (check: () => boolean) {
  for (let i = 0; i < 500 && !check(); i++) await new Promise(resolve => setTimeout(resolve, 10))
}

t.test('"only needs an import": the suggested movie_import imports the film from a folder that also holds an extra', async t => {
  // The last film without a file: the grab test below walks them from the first.
  const movie = [...s.radarr.state.library.movies.values()].findLast(m => !m.movieFileId)!
  const items = await grabTracked(s, 'radarr', { movieId: movie.id })
  for (const q of items) q.stuck = stuckAs('radarr', q.title, 'matchedById')
  let view = await s.call('movie_status', { view: 'stuck' })
  const [row] = ok(view).items
  // The download's folder holds the film and an extra, as many releases do (once the simulator has written it).
  await until(() => row.outputPath !== undefined && existsSync(row.outputPath))
  writeFileSync(join(row.outputPath, 'Extras.mkv'), Buffer.alloc(1024))
  view = await s.call('movie_status', { view: 'stuck' })
  const next = nextOf(view)
  t.match(next, [{ tool: 'movie_import', arguments: { path: row.outputPath, id: movie.id, idType: 'movieId' } }])
  t.match(view.content[0].text, /only needs an import/)
  const [imported] = await follow(t, s.call, next)
  t.match(ok(imported), { finished: true, imported: [{ movieId: movie.id }], skipped: [{ sourcePath: /Extras\.mkv$/ }] })
  t.ok(s.radarr.state.library.movies.get(movie.id)!.movieFileId, 'the movie has its file: the import did what was promised')
  t.equal(ok(await s.call('movie_status', { view: 'stuck' })).total, 0, 'no longer stuck')
})

t.test('the suggested retry removes the stuck download and has the manager search again', async t => {
  const harbor = [...s.sonarr.state.library.series.values()].find(x => x.title === 'Harbor Lights')!
  const [e1] = s.sonarr.state.library.bySeries.get(harbor.id)!
  const items = await grabTracked(s, 'sonarr', { episodeId: e1.id })
  for (const q of items) q.stuck = stuckAs('sonarr', q.title, 'notUpgrade')
  const view = await s.call('series_status', { view: 'stuck' })
  const next = nextOf(view)
  t.match(next, [{ tool: 'cancel_downloads', arguments: { action: 'retry', ids: [`series:${items[0].id}`] } }])
  const commands = s.sonarr.state.commands.size
  await follow(t, s.call, next)
  t.notOk(s.sonarr.state.queue.some(q => q.id === items[0].id), 'removed from the queue')
  t.ok(s.sonarr.state.commands.size > commands, 'and searched again')
})

t.test('the releases views suggest the complete grab call, and it grabs', async t => {
  const harbor = [...s.sonarr.state.library.series.values()].find(x => x.title === 'Harbor Lights')!
  const releases = await s.call('series_releases', { id: harbor.id, idType: 'seriesId', seasonNumber: 1 })
  const [grab] = nextOf(releases)
  t.match(grab, { tool: 'series_grab', arguments: { id: harbor.id, idType: 'seriesId', seasonNumber: 1, guid: String, indexerId: Number } }, 'id and seasonNumber are in the call, not only guid and indexerId')
  t.match(releases.content[0].text, `series_grab ${JSON.stringify(grab.arguments)}`, 'the text is rendered from the call')
  const before = s.sonarr.state.queue.length
  const [grabbed] = await follow(t, s.call, [grab])
  t.ok(ok(grabbed), 'grabbed')
  t.ok(s.sonarr.state.queue.length > before, 'the grab reached the series manager\'s queue')

  // A movie some indexer offers an approved release for (the rest are rejected, and a rejected one is not suggested).
  let movie: { id: number } | undefined
  let movieReleases: Awaited<ReturnType<typeof s.call>> | undefined
  for (const m of [...s.radarr.state.library.movies.values()].filter(m => !m.movieFileId)) {
    movieReleases = await s.call('movie_releases', { id: m.id, idType: 'movieId' })
    if (ok(movieReleases).approvedCount > 0) { movie = m; break }
    t.equal(nextOf(movieReleases).length, 0, 'no approved release: no grab is suggested')
  }
  if (!movie || !movieReleases) throw new Error('the simulator offers no approved movie release')
  t.match(nextOf(movieReleases), [{ tool: 'movie_grab', arguments: { id: movie.id, idType: 'movieId', guid: String, indexerId: Number } }])
  const queued = s.radarr.state.queue.length
  await follow(t, s.call, nextOf(movieReleases))
  t.ok(s.radarr.state.queue.length > queued, 'the grab reached the movie manager\'s queue')
})
