// What the idle trim's collection gives back to the system (core/idle-trim.ts, memoryReducingGc): about 130 MiB
// of small objects that lived long enough to reach the old generation, then became garbage; after the collection
// at least half of the RSS they took is gone. An RSS figure depends on the machine (its allocator, its load), so
// it is measured here and not in npm test (issue 39), where test/core/idle-trim.test.ts keeps what does not:
// the collection runs, collects, and leaves no global gc behind.
//
//   npm run bench (part of the whole run)
import { memoryReducingGc } from '../core/idle-trim.js'

const MiB = 1024 * 1024

/** The figure as the bench runner's PASS/FAIL check. */
export async function trimRssChecks (log: (line: string) => void) {
  console.log('memory the idle trim gives back (130 MiB of old-generation garbage):')
  const reduce = memoryReducingGc()
  reduce() // settle what ran before
  const settled = process.memoryUsage.rss()
  const keep: unknown[][] = []
  for (let i = 0; i < 60; i++) keep.push(Array.from({ length: 25_000 }, (_, k) => ({ k, s: `item ${k}` })))
  const grown = process.memoryUsage.rss()
  keep.length = 0 // all of it garbage now
  reduce()
  const after = process.memoryUsage.rss()
  const back = (grown - after) / Math.max(1, grown - settled)
  log(`RSS ${Math.round(settled / MiB)} → ${Math.round(grown / MiB)} MiB with the garbage → ${Math.round(after / MiB)} MiB after the trim's collection`)
  return [{ name: 'the trim\'s collection gives back ≥ half of the garbage\'s RSS', value: `${Math.round(back * 100)} %`, ok: grown - settled > 60 * MiB && back >= 0.5 }]
}
