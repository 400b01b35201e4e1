// The pyLoad simulator behaves like pyLoad-ng where the contract cannot say it (auth, verbs, progress),
// and every exchange matches pyload-ng.openapi.json.
import { test } from 'tap'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPyloadSimulator } from '../../simulators/pyload/index.js'

const KEY = 'pl_simulator-test-key'

async function sim (t: { teardown: (fn: () => unknown) => void }, extra = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'pyload-sim-'))
  const s = await createPyloadSimulator({ apiKey: KEY, storageDir: dir, linkDurationMs: 1000, ...extra })
  t.teardown(async () => { await s.close(); rmSync(dir, { recursive: true, force: true }) })
  return { s, dir }
}

async function api (base: string, method: string, init: { verb?: string, key?: string, body?: unknown, query?: string } = {}) {
  const res = await fetch(`${base}/api/${method}${init.query ? `?${init.query}` : ''}`, {
    method: init.verb ?? 'GET',
    headers: { 'x-api-key': init.key ?? KEY, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined
  })
  return { status: res.status, body: await res.json() as any }
}

test('auth, verbs and unknown methods answer like pyLoad-ng', async t => {
  const { s } = await sim(t)
  t.same(await api(s.url, 'status_server', { key: 'pl_wrong' }), { status: 401, body: { error: 'Invalid API key' } })
  t.equal((await api(s.url, 'add_package', { verb: 'GET' })).status, 405)
  t.equal((await api(s.url, 'status_server', { verb: 'POST', body: {} })).status, 405)
  t.same(await api(s.url, 'no_such_method'), { status: 404, body: { error: 'Not Found' } })
  t.equal((await api(s.url, '_private')).status, 403)
  t.equal((await api(s.url, 'status_server')).status, 200)
  t.same(s.violations, [])
  t.same(s.calls, ['status_server'], 'refused requests reached no method')
})

test('packages progress over time and finished ones leave real files in their folder', async t => {
  const { s, dir } = await sim(t, { linkDurationMs: 100_000 })
  const add = await api(s.url, 'add_package', { verb: 'POST', body: { name: 'Big Buck Bunny', links: ['https://files.example.com/bbb.part1.mkv', 'https://files.example.com/bbb.part2.mkv'] } })
  t.equal(add.status, 200)
  const pid = add.body
  t.type(pid, 'number')
  s.state.advance(50_000)
  const active = await api(s.url, 'status_downloads')
  t.equal(active.body.length, 1)
  t.equal(active.body[0].name, 'bbb.part1.mkv')
  t.ok(active.body[0].percent >= 50 && active.body[0].percent <= 52, `percent ${active.body[0].percent}`)
  t.equal(active.body[0].package_id, pid)
  s.state.advance(200_000)
  const data = await api(s.url, 'get_package_data', { query: `package_id=${pid}` })
  t.equal(data.body.linksdone, 2)
  t.same(data.body.links.map((l: { status: number }) => l.status), [0, 0])
  t.match(readFileSync(join(dir, 'Big Buck Bunny', 'bbb.part2.mkv'), 'utf8'), /bbb.part2.mkv/)
  t.equal((await api(s.url, 'get_queue')).body[0].links, null, 'get_queue carries no links')
  t.equal((await api(s.url, 'get_queue_data')).body[0].links.length, 2)
  t.same((await api(s.url, 'status_downloads')).body, [])
  t.same(s.violations, [])
})

test('collector, offline links, delete and config', async t => {
  const { s, dir } = await sim(t)
  const c = (await api(s.url, 'add_package', { verb: 'POST', body: { name: 'Later', links: ['https://x.example.com/a.zip'], dest: 0 } })).body
  const o = (await api(s.url, 'add_package', { verb: 'POST', body: { name: 'Dead', links: ['https://offline.example.com/gone.rar'] } })).body
  t.equal((await api(s.url, 'get_collector')).body[0].pid, c)
  s.state.advance(5000)
  const dead = await api(s.url, 'get_package_data', { query: `package_id=${o}` })
  t.equal(dead.body.links[0].status, 1)
  t.equal(dead.body.links[0].error, 'File is offline')
  t.equal((await api(s.url, 'delete_packages', { verb: 'POST', body: { package_ids: [c, o] } })).status, 200)
  t.same((await api(s.url, 'get_collector')).body, [])
  t.equal((await api(s.url, 'get_package_data', { query: `package_id=${o}` })).status, 500)
  t.equal((await api(s.url, 'get_config_value', { query: 'category=general&option=storage_folder' })).body, dir)
  t.same(s.violations, [])
})

test('a response that drifts from the contract is caught', async t => {
  const { s } = await sim(t)
  // A wrong argument type in the request is a contract violation.
  await api(s.url, 'get_package_data', { query: 'package_id=abc' })
  t.ok(s.violations.some(v => /package_id/.test(v)), s.violations.join('\n'))
})
