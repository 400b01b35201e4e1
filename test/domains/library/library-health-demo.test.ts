// The demo stack's library health (issue 37 item 5): the household's stray files (simulators/household.ts
// layStrayFiles) show as one untracked episode and one duplicate, each with the call that fixes it, and the
// demo tree's folders no manager maps (tv/Severance, movies/Heat (1995), …) are named as such.
import t from 'tap'
import { buildDemoApp } from '../../helpers/demo-app.js'
import { data, text } from '../../helpers/results.js'
import type { HealthEntry } from '../../../lib/library/library-health.js'

// A whole demo stack gets 6 minutes, as the other stack-wide files do.
t.setTimeout(360_000)

t.test('the demo shows an untracked file and a duplicate', async t => {
  const demo = await buildDemoApp(t, { tree: true, stack: tree => ({ household: { sample: tree!.sample } }) })
  const r = await demo.call('get_library_state')
  t.notOk(r.isError, text(r))
  const entries = data(r).health.entries as HealthEntry[]
  const untracked = entries.filter(e => e.problem === 'untracked')
  const duplicates = entries.filter(e => e.problem === 'duplicate')
  t.match(untracked, [{ path: /^tv\/.*\/Season \d\d\/.* - S\d\dE\d\d - .*\.mkv$/, next: [{ tool: 'series_rescan', arguments: { idType: 'seriesId' } }] }], text(r))
  t.match(duplicates, [{ path: /^tv\/.* \(copy\)\.mkv$/, next: [{ tool: 'manage_files', arguments: { action: 'delete' } }] }])
  t.ok(entries.some(e => e.problem === 'unmappedFolder' && e.path === 'tv/Severance'), 'the demo tree\'s series no manager has')
  t.notOk(entries.some(e => e.problem === 'missingFile'), 'every file the managers list is on the demo\'s disk')
  t.ok((data(r).health.parts as Array<{ state: string }>).every(p => p.state === 'checked'), JSON.stringify(data(r).health.parts))
  t.match(text(r), /Library health: .*1 untracked.*1 duplicate|Library health: .*1 duplicate.*1 untracked/)
})
