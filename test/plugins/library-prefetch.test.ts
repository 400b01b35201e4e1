// The start-up prefetch of the managers' whole-library lists (plugins/library-prefetch.ts, issue 39 item 7), on
// the Sonarr and Radarr simulators with a clock the test moves: the first read after start asks the manager for
// nothing, renewals happen in the background before the list expires (a renewal the managers hold keeps no read
// waiting), a list older than its TTL is served and
// the answer says how old it is, each background fetch tells the memory trim, and closing the app leaves no timer behind.
import t from 'tap'
import { startServarrStack } from '../helpers/servarr-sims.js'
import { manualClock } from '../helpers/manual-clock.js'
import { text } from '../helpers/results.js'
import type { MemoryTrimOptions } from '../../plugins/memory-trim.js'

const wholeList = (q: Record<string, unknown>) => q.tvdbId === undefined && q.tmdbId === undefined

async function stack (t: { teardown: (fn: () => unknown) => void, fail: (message: string) => void }, plugins: { memoryTrim?: MemoryTrimOptions } = {}) {
  const clock = manualClock()
  const built = await startServarrStack(t, { build: { plugins: { libraryPrefetch: { autoStart: true }, backends: { clock }, ...plugins } } })
  const { sonarr, radarr } = built
  const fetches = () => ({ series: sonarr.requests.count('GET /api/v3/series', wholeList), movies: radarr.requests.count('GET /api/v3/movie', wholeList) })
  /** Waits (on the fetches themselves, not on time) until the lists have been fetched and kept this many times. */
  const held = async (n: number, which: Array<'series' | 'movies'> = ['series', 'movies']) => {
    const app = built.app
    const kept = () => [...app.backends.sonarr.cache.stats().items, ...app.backends.radarr.cache.stats().items].filter(i => i.ageSeconds === 0)
    for (let i = 0; i < 2000; i++) {
      const f = fetches()
      if (which.every(k => f[k] >= n && kept().some(item => item.key === k))) return
      await new Promise(resolve => setTimeout(resolve, 5))
    }
    t.fail(`the lists were not fetched ${n} times: ${JSON.stringify(fetches())}`)
  }
  return { ...built, clock, fetches, held }
}

t.test('the first read after start is served from the lists fetched at start', async t => {
  const s = await stack(t)
  await s.held(1)
  t.same(s.fetches(), { series: 1, movies: 1 }, 'each list fetched once at start, before any question')
  const series = await s.call('series_status', { view: 'library' })
  const movies = await s.call('movie_status', { view: 'library' })
  t.notOk(series.isError || movies.isError)
  t.same(s.fetches(), { series: 1, movies: 1 }, 'the first reads asked the managers for no whole list')
  t.match(s.app.backends.sonarr.cache.stats(), { hits: 1, misses: 0 })
  t.notMatch(text(series), /library list is from/, 'a fresh list says nothing about its age')
})

t.test('a list in use is renewed in the background before it expires; nobody waits for it', async t => {
  const s = await stack(t)
  await s.held(1)
  await s.call('series_status', { view: 'library' })
  await s.call('movie_status', { view: 'library' })
  s.clock.advance(14_999)
  t.same(s.fetches(), { series: 1, movies: 1 })
  s.clock.advance(1) // half the 30 s TTL: both renewed by their timers, no read asking
  await s.held(2)
  s.clock.advance(20_000) // 35 s after start: past the first lists' TTL
  const before = s.fetches()
  const answer = await s.call('series_status', { view: 'library' })
  t.notOk(answer.isError)
  t.notMatch(text(answer), /library list is from/, 'served the renewed list, 20 s old')
  t.equal(s.fetches().series, before.series, 'the read fetched no whole list before answering')
})

t.test('while both lists are being renewed (the managers hold their answers), reads are served from the lists held', async t => {
  const s = await stack(t)
  await s.held(1)
  await s.call('series_status', { view: 'library' })
  await s.call('movie_status', { view: 'library' })
  // The managers take their whole lists and do not answer (within this test): a renewal that never ends.
  for (const sim of [s.sonarr, s.radarr]) sim.faults.set('slow', { match: /^\/api\/v3\/(series|movie)$/, method: 'GET', delayMs: 600_000 })
  s.clock.advance(15_000) // half the TTL: both renewals start
  for (let i = 0; i < 2000 && (s.sonarr.faults.hits < 1 || s.radarr.faults.hits < 1); i++) await new Promise(resolve => setTimeout(resolve, 5))
  t.same([s.sonarr.faults.hits, s.radarr.faults.hits], [1, 1], 'both managers hold a renewal')
  const misses = () => [s.app.backends.sonarr.cache.stats().misses, s.app.backends.radarr.cache.stats().misses]
  const before = misses()
  for (const [tool, args] of [['series_status', { view: 'library' }], ['movie_status', { view: 'library' }], ['server_status', {}]] as const) {
    const answer = await s.call(tool, args)
    t.notOk(answer.isError, `${tool} answered while the renewals are held`)
    t.notMatch(text(answer), /library list is from/, `${tool}: the list held is 15 s old, within its TTL`)
  }
  t.same(misses(), before, 'no read started or joined a whole-list fetch')
  t.same([s.sonarr.faults.hits, s.radarr.faults.hits], [1, 1], 'and none asked the managers for a list again')
  for (const sim of [s.sonarr, s.radarr]) { sim.faults.set('none'); sim.faults.release() }
  await s.held(2) // the renewals answered: the lists held are the new ones
})

t.test('closing the app does not wait for a renewal the managers are still holding', async t => {
  const s = await stack(t)
  await s.held(1)
  for (const sim of [s.sonarr, s.radarr]) sim.faults.set('slow', { match: /^\/api\/v3\/(series|movie)$/, method: 'GET', delayMs: 600_000 })
  s.clock.advance(5 * 60_000) // unread lists: their idle renewal starts, and the managers hold it
  for (let i = 0; i < 2000 && (s.sonarr.faults.hits < 1 || s.radarr.faults.hits < 1); i++) await new Promise(resolve => setTimeout(resolve, 5))
  t.same([s.sonarr.faults.hits, s.radarr.faults.hits], [1, 1], 'both renewals are under way')
  // A renewal nobody waits for is stopped at close (before, close waited for it: up to its 120 s deadline).
  await s.app.close()
  t.pass('the app closed while the managers still held the renewals')
})

t.test('a list older than its TTL (nobody read it for a while) is served at once and says how old it is', async t => {
  const s = await stack(t)
  await s.held(1)
  s.clock.advance(90_000) // idle: not renewed every 15 s, so the list is 90 s old
  t.same(s.fetches(), { series: 1, movies: 1 }, 'an unread list is not renewed every 15 s')
  const answer = await s.call('movie_status', { view: 'library' })
  t.notOk(answer.isError)
  t.match(text(answer), /Radarr's library list is from 2 min ago \(a newer one is being fetched/, 'the answer says how old its list is')
  await s.held(2, ['movies']) // and the read started the renewal in the background
})

t.test('a renewal nobody asked for counts as work: the next quiet spell gives back what it freed, though RSS grew little', async t => {
  const MiB = 1024 * 1024
  let quiet = 0 // the memory trim's clock, moved by hand like the renewals'
  let reduces = 0
  const s = await stack(t, { memoryTrim: { idleMs: 10_000, checkMs: 0, minGrowthBytes: 32 * MiB, now: () => quiet, rss: () => 100 * MiB, reduce: () => { reduces++ } } })
  await s.held(1)
  quiet += 10_000
  t.ok(s.app.memoryTrim.tick(), 'the first quiet spell trims what start-up and the first fetches left')
  t.equal(s.app.memoryTrim.tick(), undefined, 'then nothing: nothing grew, nothing was fetched')
  await s.call('series_status', { view: 'library' })
  s.clock.advance(15_000) // the list read is renewed by its timer, nobody asking
  await s.held(2, ['series'])
  quiet += 10_000
  t.same(s.app.memoryTrim.tick(), { beforeBytes: 100 * MiB, afterBytes: 100 * MiB }, 'the renewal ended: the quiet check trims with no growth measured')
  t.equal(reduces, 2)
  t.equal(s.app.memoryTrim.tick(), undefined, 'once per renewal')
})

t.test('closing the app stops every renewal timer', async t => {
  const s = await stack(t)
  await s.held(1)
  await s.call('series_status', { view: 'library' })
  t.ok(s.clock.pending() > 0, 'renewals are planned while the app runs')
  await s.app.close()
  t.equal(s.clock.pending(), 0, 'no timer left after close')
})
