// The pyLoad-ng client against the contract-checked simulator, including its fault modes.
import { test } from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BackendError } from '../../core/errors.js'
import { createPyloadClient } from '../../clients/pyload/client.js'
import { createPathMap } from '../../core/path-map.js'
import { createPyloadSimulator } from '../../simulators/pyload/index.js'

const KEY = 'pl_client-test-key'

async function setup (t: { teardown: (fn: () => unknown) => void }, o: { key?: string, pathMap?: string, reported?: string, settingsPermission?: boolean } = {}) {
  const base = mkdtempSync(join(tmpdir(), 'pyload-client-'))
  const downloads = join(base, 'downloads')
  const storage = join(downloads, 'pyload')
  const sim = await createPyloadSimulator({ apiKey: KEY, storageDir: storage, reportedStorageDir: o.reported, linkDurationMs: 100_000, settingsPermission: o.settingsPermission })
  const client = createPyloadClient({ url: sim.url, apiKey: o.key ?? KEY, downloadsRoot: downloads, pathMap: createPathMap(o.pathMap ?? '') })
  t.teardown(async () => { await client.close(); await sim.close(); rmSync(base, { recursive: true, force: true }) })
  return { sim, client, downloads, storage, base }
}

test('add a package, watch it download, find it finished with its folder on disk', async t => {
  const { sim, client, storage } = await setup(t)
  const id = await client.addPackage('Night of the Living Dead (1968)', ['https://files.example.com/notld.mkv?token=SECRET', 'https://files.example.com/notld.srt'])
  t.equal(sim.calls.at(-1), 'add_package')
  sim.state.advance(40_000)
  const active = await client.activeDownloads()
  t.equal(active.length, 1)
  t.equal(active[0].packageId, id)
  t.equal(active[0].status, 'downloading')
  t.ok(active[0].percent >= 40 && active[0].percent < 45)
  t.ok(active[0].etaSeconds > 0)
  const [queued] = await client.queue()
  t.equal(queued.finished, false)
  t.equal(queued.linksTotal, 2)
  t.equal(queued.files[0].host, 'files.example.com')
  t.notMatch(JSON.stringify(queued), /SECRET/, 'link URLs (and their tokens) are not passed on')
  t.same(await client.finishedPackages(), [])

  sim.state.advance(300_000)
  const [done] = await client.finishedPackages()
  t.equal(done.id, id)
  t.equal(done.finished, true)
  t.equal(done.folderPath, join(storage, 'Night of the Living Dead (1968)'))
  t.same(done.files.map(f => [f.name, f.status]), [['notld.mkv', 'finished'], ['notld.srt', 'finished']])
  t.equal((await client.package(id)).linksDone, 2)
  const status = await client.serverStatus()
  t.equal(status.active, 0)

  await client.deletePackages([id])
  t.same(await client.queue(), [])
  t.same(sim.violations, [], 'every request and response matched the contract')
})

test('progress is counted from the links when pyLoad sends links without stats', async t => {
  const { sim, client, storage } = await setup(t)
  const id = await client.addPackage('Halves', ['https://files.example.com/a.mkv', 'https://files.example.com/b.mkv'])
  sim.state.advance(150_000)
  const sizes = sim.state.packages.get(id)!.files.map(f => f.size)
  // The second link is half-way: it counts what status_downloads says is on disk (the clock runs on meanwhile).
  const halfWay = (bytes: number) => bytes >= sizes[0] + sizes[1] * 0.5 && bytes < sizes[0] + sizes[1] * 0.6
  const [queued] = await client.queue()
  t.match(queued, { linksDone: 1, linksTotal: 2, bytesTotal: sizes[0] + sizes[1], finished: false })
  t.ok(halfWay(queued.bytesDone), `queue: a link in progress counts what is on disk (${queued.bytesDone})`)
  const one = await client.package(id)
  t.match(one, { linksDone: 1, linksTotal: 2, bytesTotal: sizes[0] + sizes[1] }, 'get_package_data has no stats: counted from its links')
  t.ok(halfWay(one.bytesDone), `package: the same (${one.bytesDone})`)
  sim.state.advance(100_000)
  t.match(await client.package(id), { linksDone: 2, bytesDone: sizes[0] + sizes[1], finished: true })
  const odd = sim.state.addFinishedPackage('What? Live: 2024', [{ name: 'a.mkv', content: 'x' }])
  t.equal((await client.package(odd)).folderPath, join(storage, 'What Live 2024'), 'the folder pyLoad really writes (safename applied)')
  t.same(sim.violations, [])
})

test('collector and failed packages', async t => {
  const { sim, client } = await setup(t)
  await client.addPackage('Later', ['https://x.example.com/a.zip'], 'collector')
  await client.addPackage('Dead', ['https://offline.example.com/gone.rar'])
  const [c] = await client.collector()
  t.equal(c.destination, 'collector')
  const [dead] = await client.queue()
  t.equal(dead.failed, true)
  t.equal(dead.files[0].status, 'offline')
  t.same(sim.violations, [])
})

test('PATH_MAP translates the storage folder pyLoad reports into ours', async t => {
  const { sim, client, storage } = await setup(t, { reported: '/pyload-downloads', pathMap: '' })
  const mapped = createPyloadClient({ url: sim.url, apiKey: KEY, downloadsRoot: join(storage, '..'), pathMap: createPathMap(`/pyload-downloads=${storage}`) })
  t.teardown(() => mapped.close())
  sim.state.addFinishedPackage('Pkg', [{ name: 'a.mkv', content: 'x' }])
  t.equal((await mapped.finishedPackages())[0].folderPath, join(storage, 'Pkg'))
  t.equal((await client.finishedPackages())[0].folderPath, '/pyload-downloads/Pkg', 'without a mapping the path is pyLoad\'s own')
})

test('a key without the SETTINGS permission still lists packages (folder unknown)', async t => {
  const { sim, client } = await setup(t, { settingsPermission: false })
  sim.state.addFinishedPackage('Pkg', [{ name: 'a.mkv', content: 'x' }])
  const [p] = await client.finishedPackages()
  t.equal(p.name, 'Pkg')
  t.equal(p.folderPath, undefined)
})

test('package folders that would escape the storage folder are not trusted', async t => {
  const { sim, client } = await setup(t)
  const id = sim.state.addFinishedPackage('ok', [{ name: 'a.mkv', content: 'x' }])
  sim.state.packages.get(id)!.folder = '../../etc'
  t.equal((await client.finishedPackages())[0].folderPath, undefined)
})

test('errors name the variable to fix and never echo the key', async t => {
  const { client: wrong } = await setup(t, { key: 'pl_wrong-key' })
  const err = await wrong.queue().catch(e => e)
  t.type(err, BackendError)
  t.match(err.message, /check DOWNLOAD_MANAGER_API_KEY/)
  t.notMatch(err.message, /pl_wrong-key/)
  const probe = await wrong.probe()
  t.equal(probe.reachable, true)
  t.match(probe.error, /DOWNLOAD_MANAGER_API_KEY/)

  const { client: empty } = await setup(t, { key: '' })
  const notConfigured = await empty.addPackage('x', ['https://a.example.com/x']).catch(e => e)
  t.match(notConfigured.message, /not configured: set DOWNLOAD_MANAGER_API_KEY/)
  t.equal((await empty.probe()).configured, false)
})

test('fault modes become clear backend errors', async t => {
  const { sim, client } = await setup(t)
  sim.faults.set('5xx')
  t.match((await client.queue().catch(e => e)).message, /pyLoad failed \(HTTP 503\)/, 'after its GET retries')
  sim.faults.set('invalid-json', { count: 1 })
  t.match((await client.activeDownloads().catch(e => e)).message, /not valid JSON/)
  sim.faults.set('down')
  t.match((await client.serverStatus().catch(e => e)).code, /unavailable/)
  sim.faults.set('5xx', { count: 1 })
  const before = sim.state.packages.size
  await t.rejects(client.addPackage('once', ['https://a.example.com/x']), /HTTP 503/)
  t.equal(sim.state.packages.size, before, 'a POST is never retried')
  sim.faults.set('none')
  t.equal((await client.probe()).reachable, true)
})
