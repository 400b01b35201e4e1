// POST/GET /api/setup against the simulated stack: everything done on the first run and already_done on
// the second, the keys stored 0600 and never in a response or a log line, no contract violations.
import t from 'tap'
import { readFileSync, statSync } from 'node:fs'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { buildTestApp } from '../helpers/build.js'
import { secretsPath } from '../../lib/setup/secrets-file.js'
import { STEP_IDS } from '../../lib/setup/types.js'
import { TEST_INTERNAL_KEY } from '../helpers/build.js'
import { startSetupStack, type SetupStack } from './stack.js'

const auth = { authorization: `Bearer ${TEST_INTERNAL_KEY}` }

async function appFor (t: { teardown: (fn: () => unknown) => void }, stack: SetupStack, logs?: string[]): Promise<FastifyInstance> {
  const stream = new Writable({ write (chunk, _enc, cb) { logs?.push(String(chunk)); cb() } })
  const { app } = await buildTestApp(t, { settings: stack.config, build: { logger: logs ? { level: 'trace', stream } : false } })
  return app
}

/** Which secrets appear in `text` (names only); [] when none. */
function leaks (text: string, stack: SetupStack): string[] {
  const found: string[] = []
  for (const [service, key] of Object.entries(stack.keys)) if (text.includes(key)) found.push(`${service} key`)
  for (const k of stack.jellyfin.accounts.keys) if (text.includes(k.token)) found.push(`Jellyfin key ${k.appName}`)
  if (text.includes('admin-password')) found.push('Jellyfin admin password')
  if (text.includes('qbt-test-password')) found.push('torrent client password')
  return found
}

t.test('first run does everything, second run finds it all done', async t => {
  const stack = await startSetupStack(t)
  const logs: string[] = []
  const app = await appFor(t, stack, logs)
  const body = { jellyfin: { username: 'admin', password: 'admin-password' } }

  const first = await app.inject({ method: 'POST', url: '/api/setup', headers: auth, payload: body })
  t.equal(first.statusCode, 200, first.body)
  const r1 = first.json()
  t.same(r1.results.map((r: { step: string }) => r.step), STEP_IDS, 'every step reported, in order')
  for (const r of r1.results) t.equal(r.status, 'done', `${r.step}: ${r.message}`)
  t.same(r1.keys, { sonarr: 'present', radarr: 'present', prowlarr: 'present', jellyfin: 'present' })
  t.equal(r1.restartRequired, true, 'the running server has no keys yet')
  t.match(r1.message, /Restart the tool server/)

  // What the stack now holds.
  const dc = stack.sonarr.downloadClients.list()[0] as { fields: Array<{ name: string, value: unknown }> }
  t.match(Object.fromEntries(dc.fields.map(f => [f.name, f.value])), { host: 'qbittorrent', port: 8085, tvCategory: 'tv-sonarr', username: 'admin' })
  const rdc = stack.radarr.downloadClients.list()[0] as { fields: Array<{ name: string, value: unknown }> }
  t.match(Object.fromEntries(rdc.fields.map(f => [f.name, f.value])), { host: 'qbittorrent', port: 8085, movieCategory: 'radarr' })
  t.same(stack.sonarr.state.rootFolders.map(r => r.path), ['/data/tv', '/data/anime'])
  t.same(stack.radarr.state.rootFolders.map(r => r.path), ['/data/movies'])
  const apps = stack.prowlarr.state.applications
  t.same(apps.map(a => [a.implementation, a.fields.find(f => f.name === 'baseUrl')?.value]), [['Sonarr', stack.sonarr.url], ['Radarr', stack.radarr.url]])
  t.equal(apps[0].fields.find(f => f.name === 'apiKey')?.value, stack.keys.sonarr, 'Prowlarr got the Sonarr key')
  t.equal(apps[1].fields.find(f => f.name === 'apiKey')?.value, stack.keys.radarr, 'Prowlarr got the Radarr key')
  t.equal(stack.prowlarr.proxies.entries.length, 1)
  t.match(stack.prowlarr.proxies.entries[0], { implementation: 'FlareSolverr', values: { host: stack.flaresolverrUrl.replace(/\/*$/, '/') } })
  t.same(stack.prowlarr.proxies.entries[0].tags, [stack.prowlarr.tags.find(x => x.label === 'flaresolverr')!.id], 'proxy carries the flaresolverr tag')
  t.same(stack.jellyfin.state.libraries.map(l => [l.name, l.collectionType, l.locations]), [
    ['Movies', 'movies', ['/data/movies']], ['TV Shows', 'tvshows', ['/data/tv']], ['Anime', 'tvshows', ['/data/anime']], ['Music', 'music', ['/data/music']]
  ])
  const created = stack.jellyfin.accounts.keys.filter(k => k.appName === 'mediastack-mcp')
  t.equal(created.length, 1, 'one Jellyfin key named mediastack-mcp')
  // As Jellyfin 10.9–10.11 list keys (AuthenticationManager.GetApiKeys never sets IsActive): the key is found anyway.
  const listed = await fetch(`${stack.jellyfin.url}/Auth/Keys`, { headers: { authorization: `MediaBrowser Token="${created[0].token}"` } })
  t.same((await listed.json()).Items.map((k: { IsActive: boolean }) => k.IsActive), [false, false], 'every key is listed with IsActive false')
  t.equal(stack.jellyfin.accounts.sessions.size, 0, 'the admin session was signed out')

  // The stored keys.
  const file = secretsPath(stack.config.STATE_DIR)
  t.equal(statSync(file).mode & 0o777, 0o600)
  const text = readFileSync(file, 'utf8')
  t.match(text, `SERIES_MANAGER_API_KEY=${stack.keys.sonarr}`)
  t.match(text, `MOVIE_MANAGER_API_KEY=${stack.keys.radarr}`)
  t.match(text, `INDEXER_MANAGER_API_KEY=${stack.keys.prowlarr}`)
  t.match(text, `MEDIA_SERVER_API_KEY=${created[0].token}`)

  const second = await app.inject({ method: 'POST', url: '/api/setup', headers: auth, payload: body })
  t.equal(second.statusCode, 200)
  for (const r of second.json().results) t.equal(r.status, 'already_done', `${r.step}: ${r.message}`)
  t.equal(stack.jellyfin.accounts.keys.filter(k => k.appName === 'mediastack-mcp').length, 1, 'the Jellyfin key is reused, not duplicated')
  t.equal(stack.sonarr.downloadClients.entries.length, 1, 'no duplicate download client')
  t.equal(stack.prowlarr.state.applications.length, 2, 'no duplicate application')

  const status = await app.inject({ method: 'GET', url: '/api/setup', headers: auth })
  t.equal(status.statusCode, 200, status.body)
  const s = status.json()
  t.equal(s.restartRequired, true)
  for (const step of s.steps) t.equal(step.status, 'already_done', `GET: ${step.step}`)
  t.match(s.backends.find((b: { name: string }) => b.name === 'sonarr'), { key: 'missing', storedKey: 'present' })
  t.match(s.backends.find((b: { name: string }) => b.name === 'flaresolverr'), { reachable: true, version: '3.5.0' }, 'the version FlareSolverr names on GET /')

  for (const res of [first, second, status]) t.same(leaks(res.body, stack), [], 'no secret in a response')
  t.ok(logs.length > 0, 'the app logged')
  t.same(leaks(logs.join(''), stack), [], 'no secret in the log')
  t.same(stack.violations(), [], 'no contract violations')
})

t.test('existing equivalent entries count as done, whatever their names', async t => {
  const stack = await startSetupStack(t)
  const app = await appFor(t, stack)
  stack.sonarr.downloadClients.add({ name: 'My torrents', implementation: 'QBittorrent', fields: [{ name: 'host', value: 'QBittorrent' }, { name: 'port', value: 8085 }] })
  stack.radarr.state.rootFolders.push({ id: 9, path: '/data/movies/' })
  stack.jellyfin.state.addLibrary('Films', 'movies', ['/data/movies'])
  const res = await app.inject({ method: 'POST', url: '/api/setup', headers: auth, payload: { steps: ['keys', 'download_client.sonarr', 'root_folder.movies', 'library.movies'], jellyfin: { username: 'admin', password: 'admin-password' } } })
  const byStep = Object.fromEntries(res.json().results.map((r: { step: string, status: string, message: string }) => [r.step, r]))
  t.equal(byStep['download_client.sonarr'].status, 'already_done')
  t.match(byStep['download_client.sonarr'].message, /My torrents/)
  t.equal(byStep['root_folder.movies'].status, 'already_done')
  t.equal(byStep['library.movies'].status, 'already_done')
  t.match(byStep['library.movies'].message, /Films/)
  t.same(stack.violations(), [])
})

t.test('a same-named entry pointing elsewhere is a conflict left alone', async t => {
  const stack = await startSetupStack(t)
  const app = await appFor(t, stack)
  stack.radarr.downloadClients.add({ name: 'qBittorrent', implementation: 'QBittorrent', fields: [{ name: 'host', value: 'other-host' }, { name: 'port', value: 8080 }] })
  stack.jellyfin.state.addLibrary('Music', 'music', ['/srv/music'])
  const res = await app.inject({ method: 'POST', url: '/api/setup', headers: auth, payload: { steps: ['keys', 'download_clients', 'library.music'], jellyfin: { username: 'admin', password: 'admin-password' } } })
  const byStep = Object.fromEntries(res.json().results.map((r: { step: string }) => [r.step, r]))
  t.match(byStep['download_client.radarr'], { status: 'failed', message: /named "qBittorrent" that points elsewhere/ })
  t.match(byStep['download_client.sonarr'], { status: 'done' })
  t.match(byStep['library.music'], { status: 'failed', message: /library named "Music" without \/data\/music/ })
  t.equal(stack.radarr.downloadClients.entries.length, 1, 'nothing added beside the conflicting entry')
  t.same(stack.violations(), [])
})

t.test('dry run reports planned steps and changes nothing', async t => {
  const stack = await startSetupStack(t)
  const app = await appFor(t, stack)
  const res = await app.inject({ method: 'POST', url: '/api/setup', headers: auth, payload: { dryRun: true, jellyfin: { adminToken: stack.keys.jellyfin } } })
  t.equal(res.statusCode, 200)
  for (const r of res.json().results) t.equal(r.status, 'planned', `${r.step}: ${r.message}`)
  t.equal(stack.sonarr.downloadClients.entries.length, 0)
  t.equal(stack.sonarr.state.rootFolders.length, 0)
  t.equal(stack.prowlarr.state.applications.length, 0)
  t.equal(stack.jellyfin.state.libraries.length, 0)
  t.equal(stack.jellyfin.accounts.keys.length, 1, 'no key created')
  t.throws(() => statSync(secretsPath(stack.config.STATE_DIR)), { code: 'ENOENT' }, 'no secrets file')
  t.same(stack.violations(), [])
})
