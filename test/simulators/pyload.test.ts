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
  t.equal(data.body.linksdone, null, 'get_package_data carries links, not stats')
  t.same(data.body.links.map((l: { status: number }) => l.status), [0, 0])
  t.match(readFileSync(join(dir, 'Big Buck Bunny', 'bbb.part2.mkv'), 'utf8'), /bbb.part2.mkv/)
  t.equal((await api(s.url, 'get_queue')).body[0].links, null, 'get_queue carries no links')
  t.equal((await api(s.url, 'get_queue_data')).body[0].links.length, 2)
  t.same((await api(s.url, 'status_downloads')).body, [])
  t.same(s.violations, [])
})

// pyload/pyload main: src/pyload/core/api/__init__.py (which fields each method fills), datatypes/data.py
// (PackageData defaults), threads/database_thread.py (the pstats view), webui/app/helpers.py (None → null).
test('each method returns exactly the PackageData fields the real one fills', async t => {
  const { s } = await sim(t, { linkDurationMs: 100_000 })
  const pid = (await api(s.url, 'add_package', { verb: 'POST', body: { name: 'Two Parts', links: ['https://f.example.com/a.mkv', 'https://f.example.com/b.mkv'] } })).body
  s.state.advance(150_000) // the first link is done, the second half-way
  const size = (i: number) => s.state.packages.get(pid)!.files[i].size
  const stats = { linksdone: 1, sizedone: size(0), sizetotal: size(0) + size(1) }
  const only = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([k]) => ['linksdone', 'sizedone', 'sizetotal', 'linkstotal', 'fids'].includes(k)))
  const [queue] = (await api(s.url, 'get_queue')).body
  t.same(only(queue), { ...stats, linkstotal: 2, fids: null }, 'get_queue: stats with linkstotal; a link in progress adds nothing to sizedone')
  t.equal(queue.links, null)
  const [queueData] = (await api(s.url, 'get_queue_data')).body
  t.same(only(queueData), { ...stats, linkstotal: null, fids: null }, 'get_queue_data: no linkstotal')
  t.equal(queueData.links.length, 2)
  const pkg = (await api(s.url, 'get_package_data', { query: `package_id=${pid}` })).body
  t.same(only(pkg), { linksdone: null, sizedone: null, sizetotal: null, linkstotal: null, fids: null }, 'get_package_data: links only')
  t.equal(pkg.links.length, 2)
  const info = (await api(s.url, 'get_package_info', { query: `package_id=${pid}` })).body
  t.same(only(info), { linksdone: null, sizedone: null, sizetotal: null, linkstotal: null, fids: s.state.packages.get(pid)!.files.map(f => f.fid) })
  t.same(s.violations, [])
})

test('package folders are named and written as pyLoad names and writes them', async t => {
  const { s, dir } = await sim(t)
  const pid = s.state.addFinishedPackage('What? Live: "Tour" 2024', [{ name: 'a.mkv', content: 'x' }])
  t.equal(s.state.packages.get(pid)!.folder, 'What? Live "Tour" 2024', 'add_package drops colons')
  t.match(readFileSync(join(dir, 'What Live Tour 2024', 'a.mkv'), 'utf8'), 'x', 'safename drops <>:"\\|?* on disk')
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
