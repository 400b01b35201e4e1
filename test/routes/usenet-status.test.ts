// The Usenet client on /health (with its version and verdict) and in the dashboard's Downloads panel, read
// through the same code as download_status: SABnzbd simulator (sabnzbd 5.0.1). Unconfigured, nothing shows.
import t from 'tap'
import { Value } from '@sinclair/typebox/value'
import { buildTestApp } from '../helpers/build.js'
import { createSabnzbdSimulator } from '../../simulators/sabnzbd/server.js'
import { loadDownloads } from '../../routes/api/dashboard/downloads.js'
import { DownloadsSection } from '../../routes/api/dashboard/schemas.js'

const KEY = 'fedcba9876543210fedcba9876543210'
const REFUSED = 'http://127.0.0.1:9'
const OTHERS = { MEDIA_SERVER_URL: REFUSED, SERIES_MANAGER_URL: REFUSED, MOVIE_MANAGER_URL: REFUSED, INDEXER_MANAGER_URL: REFUSED, TORRENT_CLIENT_URL: REFUSED, DOWNLOAD_MANAGER_URL: REFUSED }

t.test('SABnzbd on /health and the dashboard, its failed job with the reason', async t => {
  const sim = await createSabnzbdSimulator({ apiKey: KEY })
  t.teardown(() => sim.close())
  const { app } = await buildTestApp(t, { config: { ...OTHERS, USENET_CLIENT_TYPE: 'sabnzbd', USENET_CLIENT_URL: sim.url, USENET_CLIENT_API_KEY: KEY } })
  await app.refreshBackendStatus()
  const health = (await app.inject('/health')).json()
  t.match(health.backends.find((b: { service: string }) => b.service === 'SABnzbd'), { configured: true, reachable: true, version: '5.0.1', versionStatus: 'supported' })

  const failed = sim.state.add('Movie.2020.1080p', 4 * 1024 * 1024, { outcome: 'missing articles' })
  const waiting = sim.state.add('Show.S01E02', 8 * 1024 * 1024)
  sim.state.advance(3_000)
  const section = await loadDownloads(app, 5_000)
  t.ok(Value.Check(DownloadsSection, section), 'matches the dashboard schema')
  t.same(section.items.filter(i => i.source === 'usenet').map(i => [i.id, i.state]).sort(), [[`usenet:${failed.nzo_id}`, 'failed'], [`usenet:${waiting.nzo_id}`, 'fetching']].sort())
  t.match(section.sources.find(s => s.service === 'SABnzbd'), { available: true })

  const status = (await app.tools.call('download_status', {}, { principal: { id: 'internal', kind: 'internal' } as never, signal: new AbortController().signal, progress: async () => {}, log: async () => {} })).structuredContent as { items: Array<{ id: string, state: string, reason?: string }> }
  t.match(status.items.find(i => i.id === failed.nzo_id), { state: 'failed', reason: 'missing articles' })
})

t.test('SABnzbd down: /health says so, the dashboard names it', async t => {
  const { app } = await buildTestApp(t, { config: { ...OTHERS, USENET_CLIENT_TYPE: 'sabnzbd', USENET_CLIENT_URL: 'http://127.0.0.1:9', USENET_CLIENT_API_KEY: KEY } })
  await app.refreshBackendStatus()
  t.match((await app.inject('/health')).json().backends.find((b: { service: string }) => b.service === 'SABnzbd'), { reachable: false, error: /SABnzbd is unreachable .* USENET_CLIENT_URL/ })
  const section = await loadDownloads(app, 5_000)
  t.match(section.sources.find(s => s.service === 'SABnzbd'), { available: false, reason: /unreachable/ })
})

t.test('no Usenet client configured: no Usenet backend, no Usenet source', async t => {
  const { app } = await buildTestApp(t, { config: OTHERS })
  await app.refreshBackendStatus()
  t.notOk((await app.inject('/health')).json().backends.some((b: { service: string }) => /SABnzbd|NZBGet/.test(b.service)))
  t.notOk((await loadDownloads(app, 5_000)).sources.some(s => /SABnzbd|NZBGet/.test(s.service)))
})
