// cancel_downloads against the series and movie managers' queues (contract-validated Sonarr/Radarr
// simulators): list, cancel one item, purge duplicates of one episode/movie, a season pack is never cancelled
// to de-duplicate one of its episodes, and a queue that changed after the preview refuses the token. The
// simulators' clock is the test's: downloads move only when it says ("further along" is 300 ms of their clock).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { startServarrStack, type ServarrStack } from '../../helpers/servarr-sims.js'
import { ok } from '../../helpers/results.js'

const confirmation = (r: unknown) => (ok(r as any).confirmation as { confirmToken: string, targets: Array<{ id: string }>, summary: string })

async function grab (s: ServarrStack, service: 'sonarr' | 'radarr', query: Record<string, number>, pick: number) {
  const client = s.app.backends[service]
  const releases = await client.releases(query)
  t.ok(await client.grab(releases[pick].guid!, releases[pick].indexerId), `grabbed release ${pick}`)
  // What the download client has written so far: deleteFiles deletes only data this server can see.
  for (const q of s[service].state.queue) {
    const folder = join(s.roots.downloads, q.outputPath.slice('/downloads/'.length))
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, 'part.mkv'), Buffer.alloc(1000))
  }
  return releases[pick]
}

const simQueue = (s: ServarrStack, service: 'sonarr' | 'radarr') => s[service].state.queue.map(q => q.id).sort((a, b) => a - b)

t.test('list, cancel one and purge duplicates on the managers\' queues', async t => {
  const s = await startServarrStack(t, { sim: { downloadMs: 120_000, manualClock: true } })
  const harbor = [...s.sonarr.state.library.series.values()].find(x => x.title === 'Harbor Lights')!
  const [e1, e2] = s.sonarr.state.library.bySeries.get(harbor.id)!
  const movie = [...s.radarr.state.library.movies.values()].find(m => m.title === 'The Quiet Orbit')!

  // Two downloads of episode 1 (the first is further along), one of episode 2, two of the same movie.
  await grab(s, 'sonarr', { episodeId: e1.id }, 0)
  s.sonarr.state.advanceClock(300)
  await grab(s, 'sonarr', { episodeId: e1.id }, 1)
  await grab(s, 'sonarr', { episodeId: e2.id }, 0)
  await grab(s, 'radarr', { movieId: movie.id }, 0)
  s.radarr.state.advanceClock(300)
  await grab(s, 'radarr', { movieId: movie.id }, 2)

  const listed = ok(await s.call('cancel_downloads', { source: 'series' }))
  t.equal(listed.total, 3)
  t.same(listed.warnings, [])
  t.same(listed.items.map((i: any) => i.target).sort(), [`episode:${e1.id}`, `episode:${e1.id}`, `episode:${e2.id}`])
  const sonarrIds = simQueue(s, 'sonarr')
  t.same(listed.items.map((i: any) => i.id).sort(), sonarrIds.map(id => `series:${id}`).sort())

  // Cancel one movie item: preview, nothing changes, confirm, it is gone from the manager's queue.
  const [firstMovie, secondMovie] = simQueue(s, 'radarr')
  const cancelArgs = { action: 'cancel', source: 'movies', ids: [`movies:${secondMovie}`], deleteFiles: false, blocklist: true }
  const preview = confirmation(await s.call('cancel_downloads', cancelArgs))
  t.same(preview.targets.map(x => x.id), [`movies:${secondMovie}`])
  t.same(simQueue(s, 'radarr'), [firstMovie, secondMovie], 'the preview changed nothing')
  const cancelled = ok(await s.call('cancel_downloads', { ...cancelArgs, confirmToken: preview.confirmToken }))
  t.same(cancelled.removed.map((i: any) => i.id), [`movies:${secondMovie}`])
  t.same(simQueue(s, 'radarr'), [firstMovie])
  t.match(s.radarr.state.queueRemovals, [{ id: secondMovie, removeFromClient: false, blocklist: true }], 'deleteFiles=false keeps the data in the download client; blocklist is passed on')

  // Purge duplicates: the less advanced download of episode 1 goes, everything else stays.
  const dupes = s.sonarr.state.queue.filter(q => q.episodeId === e1.id).sort((a, b) => a.addedAt - b.addedAt)
  const purgePreview = confirmation(await s.call('cancel_downloads', { action: 'purge_duplicates', source: 'series' }))
  t.same(purgePreview.targets.map(x => x.id), [`series:${dupes[1].id}`], 'keeps the most advanced copy')
  const purged = ok(await s.call('cancel_downloads', { action: 'purge_duplicates', source: 'series', confirmToken: purgePreview.confirmToken }))
  t.same(purged.removed.map((i: any) => i.id), [`series:${dupes[1].id}`])
  t.same(simQueue(s, 'sonarr'), sonarrIds.filter(id => id !== dupes[1].id))
  t.match(s.sonarr.state.queueRemovals, [{ id: dupes[1].id, removeFromClient: true, blocklist: false }], 'deleteFiles defaults to true: removed from the download client too')
  t.match((await s.call('cancel_downloads', { action: 'purge_duplicates', source: 'series' })).content[0].text, /no duplicate downloads/)

  t.same([...s.sonarr.violations, ...s.radarr.violations], [], 'contract-conformant traffic only')
})

t.test('a season pack is not cancelled to de-duplicate one of its episodes', async t => {
  const s = await startServarrStack(t, { sim: { downloadMs: 120_000, manualClock: true } })
  const harbor = [...s.sonarr.state.library.series.values()].find(x => x.title === 'Harbor Lights')!
  const episodes = s.sonarr.state.library.bySeries.get(harbor.id)!.filter(e => e.seasonNumber === 1)
  // A single-episode download first (further along), then a season pack covering it and seven more episodes.
  await grab(s, 'sonarr', { episodeId: episodes[0].id }, 0)
  s.sonarr.state.advanceClock(300)
  await grab(s, 'sonarr', { seriesId: harbor.id, seasonNumber: 1 }, 0)
  const pack = s.sonarr.state.queue.filter(q => q.downloadId === s.sonarr.state.queue[1].downloadId)
  t.equal(pack.length, episodes.length, 'one queue item per episode of the pack')

  const res = await s.call('cancel_downloads', { action: 'purge_duplicates', source: 'series' })
  const targets = res.isError ? [] : confirmation(res).targets.map(x => x.id)
  t.notOk(targets.some(id => pack.some(p => `series:${p.id}` === id)), 'no item of the season pack is proposed: removing one removes the whole pack')
  if (!res.isError) ok(await s.call('cancel_downloads', { action: 'purge_duplicates', source: 'series', confirmToken: confirmation(res).confirmToken }))
  t.equal(s.sonarr.state.queue.filter(q => q.downloadId === pack[0].downloadId).length, episodes.length, 'the season pack is still downloading every episode')

  // Cancelling one episode of the pack cancels the pack in the manager: the preview says so by listing every item.
  const args = { action: 'cancel', source: 'series', ids: [`series:${pack[3].id}`] }
  const preview = confirmation(await s.call('cancel_downloads', args))
  t.same(preview.targets.map(x => x.id).sort(), pack.map(p => `series:${p.id}`).sort())
  const result = await s.call('cancel_downloads', { ...args, confirmToken: preview.confirmToken })
  const done = ok(result)
  t.equal(done.removed.length, episodes.length)
  t.match(result.content[0].text, `Removed 1 download (${episodes.length} queue items).`, 'one download, said as one')
  t.same(done.failed, [])
  t.equal(s.sonarr.state.queueRemovals.length, 1, 'one DELETE removed the whole download')
  t.equal(s.sonarr.state.queue.length, 1, 'the single-episode download stays')
  t.same(s.sonarr.violations, [])
})

t.test('a queue that changed between preview and confirm refuses the token', async t => {
  const s = await startServarrStack(t, { sim: { downloadMs: 120_000, manualClock: true } })
  const movie = [...s.radarr.state.library.movies.values()].find(m => m.title === 'The Quiet Orbit')!
  await grab(s, 'radarr', { movieId: movie.id }, 0)
  await grab(s, 'radarr', { movieId: movie.id }, 1)
  const preview = confirmation(await s.call('cancel_downloads', { action: 'purge_duplicates', source: 'movies' }))
  t.equal(preview.targets.length, 1)
  await grab(s, 'radarr', { movieId: movie.id }, 2) // a third copy appears: the purge list is now different
  const before = simQueue(s, 'radarr')
  const refused = await s.call('cancel_downloads', { action: 'purge_duplicates', source: 'movies', confirmToken: preview.confirmToken })
  t.ok(refused.isError, 'the token is refused')
  t.same(simQueue(s, 'radarr'), before, 'nothing was removed')
  t.same(s.radarr.state.queueRemovals, [])
  t.same(s.radarr.violations, [])
})

// Issue 24 item 6: the confirmed call reads the queue once more before removing; an id found there naming
// another download than the one previewed (the queue changed after the token was checked) is not removed.
t.test('an id that names another download at removal time is not removed, and not reported removed', async t => {
  const s = await startServarrStack(t, { sim: { downloadMs: 120_000, manualClock: true } })
  const movie = [...s.radarr.state.library.movies.values()].find(m => m.title === 'The Quiet Orbit')!
  await grab(s, 'radarr', { movieId: movie.id }, 0)
  const [id] = simQueue(s, 'radarr')
  const args = { action: 'cancel', source: 'movies', ids: [`movies:${id}`] }
  const preview = confirmation(await s.call('cancel_downloads', args))
  const client = s.app.backends.radarr
  const queue = client.queue.bind(client)
  let reads = 0
  client.queue = async (...a: Parameters<typeof queue>) => {
    const res = await queue(...a)
    // Right after the confirm's re-check has read the queue, the item under that id becomes another download.
    if (++reads === 1) Object.assign(s.radarr.state.queue.find(q => q.id === id)!, { downloadId: 'F'.repeat(40), title: 'Another.Movie.2025.1080p.WEB-DL' })
    return res
  }
  const result = await s.call('cancel_downloads', { ...args, confirmToken: preview.confirmToken })
  const done = ok(result)
  t.equal(reads, 3, 'the re-check (its listing, then every queue for the data check) and the removal each read the queue')
  t.same(done.removed, [], 'nothing reported removed')
  t.match(done.failed, [{ id: `movies:${id}`, error: /now names another download than the one previewed; not removed/ }])
  t.match(result.content[0].text, 'Removed 0 downloads; 1 could not be removed.')
  t.same(s.radarr.state.queueRemovals, [], 'the other download is untouched')
  t.same(s.radarr.violations, [])
})
