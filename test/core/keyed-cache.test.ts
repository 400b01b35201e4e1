// The whole-list cache: hits, misses, one fetch per key for concurrent readers, invalidation (also of a fetch
// under way), TTL, the byte and entry bounds, and a caller's signal that stops only that caller.
import t from 'tap'
import { createKeyedCache, type Loaded } from '../../core/keyed-cache.js'
import { manualClock } from '../helpers/manual-clock.js'

function setup (o: { ttlMs?: number, maxEntries?: number, maxBytes?: number } = {}) {
  let clock = 1_000_000
  const cache = createKeyedCache({ instance: 'Sonarr', ttlMs: o.ttlMs ?? 30_000, maxEntries: o.maxEntries ?? 8, maxBytes: o.maxBytes ?? 1000, now: () => clock })
  let loads = 0
  const loader = (value: string, bytes = 10) => async (): Promise<Loaded<string>> => { loads++; return { value: `${value}#${loads}`, bytes } }
  return { cache, loader, loads: () => loads, tick: (ms: number) => { clock += ms } }
}

/** A loader that waits until released, to hold a fetch in flight. */
function gate () {
  let release: (v: Loaded<string>) => void = () => {}
  let started = 0
  const load = () => { started++; return new Promise<Loaded<string>>(resolve => { release = resolve }) }
  return { load, release: (value: string) => release({ value, bytes: 10 }), started: () => started }
}

t.test('a miss fetches, a hit does not; stats count both and show age and size', async t => {
  const { cache, loader, loads, tick } = setup()
  t.equal(await cache.get('series', loader('a')), 'a#1')
  tick(4_000)
  t.equal(await cache.get('series', loader('a')), 'a#1')
  t.equal(loads(), 1)
  const s = cache.stats()
  t.match(s, { instance: 'Sonarr', entries: 1, bytes: 10, hits: 1, misses: 1, ttlSeconds: 30 })
  t.same(s.items, [{ key: 'series', ageSeconds: 4, bytes: 10 }])
})

t.test('concurrent readers of a missing key share one fetch', async t => {
  const { cache } = setup()
  const g = gate()
  const readers = [cache.get('series', g.load), cache.get('series', g.load), cache.get('series', g.load)]
  g.release('one')
  t.same(await Promise.all(readers), ['one', 'one', 'one'])
  t.equal(g.started(), 1, 'one fetch for three readers')
  t.match(cache.stats(), { misses: 1, shared: 2 })
})

t.test('a failed fetch is not kept: the next read fetches again', async t => {
  const { cache, loader } = setup()
  await t.rejects(cache.get('series', async () => { throw new Error('Sonarr failed (HTTP 503)') }), /503/)
  t.equal(await cache.get('series', loader('b')), 'b#1')
})

t.test('invalidate drops entries, and a fetch under way when it ran is neither kept nor joined', async t => {
  const { cache, loader, loads } = setup()
  await cache.get('series', loader('old'))
  cache.invalidate()
  t.equal(cache.stats().entries, 0)
  t.equal(await cache.get('series', loader('new')), 'new#2', 'after a write the list is fetched again')
  t.equal(loads(), 2)

  const before = gate()
  const early = cache.get('movies', before.load)
  cache.invalidate() // a write lands while the first fetch is in flight
  const after = gate()
  const late = cache.get('movies', after.load)
  t.equal(after.started(), 1, 'a reader after the write does not join the older fetch')
  before.release('stale')
  after.release('fresh')
  t.equal(await early, 'stale', 'the reader who asked before the write gets the answer it waited for')
  t.equal(await late, 'fresh')
  t.equal(await cache.get('movies', loader('x')), 'fresh', 'only the fetch started after the write is kept')
})

t.test('an entry older than the TTL is fetched again', async t => {
  const { cache, loader, tick } = setup({ ttlMs: 30_000 })
  await cache.get('series', loader('a'))
  tick(29_999)
  t.equal(await cache.get('series', loader('a')), 'a#1')
  tick(1)
  t.equal(await cache.get('series', loader('a')), 'a#2', 'revalidated after 30 s')
})

t.test('bounded: least recently used entries go first, and a value over the byte bound is served but not kept', async t => {
  const { cache, loader, loads } = setup({ maxBytes: 25, maxEntries: 8 })
  await cache.get('a', loader('a', 10))
  await cache.get('b', loader('b', 10))
  await cache.get('a', loader('a', 10)) // a is now the most recently used
  await cache.get('c', loader('c', 10)) // 30 bytes > 25: b goes
  t.same(cache.stats().items.map(i => i.key), ['a', 'c'])
  t.equal(cache.stats().bytes, 20)
  t.equal(cache.stats().evictions, 1)
  t.equal(await cache.get('huge', loader('huge', 26)), 'huge#4')
  t.notOk(cache.stats().items.some(i => i.key === 'huge'), 'too large to keep')
  t.equal(loads(), 4)

  const few = setup({ maxEntries: 2 })
  for (const k of ['a', 'b', 'c']) await few.cache.get(k, few.loader(k))
  t.same(few.cache.stats().items.map(i => i.key), ['b', 'c'], 'at most maxEntries')
})

t.test('a caller whose signal aborts stops waiting; the shared fetch goes on for the others', async t => {
  const { cache } = setup()
  const g = gate()
  const ac = new AbortController()
  const leaving = cache.get('series', g.load, ac.signal)
  const staying = cache.get('series', g.load)
  ac.abort(new Error('cancelled by the client'))
  await t.rejects(leaving, /cancelled/)
  g.release('list')
  t.equal(await staying, 'list')
  t.equal(cache.stats().entries, 1)
})

t.test('refreshed ahead: a read past half the TTL is served from the entry and renews it once in the background', async t => {
  const { cache, tick } = setup({ ttlMs: 30_000 })
  const g = gate()
  const first = cache.get('series', g.load)
  g.release('v1')
  t.equal(await first, 'v1')
  tick(14_999)
  t.equal(await cache.get('series', g.load), 'v1', 'young entry: no renewal')
  t.equal(g.started(), 1)
  tick(1)
  t.equal(await cache.get('series', g.load), 'v1', 'served at once from the entry')
  t.equal(await cache.get('series', g.load), 'v1', 'a second read joins the renewal under way')
  t.equal(g.started(), 2, 'one renewal started')
  g.release('v2')
  await new Promise(resolve => setImmediate(resolve))
  tick(20_000) // 35 s after the first fetch: without the renewal this read would wait for a fetch
  t.equal(await cache.get('series', g.load), 'v2', 'the renewed entry is served though the next renewal is still held')
  t.equal(g.started(), 3, 'the 20 s old renewed entry is renewed in turn')
  t.match(cache.stats(), { refreshes: 2, misses: 1 })
})

t.test('a renewal under way when invalidate ran is not kept, and an idle entry still expires at the TTL', async t => {
  const { cache, loader, tick } = setup({ ttlMs: 30_000 })
  const g = gate()
  const first = cache.get('series', g.load)
  g.release('v1')
  await first
  tick(16_000)
  await cache.get('series', g.load) // starts a renewal
  cache.invalidate()
  g.release('stale')
  await new Promise(resolve => setImmediate(resolve))
  t.equal(await cache.get('series', loader('fresh')), 'fresh#1', 'the renewal predating the write was dropped')
  tick(30_000)
  t.equal(await cache.get('series', loader('later')), 'later#2', 'idle past the TTL: fetched again')
})

// Kept warm: renewed by the cache's own timers on an injected clock, never by a reader waiting.
function warmSetup () {
  const clock = manualClock()
  const cache = createKeyedCache({ instance: 'Radarr', ttlMs: 30_000, maxEntries: 8, maxBytes: 1000, clock, idleRefreshMs: 300_000, afterWriteMs: 1_000 })
  let loads = 0
  let failing = false
  const load = async (): Promise<Loaded<string[]>> => {
    loads++
    if (failing) throw new Error('Radarr failed (HTTP 503)')
    return { value: [`movies#${loads}`], bytes: 10 }
  }
  const settle = () => new Promise(resolve => setImmediate(resolve))
  return { cache, clock, load, loads: () => loads, fail: (on: boolean) => { failing = on }, settle }
}

t.test('kept warm: fetched at once, so the first read does not fetch', async t => {
  const { cache, load, loads, settle } = warmSetup()
  cache.keepWarm('movies', load)
  t.equal(loads(), 1, 'fetched when kept warm, before any read')
  await settle()
  t.same(await cache.get('movies', load), ['movies#1'])
  t.equal(loads(), 1, 'the first read is served from that fetch')
  t.match(cache.stats(), { hits: 1, misses: 0 })
})

t.test('kept warm: renewed before it expires without a reader waiting, and idle lists less often', async t => {
  const { cache, clock, load, loads, settle } = warmSetup()
  cache.keepWarm('movies', load)
  await settle()
  await cache.get('movies', load) // read since fetched: renewed at half the TTL
  clock.advance(14_999)
  t.equal(loads(), 1)
  clock.advance(1)
  t.equal(loads(), 2, 'renewed by the timer at 15 s, nobody asking')
  await settle()
  clock.advance(20_000) // 35 s after start: past the TTL of the first fetch
  const before = loads()
  t.same(await cache.get('movies', load), ['movies#2'], 'served from the renewal, no wait')
  t.equal(loads(), before + 1, 'the 20 s old renewal is renewed beside the read, not before it')
  // Not read since the last renewal: the next one waits for the idle interval.
  await settle()
  clock.advance(60_000)
  const idle = loads()
  clock.advance(60_000)
  t.equal(loads(), idle, 'not renewed every 15 s while nobody reads it')
  clock.advance(300_000)
  t.ok(loads() > idle, 'renewed at the idle interval')
})

t.test('kept warm: a write drops the list and it is fetched again soon, in the background', async t => {
  const { cache, clock, load, loads, settle } = warmSetup()
  cache.keepWarm('movies', load)
  await settle()
  cache.invalidate()
  cache.invalidate() // a second write pushes the renewal back
  t.equal(loads(), 1)
  clock.advance(1_000)
  t.equal(loads(), 2, 'fetched again 1 s after the last write')
  await settle()
  t.same(await cache.get('movies', load), ['movies#2'])
  t.equal(loads(), 2)
})

t.test('kept warm: when renewals fail the list is served with the time it was fetched, until it is too old', async t => {
  const { cache, clock, load, loads, fail, settle } = warmSetup()
  cache.keepWarm('movies', load)
  await settle()
  const first = await cache.get('movies', load)
  t.equal(cache.fetchedAt(first), clock.now())
  fail(true)
  clock.advance(60_000)
  await settle()
  const old = await cache.get('movies', load)
  t.same(old, ['movies#1'], 'past the TTL, served without waiting')
  t.equal(clock.now() - cache.fetchedAt(old)!, 60_000, 'and it says how old it is')
  clock.advance(600_000)
  await settle()
  const before = loads()
  await t.rejects(cache.get('movies', load), /503/, 'too old to serve: the read asks the backend and reports it')
  t.equal(loads(), before + 1)
})

t.test('kept warm: each of its fetches that ends is told (the memory trim counts it as work), failed ones too', async t => {
  const { cache, clock, load, loads, fail, settle } = warmSetup()
  let told = 0
  cache.keepWarm('movies', load, () => { told++ })
  t.equal(told, 0, 'not while the first fetch is under way')
  await settle()
  t.equal(told, 1, 'the fetch at start ended')
  await cache.get('movies', load)
  clock.advance(15_000)
  await settle()
  t.equal([loads(), told].join(), '2,2', 'the renewal ended')
  fail(true)
  await cache.get('movies', load)
  clock.advance(15_000)
  await settle()
  t.equal([loads(), told].join(), '3,3', 'a renewal that failed ended too')
})

t.test('close stops every timer of the kept-warm keys', async t => {
  const { cache, clock, load, loads, settle } = warmSetup()
  cache.keepWarm('movies', load)
  cache.keepWarm('series', load)
  await settle()
  t.ok(clock.pending() > 0)
  cache.close()
  t.equal(clock.pending(), 0, 'no timer left')
  const before = loads()
  clock.advance(3_600_000)
  t.equal(loads(), before, 'nothing renewed after close')
  cache.keepWarm('later', load)
  t.equal(loads(), before, 'a closed cache keeps nothing warm')
})

t.test('close aborts a kept-warm fetch still under way (nobody waits for it, and a shutdown must not)', async t => {
  const cache = createKeyedCache({ instance: 'Radarr', ttlMs: 30_000, maxEntries: 8, maxBytes: 1000, clock: manualClock() })
  const signals: AbortSignal[] = []
  cache.keepWarm('movies', signal => { signals.push(signal); return new Promise<Loaded<string>>(() => {}) })
  t.equal(signals.length, 1, 'fetched at once')
  t.notOk(signals[0].aborted)
  cache.close()
  t.ok(signals[0].aborted, 'its signal is aborted at close')
})
