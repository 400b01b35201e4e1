// The aria2 client with a real aria2c: the managed daemon (started on first use, stopped on close) and an
// external one (ARIA2_RPC_URL), downloading from a local HTTP server.
import { test } from 'tap'
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, existsSync, symlinkSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BackendError, ToolError } from '../../core/errors.js'
import { createAria2Client, type Aria2Client, type Aria2Download } from '../../clients/aria2/client.js'
import { createPathMap } from '../../core/path-map.js'
import { createUrlGuard } from '../../lib/url-guard/url-guard.js'
import { startStaticServer } from '../helpers/static-server.js'
import { aria2Unavailable, startExternalAria2 } from '../helpers/aria2-daemon.js'
import { waitFor } from '../helpers/qbt-swarm.js'

const skip = await aria2Unavailable()

function dirs (t: { teardown: (fn: () => void) => void }) {
  const base = mkdtempSync(join(tmpdir(), 'aria2-test-'))
  t.teardown(() => rmSync(base, { recursive: true, force: true }))
  return { base, downloads: join(base, 'downloads'), state: join(base, 'state') }
}

// Reads /proc directly so the test needs no procps (pgrep) on the machine.
function processesMatching (program: RegExp, argument: string): [number, string] {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let cmdline: string
    try { cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8') } catch { continue }
    const argv = cmdline.split('\0')
    if (program.test(argv[0] ?? '') && argv.some(a => a.startsWith(argument))) return [Number(entry), cmdline]
  }
  return [0, '']
}

async function finished (client: Aria2Client, gid: string): Promise<Aria2Download> {
  return await waitFor('aria2 download', async () => {
    const s = await client.status(gid)
    return s.status === 'complete' || s.status === 'error' ? s : undefined
  }, 20_000)
}

test('managed aria2c: started on first use, downloads under DOWNLOADS_ROOT, stopped on close', { skip }, async t => {
  const d = dirs(t)
  const server = await startStaticServer()
  t.teardown(() => server.close())
  const payload = randomBytes(2 * 1024 * 1024 + 17)
  server.serve('/files/Some.Movie.2021.mkv', { body: payload })
  const client = createAria2Client({ rpcUrl: '', secret: '', aria2cPath: 'aria2c', stateDir: d.state, downloadsRoot: d.downloads, pathMap: createPathMap('') })
  t.teardown(() => client.close())

  const probe = await client.probe()
  t.equal(probe.reachable, true)
  t.match(probe.version, /starts on first use/, 'probing does not spawn aria2c')
  t.notOk(existsSync(join(d.state, 'aria2')))

  const gid = await client.addUri(`${server.url}/files/Some.Movie.2021.mkv`, { dir: join(d.downloads, 'direct'), connections: 4 })
  t.match(gid, /^[0-9a-f]{16}$/)
  const done = await finished(client, gid)
  t.equal(done.status, 'complete')
  t.equal(done.totalBytes, payload.length)
  t.equal(done.files[0].path, join(d.downloads, 'direct', 'Some.Movie.2021.mkv'))
  t.ok(readFileSync(done.files[0].path).equals(payload), 'bytes identical')
  t.ok(server.requests.some(r => r.path === '/files/Some.Movie.2021.mkv'))

  const conf = statSync(join(d.state, 'aria2', 'aria2.conf'))
  t.equal(conf.mode & 0o777, 0o600, 'secret file readable by the owner only')
  t.match(await client.version(), /^1\./)
  t.ok((await client.list()).some(x => x.gid === gid))

  // Never overwrites an existing file.
  const again = await client.addUri(`${server.url}/files/Some.Movie.2021.mkv`, { dir: join(d.downloads, 'direct') })
  const refused = await finished(client, again)
  t.equal(refused.status, 'error')
  t.ok(readFileSync(done.files[0].path).equals(payload), 'existing file untouched')

  const missing = await client.addUri(`${server.url}/nope.bin`, { dir: join(d.downloads, 'direct') })
  const failed = await finished(client, missing)
  t.equal(failed.status, 'error')
  t.equal(failed.errorCode, '3')

  await t.rejects(client.addUri(`${server.url}/x`, { dir: '/etc' }), ToolError)
  await t.rejects(client.addUri(`${server.url}/x`, { dir: join(d.downloads, 'a'), out: '../../evil' }), /single name/)

  const secretFileText = readFileSync(join(d.state, 'aria2', 'aria2.conf'), 'utf8')
  const [pid, cmdline] = processesMatching(/aria2c/, '--conf-path=' + d.state)
  t.ok(pid, 'the managed aria2c is running')
  t.notMatch(cmdline, secretFileText.split('=')[1].trim(), 'secret not on the command line')

  await client.close()
  t.throws(() => process.kill(Number(pid), 0), 'aria2c stopped on close')
})

test('remove stops a running download', { skip }, async t => {
  const d = dirs(t)
  const server = await startStaticServer()
  t.teardown(() => server.close())
  server.serve('/slow.bin', { body: randomBytes(1024 * 1024), throttleBytesPer100ms: 8 * 1024 })
  const client = createAria2Client({ rpcUrl: '', secret: '', aria2cPath: 'aria2c', stateDir: d.state, downloadsRoot: d.downloads, pathMap: createPathMap('') })
  t.teardown(() => client.close())
  const gid = await client.addUri(`${server.url}/slow.bin`, { dir: d.downloads, connections: 1 })
  await waitFor('progress', async () => (await client.status(gid)).completedBytes > 0 ? true : undefined)
  await client.remove(gid)
  await t.rejects(client.status(gid), /does not know this download/)
  await client.remove(gid) // idempotent
})

test('external aria2 (ARIA2_RPC_URL): secret checked, PATH_MAP applied', { skip }, async t => {
  const d = dirs(t)
  const server = await startStaticServer()
  t.teardown(() => server.close())
  server.serve('/a.bin', { body: 'hello aria2' })
  // aria2 sees the downloads folder under another path (as in another container); a symlink plays the mount.
  mkdirSync(d.downloads, { recursive: true })
  const ariaView = join(d.base, 'aria-view')
  symlinkSync(d.downloads, ariaView)
  const ext = await startExternalAria2(join(d.base, 'aria-own'), 'the-right-secret')
  t.teardown(() => ext.stop())
  const bad = createAria2Client({ rpcUrl: ext.url, secret: 'wrong-secret', aria2cPath: 'aria2c', stateDir: d.state, downloadsRoot: d.downloads, pathMap: createPathMap('') })
  t.teardown(() => bad.close())
  const err = await bad.version().catch(e => e)
  t.type(err, BackendError)
  t.match(err.message, /check ARIA2_RPC_SECRET/)
  t.notMatch(err.message, /wrong-secret/)
  t.equal((await bad.probe()).reachable, false)

  const mapped = createAria2Client({ rpcUrl: ext.url, secret: 'the-right-secret', aria2cPath: 'aria2c', stateDir: d.state, downloadsRoot: d.downloads, pathMap: createPathMap(`${ariaView}=${d.downloads}`) })
  t.teardown(() => mapped.close())
  const gid = await mapped.addUri(`${server.url}/a.bin`, { dir: join(d.downloads, 'x'), out: 'renamed.bin' })
  const done = await finished(mapped, gid)
  t.equal(done.files[0].path, join(d.downloads, 'x', 'renamed.bin'), 'aria2 reported its path; we see ours')
  t.equal(readFileSync(done.files[0].path, 'utf8'), 'hello aria2')
})

test('without aria2c and without ARIA2_RPC_URL the error says what to install or set', async t => {
  const d = dirs(t)
  const client = createAria2Client({ rpcUrl: '', secret: '', aria2cPath: '/nonexistent/aria2c', stateDir: d.state, downloadsRoot: d.downloads, pathMap: createPathMap('') })
  t.teardown(() => client.close())
  const err = await client.addUri('http://example.com/x', { dir: d.downloads }).catch(e => e)
  t.type(err, ToolError)
  t.match(err.message, /ARIA2C_PATH="\/nonexistent\/aria2c" was not found.*ARIA2_RPC_URL/)
  t.equal((await client.probe()).configured, false)
})

test('managed aria2c with the URL guard\'s forward proxy: every connection goes through it, its secret only in the 0600 file', { skip }, async t => {
  const d = dirs(t)
  const server = await startStaticServer()
  t.teardown(() => server.close())
  const payload = randomBytes(100_000)
  server.serve('/files/Proxied.mkv', { body: payload })
  // files.example.org exists only in the guard's resolver: aria2c can reach it through the proxy alone.
  const guard = createUrlGuard({
    resolver: async host => host === 'files.example.org' ? [{ address: '127.0.0.1', family: 4 }] : [],
    addressPolicy: address => address === '127.0.0.1' ? undefined : 'refused in this test'
  })
  t.teardown(() => guard.close())
  const proxy = await guard.forwardProxy()
  const client = createAria2Client({ rpcUrl: '', secret: '', aria2cPath: 'aria2c', stateDir: d.state, downloadsRoot: d.downloads, pathMap: createPathMap(''), proxyUrl: async () => proxy.url })
  t.teardown(() => client.close())
  const gid = await client.addUri(`http://files.example.org:${server.port}/files/Proxied.mkv`, { dir: join(d.downloads, 'direct') })
  const done = await finished(client, gid)
  t.equal(done.status, 'complete', done.errorMessage ?? '')
  t.ok(readFileSync(join(d.downloads, 'direct', 'Proxied.mkv')).equals(payload))
  t.ok(server.requests.some(r => r.host === `files.example.org:${server.port}`), 'fetched by name, through the proxy')
  const password = new URL(proxy.url).password
  t.match(readFileSync(join(d.state, 'aria2', 'aria2.conf'), 'utf8'), new RegExp(`^all-proxy-passwd=${password}$`, 'm'))
  const [pid, cmdline] = processesMatching(/aria2c/, '--conf-path=' + d.state)
  t.ok(pid > 0)
  t.notMatch(cmdline, password, 'the proxy secret is not on the command line')
})
