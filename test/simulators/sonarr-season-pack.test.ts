// A season pack grabbed on the Sonarr simulator writes one file per episode (Show.S01E01…, Show.S01E02…), as a
// released pack holds them, so the manager's import can match each episode (issue 34 #13): before, one file
// named like the pack left every demo season grab blocked behind "only needs an import".
import t from 'tap'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { createSonarrSimulator } from '../../simulators/servarr/sonarr.js'
import { makeRoots } from '../helpers/build.js'
import { until } from '../helpers/until.js'

const KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6'

t.test('a season pack writes one file per episode', async t => {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const sim = await createSonarrSimulator({ apiKey: KEY, disk: { media: roots.media, downloads: roots.downloads }, paths: { downloads: roots.downloads }, downloadMs: 30 })
  t.teardown(() => sim.close())
  const api = async (path: string, init: RequestInit = {}) => (await fetch(`${sim.url}/api/v3${path}`, { ...init, headers: { 'X-Api-Key': KEY, 'content-type': 'application/json' } })).json()
  const series = [...sim.state.library.series.values()].find(x => x.title === 'Harbor Lights')!
  const episodes = sim.state.library.bySeries.get(series.id)!.filter(e => e.seasonNumber === 1)
  t.ok(episodes.length > 1, 'a season of several episodes')
  const releases = await api(`/release?seriesId=${series.id}&seasonNumber=1`)
  const pack = releases.find((r: any) => r.fullSeason)
  await api('/release', { method: 'POST', body: JSON.stringify({ guid: pack.guid, indexerId: pack.indexerId }) })
  const items = sim.state.queue.filter(q => q.title === pack.title)
  t.equal(items.length, episodes.length, 'one queue item per episode, one download')
  const folder = join(roots.downloads, 'complete', pack.title)
  // The simulator writes finished downloads on its next request: ask until its clock has finished every episode's
  // item of this one (they are added a moment apart, so a loaded machine's request can land between two).
  await until(async () => { await api('/system/status'); return items.every(item => item.written === true) })
  t.ok(existsSync(folder))
  const files = readdirSync(folder).sort()
  t.same(files, episodes.map(e => `${pack.title.replace(/\.S01\./, `.S01E${String(e.episodeNumber).padStart(2, '0')}.`)}.mkv`).sort())
  t.ok(files.every(f => /\.S01E\d{2}\./.test(f)), 'each file names its episode')
})
