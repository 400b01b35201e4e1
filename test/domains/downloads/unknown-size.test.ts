// A download whose total size is not known yet (a torrent still fetching its metadata, which the managers
// relay as size 0; a direct-download package whose links were not checked) has no progress and no size in
// download_status, cancel_downloads and the managers' queue views: "0 % of 0 B" would state what nobody checked.
import t from 'tap'
import { join } from 'node:path'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { createPyloadSimulator } from '../../../simulators/pyload/index.js'
import { buildTestApp, makeRoots } from '../../helpers/build.js'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { ok } from '../../helpers/results.js'
import { grabTracked } from '../../helpers/grabs.js'

const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }

t.test('a manager download of unknown size: no progress or size in either tool', async t => {
  const s = await startServarrStack(t, { sim: { downloadMs: 60_000, queueRefreshMs: 5 } })
  const movie = [...s.radarr.state.library.movies.values()][0]
  const [q] = await grabTracked(s, 'radarr', { movieId: movie.id })
  q.size = 0 // QBittorrent.cs: TotalSize = torrent.Size, 0 while the metadata is missing
  const status = await s.call('download_status', {})
  const row = ok(status).items.find((i: any) => i.name === q.title)
  t.ok(row, 'listed')
  t.notOk('progressPercent' in row || 'sizeBytes' in row, 'no progress or size')
  const listed = await s.call('cancel_downloads', { action: 'list', source: 'movies' })
  const item = ok(listed).items.find((i: any) => i.title === q.title)
  t.ok(item, 'listed')
  t.notOk('progressPercent' in item || 'sizeBytes' in item, 'no progress or size')
  // The movie manager's own queue view says the same (issue 23 item 12): unknown, not 0 %.
  const view = await s.call('movie_status', { view: 'queue' })
  const queued = ok(view).items.find((i: any) => i.title === q.title)
  t.ok(queued, 'listed in the queue view')
  t.notOk('progress' in queued || 'sizeBytes' in queued || 'sizeLeftBytes' in queued, 'no progress or size in the queue view')
  t.notMatch(JSON.stringify([status.content, listed.content, view.content[0]]), /\b0 ?%|\b0 ?B\b/)
})

t.test('a direct-download package of unknown size: no progress or size', async t => {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const sim = await createPyloadSimulator({ apiKey: 'pl_unknown-size', storageDir: join(roots.downloads, 'pyload'), linkDurationMs: 100_000 })
  t.teardown(() => sim.close())
  const { app } = await buildTestApp(t, { roots, config: { DOWNLOAD_MANAGER_URL: sim.url, DOWNLOAD_MANAGER_API_KEY: 'pl_unknown-size', TORRENT_CLIENT_URL: 'http://127.0.0.1:9' } })
  const pid = sim.state.addPackage('Unchecked', ['https://files.example.com/a.mkv'], 1)
  for (const f of sim.state.packages.get(pid)!.files) f.size = 0 // links not checked yet: pyLoad knows no size
  const res = await app.tools.call('download_status', {}, ctx)
  const row = (res.structuredContent as any).items.find((i: any) => i.name === 'Unchecked')
  t.ok(row, 'listed')
  t.notOk('progressPercent' in row || 'sizeBytes' in row, 'no progress or size')
})
