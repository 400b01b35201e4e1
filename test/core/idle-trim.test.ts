// Memory given back after a burst: the trim waits for a quiet spell, runs once per growth, never while calls
// keep coming; and the collection it runs really hands V8's freed pages back to the system.
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

t.test('growth below the threshold is left alone (a trim pauses the server; small growth is not worth it)', async t => {
  const s = setup()
  s.grow(31 * MiB)
  s.wait(20_000)
  t.equal(s.trim.tick(), undefined)
  t.equal(s.reduces(), 0)
  s.grow(2 * MiB)
  t.ok(s.trim.tick(), 'past the threshold it trims')
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
