// The demo's simulated stack (startSimulatedStack, as `npm run demo` starts it) answers what first-run setup
// needs, and POST /api/setup against it wires root folders, download clients, applications and libraries,
// all without a contract violation.
import t from 'tap'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { request } from 'undici'
import { buildApp } from '../../app.js'
import { makeRoots, testConfig, TEST_INTERNAL_KEY } from '../helpers/build.js'
import { startSimulatedStack, type SimulatedStack } from '../../simulators/stack.js'

async function startStack (t: { teardown: (fn: () => unknown) => void }) {
  const roots = makeRoots()
  const stack = await startSimulatedStack({ media: roots.media, downloads: roots.downloads }, { validate: true })
  t.teardown(async () => { await stack.close(); roots.cleanup() })
  return { roots, stack }
}

async function call (url: string, opts: { method?: 'GET' | 'POST', headers?: Record<string, string>, body?: unknown } = {}) {
  const res = await request(url, {
    method: opts.method ?? 'GET',
    headers: { ...opts.headers, ...(opts.body !== undefined && { 'content-type': 'application/json' }) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body)
  })
  const text = await res.body.text()
  const isJson = String(res.headers['content-type'] ?? '').includes('json')
  return { status: res.statusCode, json: isJson && text ? JSON.parse(text) : undefined }
}

const servarr = (stack: SimulatedStack, which: 'SERIES' | 'MOVIE') => ({
  url: stack.settings[`${which}_MANAGER_URL`],
  headers: { 'x-api-key': stack.settings[`${which}_MANAGER_API_KEY`] }
})

t.test('the demo backends answer the setup endpoints', async t => {
  const { roots, stack } = await startStack(t)
  for (const which of ['SERIES', 'MOVIE'] as const) {
    const { url, headers } = servarr(stack, which)
    const folders = await call(`${url}/api/v3/rootfolder`, { headers })
    t.equal(folders.status, 200)
    t.ok(Array.isArray(folders.json))
    const clients = await call(`${url}/api/v3/downloadclient`, { headers })
    t.same([clients.status, clients.json], [200, []], `${which}: no download client yet`)
    const added = await call(`${url}/api/v3/downloadclient`, {
      method: 'POST',
      headers,
      body: { name: 'qBittorrent', implementation: 'QBittorrent', configContract: 'QBittorrentSettings', enable: true, protocol: 'torrent', priority: 1, fields: [{ name: 'host', value: 'qbittorrent' }, { name: 'port', value: 8085 }], tags: [] }
    })
    t.equal(added.status, 201, JSON.stringify(added.json))
    t.equal((await call(`${url}/api/v3/downloadclient`, { headers })).json.length, 1)
    t.equal((await call(`${url}/api/v3/downloadclient`, { headers: { 'x-api-key': 'wrong' } })).status, 401, 'auth still enforced')
  }
  mkdirSync(join(roots.media, 'kids'))
  const { url, headers } = servarr(stack, 'SERIES')
  const root = await call(`${url}/api/v3/rootfolder`, { method: 'POST', headers, body: { path: '/data/kids' } })
  t.equal(root.status, 201, JSON.stringify(root.json))
  const missing = await call(`${url}/api/v3/rootfolder`, { method: 'POST', headers, body: { path: '/data/nowhere' } })
  t.equal(missing.status, 400, 'a folder that does not exist on disk is refused')

  const prowlarr = { 'x-api-key': stack.settings.INDEXER_MANAGER_API_KEY }
  t.same((await call(`${stack.settings.INDEXER_MANAGER_URL}/api/v1/tag`, { headers: prowlarr })).json, [])
  t.equal((await call(`${stack.settings.INDEXER_MANAGER_URL}/api/v1/indexerproxy`, { headers: prowlarr })).status, 200)
  t.equal((await call(`${stack.settings.INDEXER_MANAGER_URL}/api/v1/applications`, { headers: prowlarr })).status, 200, 'the rest still reaches the simulator')

  const jf = stack.settings.MEDIA_SERVER_URL
  const client = 'MediaBrowser Client="test", Device="test", DeviceId="t1", Version="1"'
  const wrong = await call(`${jf}/Users/AuthenticateByName`, { method: 'POST', headers: { authorization: client }, body: { Username: 'admin', Pw: 'nope' } })
  t.equal(wrong.status, 401)
  const signIn = await call(`${jf}/Users/AuthenticateByName`, { method: 'POST', headers: { authorization: client }, body: { Username: stack.jellyfinAdmin.username, Pw: stack.jellyfinAdmin.password } })
  t.equal(signIn.status, 200)
  const session = `${client}, Token="${signIn.json.AccessToken}"`
  t.equal((await call(`${jf}/Auth/Keys`, { headers: { authorization: session } })).status, 200, 'an admin session may list API keys')
  t.equal((await call(`${jf}/System/Info`, { headers: { authorization: `MediaBrowser Token="${stack.settings.MEDIA_SERVER_API_KEY}"` } })).status, 200, 'the configured key still works')
  t.equal((await call(`${jf}/System/Info`, { headers: { authorization: 'MediaBrowser Token="wrong"' } })).status, 401)
  t.same(stack.violations(), [], 'no contract violations')
})

t.test('POST /api/setup against the demo stack wires everything', async t => {
  const { roots, stack } = await startStack(t)
  const app = await buildApp(testConfig(roots, { ...stack.settings, TORRENT_CLIENT_PASSWORD: 'demo-qbt-password' }),
    { logger: false, plugins: { backendProbe: { autoStart: false } } })
  t.teardown(() => app.close())
  const run = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/setup',
      headers: { authorization: `Bearer ${TEST_INTERNAL_KEY}` },
      payload: { jellyfin: { username: stack.jellyfinAdmin.username, password: stack.jellyfinAdmin.password } }
    })
    t.equal(res.statusCode, 200, res.body)
    return res.json().results as Array<{ step: string, status: string, message: string }>
  }
  const first = await run()
  t.ok(first.length >= 16, 'every step reported')
  for (const r of first) t.match(r.status, /^(done|already_done)$/, `${r.step}: ${r.message}`)
  t.ok(first.some(r => r.step.startsWith('application.') && r.status === 'done'), 'Prowlarr applications were added')
  const second = await run()
  for (const r of second) t.equal(r.status, 'already_done', `second run, ${r.step}: ${r.message}`)
  t.same(stack.violations(), [], 'no contract violations')
})
