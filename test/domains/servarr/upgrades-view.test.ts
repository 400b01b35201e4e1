// series_status and movie_status view "upgrades" (issue 37) on the contract-validated simulators, whose GET
// /wanted/cutoff follows the managers' rule (simulators/servarr/cutoff.ts): nothing below cutoff said only over
// the managers that answered; a file below its profile's cutoff listed with its current and wanted quality and
// the disk its upgrade needs, first as an estimate with the releases call that gives the real size, then, once
// that search ran, from its best approved release; paged.
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { ok } from '../../helpers/results.js'
import { qualities } from '../../../simulators/servarr/qualities.js'

const s = await startServarrStack(t)

t.test('series: nothing below cutoff, then two episodes below it, an estimate, then a release\'s size', async t => {
  const none = await s.call('series_status', { view: 'upgrades' })
  t.equal(ok(none).total, 0)
  t.match(none.content[0].text, /Nothing is below its quality cutoff in Series manager\./)
  t.match(ok(none).parts, [{ part: 'Series manager', state: 'checked', found: 0 }])

  const lib = s.sonarr.state.library
  const series = [...lib.series.values()].find(x => {
    const p = s.sonarr.state.profiles.find(p => p.id === x.qualityProfileId)!
    return p.cutoff !== 1 && (lib.bySeries.get(x.id) ?? []).filter(e => e.episodeFileId && e.seasonNumber >= 1).length >= 2
  })!
  const profile = s.sonarr.state.profiles.find(p => p.id === series.qualityProfileId)!
  const [e1, e2] = (lib.bySeries.get(series.id) ?? []).filter(e => e.episodeFileId && e.seasonNumber >= 1)
  const sdtv = qualities('sonarr').find(q => q.id === 1)!
  for (const e of [e1!, e2!]) lib.files.get(e.episodeFileId)!.quality = sdtv

  const res = await s.call('series_status', { view: 'upgrades' })
  const data = ok(res)
  t.equal(data.total, 2)
  const row = data.items.find((r: { episodeId: number }) => r.episodeId === e1!.id)
  const file = lib.files.get(e1!.episodeFileId)!
  t.match(row, {
    kind: 'upgrade',
    id: series.id,
    title: series.title,
    seasonNumber: e1!.seasonNumber,
    episodeNumber: e1!.episodeNumber,
    currentQuality: 'SDTV',
    wantedQuality: qualities('sonarr').find(q => q.id === profile.cutoff)!.name,
    fileBytes: file.size,
    sizeFrom: 'estimate'
  })
  t.equal(row.upgradeBytes, row.newBytes - file.size, 'new minus the file it replaces')
  t.match(res.content[0].text, /Upgrading these 2 (needs about|frees about) .* \(0 from releases, 2 estimated\)/)
  t.match(data.next, [{ tool: 'series_releases', arguments: { id: series.id, idType: 'seriesId', seasonNumber: e1!.seasonNumber, episodeNumber: e1!.episodeNumber } }])

  // The releases call the answer suggests: the upgrade's size then comes from its best approved release.
  const call = data.next.find((n: { arguments: { episodeNumber: number } }) => n.arguments.episodeNumber === e1!.episodeNumber)
  const releases = ok(await s.call(call.tool, call.arguments))
  const best = releases.items.find((r: { approved: boolean }) => r.approved)
  t.ok(best, 'the search found an approved release')
  const after = ok(await s.call('series_status', { view: 'upgrades' }))
  const priced = after.items.find((r: { episodeId: number }) => r.episodeId === e1!.id)
  t.match(priced, { sizeFrom: 'release', newBytes: best.sizeBytes, upgradeBytes: best.sizeBytes - file.size, release: best.title })
  t.notOk(after.next?.some((n: { arguments: { episodeNumber: number } }) => n.arguments.episodeNumber === e1!.episodeNumber), 'no search suggested for a priced row')

  const second = ok(await s.call('series_status', { view: 'upgrades', limit: 1, offset: 1 }))
  t.match(second, { total: 2, offset: 1, limit: 1, hasMore: false })
  t.equal(second.items.length, 1)
  const one = ok(await s.call('series_status', { view: 'upgrades', id: series.id, idType: 'seriesId' }))
  t.equal(one.total, 2, 'the series asked about')
  t.same(s.sonarr.violations, [], 'wanted/cutoff asked and answered as the contract says')
})

t.test('movies: a movie below cutoff, estimated from its runtime, then from its best release', async t => {
  const lib = s.radarr.state.library
  const movie = [...lib.movies.values()].find(m => m.movieFileId && s.radarr.state.profiles.find(p => p.id === m.qualityProfileId)!.cutoff !== 1)!
  const profile = s.radarr.state.profiles.find(p => p.id === movie.qualityProfileId)!
  const file = lib.files.get(movie.movieFileId)!
  file.quality = qualities('radarr').find(q => q.id === 1)!
  const res = await s.call('movie_status', { view: 'upgrades' })
  const data = ok(res)
  t.equal(data.total, 1)
  t.match(data.items[0], { kind: 'upgrade', id: movie.id, currentQuality: 'SDTV', wantedQuality: qualities('radarr').find(q => q.id === profile.cutoff)!.name, fileBytes: file.size, sizeFrom: 'estimate' })
  t.match(data.next, [{ tool: 'movie_releases', arguments: { id: movie.id, idType: 'movieId' } }])
  const releases = ok(await s.call('movie_releases', data.next[0].arguments))
  const best = releases.items.find((r: { approved: boolean }) => r.approved)
  const after = ok(await s.call('movie_status', { view: 'upgrades' }))
  t.match(after.items[0], { sizeFrom: 'release', upgradeBytes: best.sizeBytes - file.size })
  t.same(s.radarr.violations, [])
})

t.test('a manager that does not answer is an error naming it, never "nothing below cutoff"', async t => {
  s.radarr.faults.set('down')
  t.teardown(() => s.radarr.faults.set('none'))
  const res = await s.call('movie_status', { view: 'upgrades' })
  t.equal(res.isError, true)
  t.notMatch(res.content[0].text, /Nothing is below/)
})
