// The import-list exclusions a delete adds, read the way the managers want them read: the paged list
// (GET /importlistexclusion/paged, /exclusions/paged; the un-paged GET is Obsolete in Sonarr v4.0.19.2979 and
// Radarr v6.0.3.10276 src/*.Api.V3/ImportLists/ImportListExclusionController.cs). Newest first by default.
import t from 'tap'
import { createRadarrSimulator } from '../../simulators/servarr/radarr.js'
import { createSonarrSimulator } from '../../simulators/servarr/sonarr.js'

const KEY = 'abcdef0123456789abcdef0123456789'

async function call (url: string, method: string, path: string) {
  const res = await fetch(`${url}/api/v3${path}`, { method, headers: { 'x-api-key': KEY } })
  const text = await res.text()
  return { status: res.status, json: text ? JSON.parse(text) : null }
}

t.test('Sonarr: deleting with addImportListExclusion shows on the paged exclusions', async t => {
  const sim = await createSonarrSimulator({ apiKey: KEY })
  t.teardown(() => sim.close())
  const [a, b] = (await call(sim.url, 'GET', '/series')).json
  for (const s of [a, b]) t.equal((await call(sim.url, 'DELETE', `/series/${s.id}?addImportListExclusion=true`)).status, 200)
  const page = (await call(sim.url, 'GET', '/importlistexclusion/paged')).json
  t.match(page, { page: 1, pageSize: 10, sortKey: 'id', sortDirection: 'descending', totalRecords: 2 })
  t.same(page.records.map((e: any) => e.tvdbId), [b.tvdbId, a.tvdbId], 'newest first')
  const byTitle = (await call(sim.url, 'GET', '/importlistexclusion/paged?sortKey=title&sortDirection=ascending&pageSize=1')).json
  t.match(byTitle, { sortKey: 'title', sortDirection: 'ascending', pageSize: 1, totalRecords: 2 })
  t.same(byTitle.records.map((e: any) => e.title), [[a.title, b.title].sort()[0]])
  t.same(sim.violations, [])
})

t.test('Radarr: deleting with addImportExclusion shows on the paged exclusions', async t => {
  const sim = await createRadarrSimulator({ apiKey: KEY })
  t.teardown(() => sim.close())
  const [a, b] = (await call(sim.url, 'GET', '/movie')).json
  for (const m of [a, b]) t.equal((await call(sim.url, 'DELETE', `/movie/${m.id}?addImportExclusion=true`)).status, 200)
  const page = (await call(sim.url, 'GET', '/exclusions/paged')).json
  t.match(page, { page: 1, pageSize: 10, sortKey: 'id', sortDirection: 'descending', totalRecords: 2 })
  t.same(page.records.map((e: any) => e.tmdbId), [b.tmdbId, a.tmdbId], 'newest first')
  t.same(sim.violations, [])
})
