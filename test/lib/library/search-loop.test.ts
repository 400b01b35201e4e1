// runSearchLoop alone, with sources the test writes: the order (missing before upgrades), the manager's own
// lastSearchTime honoured, and the upgrades' estimated cost counted against the free-space floor.
import t from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HOUR, runSearchLoop, type SearchTarget } from '../../../lib/library/search-loop.js'
import { openSearchMemory } from '../../../lib/library/search-memory.js'

const GiB = 1024 ** 3

async function loop (t: { teardown: (fn: () => unknown) => void }, targets: SearchTarget[], freeGiB: number) {
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-loop-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  let at = Date.parse('2026-11-20T20:00:00Z')
  const now = () => at
  const asked: string[] = []
  const result = await runSearchLoop({
    sources: [{ label: 'the series manager', targets: async () => ({ targets, unread: [] }), search: async x => { asked.push(x.key) } }],
    perHour: 100,
    recentMs: 24 * HOUR,
    minFreeBytes: 10 * GiB,
    places: [{ label: 'library', path: dir }],
    figures: async () => ({ totalBytes: 0, usedBytes: 0, freeBytes: freeGiB * GiB, usedPercent: 0 }),
    memory: await openSearchMemory(dir, 24 * HOUR, now),
    clock: { now, sleep: async ms => { at += ms } },
    signal: new AbortController().signal,
    report: () => {}
  })
  return { result, asked }
}

t.test('missing first; a title the manager searched an hour ago is skipped; upgrades stop at the floor by their cost', async t => {
  const now = Date.parse('2026-11-20T20:00:00Z')
  const { result, asked } = await loop(t, [
    { key: 'episode:1', title: 'Up 1', why: 'upgrade', estimatedBytes: 2 * GiB },
    { key: 'episode:2', title: 'Miss 2', why: 'missing', estimatedBytes: 1 * GiB },
    { key: 'episode:3', title: 'Miss 3', why: 'missing', estimatedBytes: 1 * GiB, lastSearchMs: now - HOUR },
    { key: 'episode:4', title: 'Up 4', why: 'upgrade', estimatedBytes: 3 * GiB }
  ], 15)
  t.same(asked, ['episode:2', 'episode:1'], 'missing before upgrades; the one searched an hour ago skipped; Up 4 would pass the floor')
  t.equal(result.skippedRecent, 1)
  t.match(result.stopped, /^Stopped before searching Up 4: the library disk has 15\.0 GiB free, and the searches so far and this one may bring about 6\.0 GiB/)
})
