// Memory given back after a burst: the trim waits for a quiet spell, runs once after start and then once per
// growth, never while calls keep coming; and the collection it runs really hands V8's freed pages back to the system.
import t from 'tap'
import { createIdleTrim, memoryReducingGc } from '../../core/idle-trim.js'

const MiB = 1024 * 1024

function setup () {
  let clock = 1_000_000
  let rss = 100 * MiB
  let reduces = 0
  const trim = createIdleTrim({
    idleMs: 10_000,
    minGrowthBytes: 32 * MiB,
    now: () => clock,
    rss: () => rss,
    reduce: () => { reduces++; rss = 110 * MiB }
  })
  return { trim, reduces: () => reduces, wait: (ms: number) => { clock += ms }, grow: (bytes: number) => { rss += bytes } }
}

t.test('after a burst and a quiet spell, memory is given back once', async t => {
  const s = setup()
  s.trim.noteRequest()
  s.grow(90 * MiB) // the burst: 100 → 190 MiB
  s.wait(9_999)
  t.equal(s.trim.tick(), undefined, 'not before the server has been quiet for idleMs')
  s.wait(1)
  t.same(s.trim.tick(), { beforeBytes: 190 * MiB, afterBytes: 110 * MiB })
  t.equal(s.reduces(), 1)
  s.wait(60_000)
  t.equal(s.trim.tick(), undefined, 'no second trim without new growth')
  t.equal(s.reduces(), 1)
  t.same(s.trim.stats(), { trims: 1, baselineBytes: 110 * MiB })
})

t.test('calls that keep coming postpone the trim', async t => {
  const s = setup()
  s.grow(90 * MiB)
  for (let i = 0; i < 20; i++) {
    s.wait(5_000)
    s.trim.noteRequest()
    t.equal(s.trim.tick(), undefined)
  }
  t.equal(s.reduces(), 0, 'never during a steady stream of calls')
  s.wait(10_000)
  t.ok(s.trim.tick(), 'once they stop')
})

t.test('the first quiet spell after start trims, whatever start-up left (its peak is no baseline)', async t => {
  const s = setup()
  t.same(s.trim.stats(), { trims: 0, baselineBytes: undefined }, 'no baseline before the first trim')
  s.wait(9_999)
  t.equal(s.trim.tick(), undefined, 'not before idleMs of quiet')
  s.wait(1)
  t.same(s.trim.tick(), { beforeBytes: 100 * MiB, afterBytes: 110 * MiB }, 'start-up is trimmed without a growth to measure')
  t.equal(s.trim.tick(), undefined, 'and only once')
  t.equal(s.reduces(), 1)
})

t.test('after the first trim, growth below the threshold is left alone (a trim pauses the server; small growth is not worth it)', async t => {
  const s = setup()
  s.wait(10_000)
  t.ok(s.trim.tick(), 'the first quiet spell trims (110 MiB after)')
  s.grow(31 * MiB)
  s.wait(20_000)
  t.equal(s.trim.tick(), undefined)
  t.equal(s.reduces(), 1)
  s.grow(2 * MiB)
  t.ok(s.trim.tick(), 'past the threshold it trims')
  t.equal(s.reduces(), 2)
})

t.test('the baseline follows the process down while quiet', async t => {
  const s = setup()
  s.wait(10_000)
  s.trim.tick() // 110 MiB after the first trim
  s.grow(-20 * MiB) // 90 MiB: something was freed by itself
  s.wait(10_000)
  t.equal(s.trim.tick(), undefined)
  t.equal(s.trim.stats().baselineBytes, 90 * MiB)
  s.grow(31 * MiB) // 121 MiB: 11 above the last trim, 31 above the low point
  t.equal(s.trim.tick(), undefined, 'measured from the low point: still under the threshold')
  s.grow(1 * MiB)
  t.ok(s.trim.tick(), '32 MiB above the low point trims')
})

t.test('background work (a whole list renewed) makes the next quiet check trim, whatever the growth', async t => {
  const s = setup()
  s.wait(10_000)
  s.trim.tick() // the first trim: 110 MiB after
  s.trim.noteBackgroundWork()
  s.trim.noteRequest()
  s.wait(9_999)
  t.equal(s.trim.tick(), undefined, 'a request still postpones it')
  s.wait(1)
  t.same(s.trim.tick(), { beforeBytes: 110 * MiB, afterBytes: 110 * MiB }, 'no growth, yet it trims after the work')
  t.equal(s.trim.tick(), undefined, 'once per piece of work')
  t.equal(s.reduces(), 2)
})

t.test('the collection it runs is a full one, taken without a global gc', async t => {
  // How much RSS it gives back is a machine's figure (its allocator, its load): npm run bench measures it
  // (bench/trim-rss.ts). What does not depend on the machine: a full collection clears an unreachable object.
  const reduce = memoryReducingGc()
  t.equal((globalThis as { gc?: unknown }).gc, undefined, 'no global gc appears in this context')
  const gone = new WeakRef({ payload: 'x'.repeat(1024) })
  await new Promise(resolve => setImmediate(resolve)) // a WeakRef keeps its target until the job that made it ends
  reduce()
  t.equal(gone.deref(), undefined, 'an object nothing refers to is collected')
})
