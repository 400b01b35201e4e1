// Setup wires the configured kind of torrent client into Sonarr and Radarr: with TORRENT_CLIENT_TYPE=transmission
// the managers get a Transmission download client (Sonarr's implementation and field names) at the RPC's
// UrlBase, with its category; a second run finds it there.
import t from 'tap'
import { buildTestApp } from '../helpers/build.js'
import { TEST_INTERNAL_KEY } from '../helpers/build.js'
import { startSetupStack } from './stack.js'

const auth = { authorization: `Bearer ${TEST_INTERNAL_KEY}` }
type Client = { name: string, implementation: string, configContract: string, fields: Array<{ name: string, value: unknown }> }

t.test('TORRENT_CLIENT_TYPE=transmission: Sonarr and Radarr get Transmission with its category', async t => {
  const stack = await startSetupStack(t, { TORRENT_CLIENT_TYPE: 'transmission', TORRENT_CLIENT_URL: 'http://transmission:9091/transmission/rpc', TORRENT_CLIENT_USERNAME: 'tr', TORRENT_CLIENT_PASSWORD: '' })
  const { app } = await buildTestApp(t, { settings: stack.config })
  const run = async () => (await app.inject({ method: 'POST', url: '/api/setup', headers: auth, payload: { jellyfin: { username: 'admin', password: 'admin-password' } } })).json() as { results: Array<{ step: string, status: string, message: string }> }

  const first = (await run()).results.filter(r => /download/i.test(r.step))
  t.ok(first.length >= 2, first.map(r => r.step).join(', '))
  for (const r of first) t.match(r, { status: 'done', message: /^Added Transmission at transmission:9091 to (Sonarr|Radarr) \(category (tv-sonarr|radarr)\)\.$/ }, r.step)
  const sonarr = stack.sonarr.downloadClients.list() as Client[]
  t.match(sonarr, [{ name: 'Transmission', implementation: 'Transmission', configContract: 'TransmissionSettings' }])
  t.match(Object.fromEntries(sonarr[0]!.fields.map(f => [f.name, f.value])), { host: 'transmission', port: 9091, urlBase: '/transmission/', username: 'tr', tvCategory: 'tv-sonarr' })
  const radarr = stack.radarr.downloadClients.list() as Client[]
  t.match(Object.fromEntries(radarr[0]!.fields.map(f => [f.name, f.value])), { host: 'transmission', port: 9091, movieCategory: 'radarr' })

  const second = (await run()).results.filter(r => /download/i.test(r.step))
  for (const r of second) t.match(r, { status: 'already_done', message: /already has Transmission at transmission:9091/ }, r.step)
})

t.test('TORRENT_CLIENT_TYPE=deluge: Sonarr and Radarr get Deluge with the Web UI password, its UrlBase and category', async t => {
  const stack = await startSetupStack(t, { TORRENT_CLIENT_TYPE: 'deluge', TORRENT_CLIENT_URL: 'http://deluge:8112/deluge/json', TORRENT_CLIENT_USERNAME: '', TORRENT_CLIENT_PASSWORD: 'web-ui-password' })
  const { app } = await buildTestApp(t, { settings: stack.config })
  const run = async () => (await app.inject({ method: 'POST', url: '/api/setup', headers: auth, payload: { jellyfin: { username: 'admin', password: 'admin-password' } } })).json() as { results: Array<{ step: string, status: string, message: string }> }

  const first = (await run()).results.filter(r => /download/i.test(r.step))
  t.ok(first.length >= 2, first.map(r => r.step).join(', '))
  for (const r of first) t.match(r, { status: 'done', message: /^Added Deluge at deluge:8112 to (Sonarr|Radarr) \(category (tv-sonarr|radarr)\)\.$/ }, r.step)
  const sonarr = stack.sonarr.downloadClients.list() as Client[]
  t.match(sonarr, [{ name: 'Deluge', implementation: 'Deluge', configContract: 'DelugeSettings' }])
  const fields = Object.fromEntries(sonarr[0]!.fields.map(f => [f.name, f.value]))
  t.match(fields, { host: 'deluge', port: 8112, tvCategory: 'tv-sonarr' })
  t.equal(fields.urlBase, '/deluge', 'Sonarr adds /json itself')
  t.notOk('username' in fields, 'Sonarr\'s Deluge settings have no username')
  t.match(Object.fromEntries((stack.radarr.downloadClients.list() as Client[])[0]!.fields.map(f => [f.name, f.value])), { host: 'deluge', movieCategory: 'radarr' })

  const second = (await run()).results.filter(r => /download/i.test(r.step))
  for (const r of second) t.match(r, { status: 'already_done', message: /already has Deluge at deluge:8112/ }, r.step)
})

t.test('TORRENT_CLIENT_TYPE=deluge without a password: setup asks for the Web UI password first', async t => {
  const stack = await startSetupStack(t, { TORRENT_CLIENT_TYPE: 'deluge', TORRENT_CLIENT_URL: 'http://deluge:8112', TORRENT_CLIENT_PASSWORD: '' })
  const { app } = await buildTestApp(t, { settings: stack.config })
  const results = ((await app.inject({ method: 'POST', url: '/api/setup', headers: auth, payload: { jellyfin: { username: 'admin', password: 'admin-password' } } })).json() as { results: Array<{ step: string, status: string, message: string }> }).results
  for (const r of results.filter(r => /download/i.test(r.step))) t.match(r, { status: 'skipped', message: /Set TORRENT_CLIENT_PASSWORD \(the Deluge Web UI password\)/ }, r.step)
  t.same(stack.sonarr.downloadClients.list(), [])
})

t.test('the setup status reads the configured torrent client\'s probe', async t => {
  const stack = await startSetupStack(t, { TORRENT_CLIENT_TYPE: 'transmission', TORRENT_CLIENT_URL: 'http://127.0.0.1:9/transmission/rpc' })
  const { app } = await buildTestApp(t, { settings: stack.config })
  await app.refreshBackendStatus()
  const status = (await app.inject({ method: 'GET', url: '/api/setup', headers: auth })).json() as { backends: Array<{ name: string, reachable: boolean, error?: string }> }
  t.match(status.backends.find(b => b.name === 'qbittorrent'), { reachable: false, error: /^Transmission is unreachable at/ })
})
