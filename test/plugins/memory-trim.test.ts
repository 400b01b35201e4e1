// The server gives memory back after a burst by itself: every HTTP request it receives (any route, open streams
// when they open) counts as activity, and only a quiet spell after growth starts the memory-reducing collection.
import t from 'tap'
import { buildTestApp } from '../helpers/build.js'

const MiB = 1024 * 1024

t.test('a trim runs once the server has had no request for the quiet time, never while requests come', async t => {
  let clock = 1_000_000
  let rss = 120 * MiB
  let reduces = 0
  const { app } = await buildTestApp(t, {
    build: {
      plugins: {
        memoryTrim: { idleMs: 10_000, checkMs: 0, minGrowthBytes: 32 * MiB, now: () => clock, rss: () => rss, reduce: () => { reduces++; rss = 125 * MiB } }
      }
    }
  })
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  rss = 300 * MiB // what a burst of calls left behind
  for (const path of ['/health', '/mcp', '/no-such-page']) {
    clock += 6_000
    await (await fetch(`${base}${path}`)).arrayBuffer()
    t.equal(app.memoryTrim.tick(), undefined, `a request to ${path} 0 s ago keeps the server busy`)
  }
  clock += 9_000
  t.equal(app.memoryTrim.tick(), undefined, '9 s of quiet is not enough')
  clock += 1_000
  t.same(app.memoryTrim.tick(), { beforeBytes: 300 * MiB, afterBytes: 125 * MiB }, 'after 10 s of quiet the memory is given back')
  t.equal(reduces, 1)
  clock += 60_000
  t.equal(app.memoryTrim.tick(), undefined, 'and not again until it grows again')
  t.equal(app.memoryTrim.stats().trims, 1)
})
