// The first five minutes: every entry point checks the Node version first (one line, not a stack), the server
// reads .env when present, a taken port is one line naming PORT, and the demo answers on both loopback families
// and leaves nothing in the temporary folder after Ctrl+C.
import t from 'tap'
import { execFileSync, spawn } from 'node:child_process'
import { createServer, type Server } from 'node:net'
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../core/free-port.js'
import { listenProblem } from '../core/listen-error.js'
// @ts-expect-error: a plain .mjs script (any Node must run it), without type declarations
import { minimumFrom, nodeVersionProblem } from '../scripts/node-version.mjs'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string }, scripts: Record<string, string> }
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx')
const ENTRY_POINTS = ['demo', 'simulators', 'start', 'dev', 'setup', 'bot', 'start:bot']

/** This process's environment without the test runner's own (its loader hooks and TAP variables), as a shell has it. */
function plainEnv (): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const k of Object.keys(env)) if (k === 'NODE_OPTIONS' || k.startsWith('TAP') || k.startsWith('_TAPJS')) delete env[k]
  return env
}

interface Exit { code: number | null, stdout: string, stderr: string }

function runTo (command: string, args: string[], opts: { cwd?: string, env?: NodeJS.ProcessEnv, timeoutMs?: number }): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: opts.cwd ?? ROOT, env: opts.env ?? plainEnv(), stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', d => { stdout += d })
    child.stderr.on('data', d => { stderr += d })
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000)
    child.on('error', reject)
    child.on('close', code => { clearTimeout(timer); resolve({ code, stdout, stderr }) })
  })
}

t.test('every entry point checks the Node version before anything else; npm ci refuses an old Node', async t => {
  for (const name of ENTRY_POINTS) t.match(pkg.scripts[name], /^node scripts\/node-version\.mjs && /, `npm run ${name} checks Node first`)
  t.match(readFileSync(join(ROOT, '.npmrc'), 'utf8'), /^engine-strict=true$/m, 'npm ci refuses a Node outside engines')
  const minimum = minimumFrom(pkg.engines.node)
  const line = nodeVersionProblem('20.20.2', minimum) as string
  t.match(line, `needs Node.js ${minimum[0]}.${minimum[1]} or later`)
  t.match(line, 'this is Node.js 20.20.2')
  t.match(line, /Node 24 LTS/)
  t.notMatch(line, /\n/, 'one line')
  t.equal(nodeVersionProblem(`${minimum[0]}.${minimum[1] - 1}.9`, minimum) === undefined, false, 'one minor short is refused')
  t.equal(nodeVersionProblem(`${minimum[0]}.${minimum[1]}.0`, minimum), undefined, 'the minimum itself is enough')
  t.equal(nodeVersionProblem('24.1.0', minimum), undefined)
  t.equal(nodeVersionProblem(process.versions.node, minimum), undefined, 'the Node running the tests is enough')
})

/** A Node on this machine older than engines (Debian's and CI's /usr/bin/node is 20), if there is one. */
function olderNode (): string | undefined {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    try {
      const version = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '')
      if (nodeVersionProblem(version, minimumFrom(pkg.engines.node))) return candidate
    } catch {}
  }
  return undefined
}

const old = olderNode()
t.test('npm run demo on an older Node prints one line and exits 1', { skip: old ? false : 'no Node older than engines on this machine' }, async t => {
  if (!old) return
  const npmCli = realpathSync(execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim())
  // npm itself runs on this Node; the script's `node` is the older one, first in PATH, as on a fresh machine.
  const res = await runTo(process.execPath, [npmCli, 'run', '--silent', 'demo'], { env: { ...plainEnv(), PATH: `${dirname(old)}:${process.env.PATH}` } })
  t.equal(res.code, 1)
  t.equal(res.stderr.trim().split('\n').length, 1, `one line: ${res.stderr}`)
  t.match(res.stderr, /needs Node\.js \d+\.\d+ or later .*this is Node\.js 20\./)
  t.notMatch(res.stderr, /ERR_UNKNOWN_BUILTIN_MODULE|at .*\(node:/, 'no stack')
})

function occupy (): Promise<{ server: Server, port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port }))
  })
}

t.test('the server reads .env when present, and a taken PORT is one readable line', async t => {
  const { server, port } = await occupy()
  t.teardown(() => server.close())
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-dotenv-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  for (const sub of ['media', 'downloads', 'state']) execFileSync('mkdir', ['-p', join(dir, sub)])
  writeFileSync(join(dir, '.env'), [
    `PORT=${port}`, 'HOST=127.0.0.1', `MEDIA_ROOT=${join(dir, 'media')}`, `DOWNLOADS_ROOT=${join(dir, 'downloads')}`,
    `STATE_DIR=${join(dir, 'state')}`, 'INTERNAL_API_KEY=entry-points-test-key-0123456789abcdef', 'LOG_LEVEL=warn'
  ].join('\n') + '\n')
  // `npm run dev`'s command, run where the .env is (npm runs scripts in the project folder, which has the .env).
  const dev = pkg.scripts.dev.split(' && ').at(-1)!.split(' ')
  t.same(dev.slice(0, 3), ['tsx', 'watch', '--env-file-if-exists=.env'])
  const env = plainEnv()
  for (const k of ['PORT', 'HOST', 'MEDIA_ROOT', 'DOWNLOADS_ROOT', 'STATE_DIR', 'INTERNAL_API_KEY']) delete env[k]
  const res = await runTo(TSX, ['--env-file-if-exists=.env', join(ROOT, 'server.ts')], { cwd: dir, env })
  t.equal(res.code, 1, res.stderr)
  t.match(res.stderr, `Port ${port} on 127.0.0.1 is already in use (PORT=${port})`, 'PORT came from .env, and the line names it')
  t.notMatch(res.stderr, /"stack"|at Server\.setupListenHandle/, 'no JSON stack')
})

t.test('listen failures a person can fix are one line; others are left to the caller', async t => {
  t.match(listenProblem({ code: 'EACCES' }, 80, '0.0.0.0'), 'PORT=80')
  t.match(listenProblem({ code: 'EADDRNOTAVAIL' }, 3000, '10.9.9.9'), 'HOST=10.9.9.9')
  t.equal(listenProblem(new Error('boom'), 3000, '127.0.0.1'), undefined)
})

t.test('the demo answers on 127.0.0.1 and [::1], and Ctrl+C leaves nothing in the temporary folder', async t => {
  const port = await freePort()
  const tmp = mkdtempSync(join(tmpdir(), 'msmcp-demo-tmp-'))
  t.teardown(() => rmSync(tmp, { recursive: true, force: true }))
  const env: NodeJS.ProcessEnv = { ...plainEnv(), PORT: String(port), TMPDIR: tmp }
  for (const k of ['HOST', 'MEDIA_ROOT', 'DOWNLOADS_ROOT', 'STATE_DIR', 'INTERNAL_API_KEY']) delete env[k]
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'demo.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stderr.on('data', d => { out += d })
  const exited = new Promise<number | null>(resolve => child.on('close', resolve))
  const killer = setTimeout(() => child.kill('SIGKILL'), 110_000)
  t.teardown(() => { clearTimeout(killer); child.kill('SIGKILL') })
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', d => { out += d; if (/^Ready: /m.test(out)) resolve() })
    child.on('close', code => reject(new Error(`the demo exited (${code}) before it was ready:\n${out}`)))
  })
  t.match(out, new RegExp(`listening on .*127\\.0\\.0\\.1:${port}.* and .*\\[::1\\]:${port}|listening on .*\\[::1\\]:${port}.* and .*127\\.0\\.0\\.1:${port}`), 'both loopback families named')
  // Each simulated backend is printed with its URL and key, so a person can check an answer against it.
  const media = /media server \(Jellyfin API\)\s+(http:\/\/127\.0\.0\.1:\d+)\s+key ([0-9a-f]{32})/.exec(out)
  t.ok(media, 'the media server\'s URL and key are printed')
  for (const label of ['series manager', 'movie manager', 'indexer manager', 'direct-download manager']) t.match(out, new RegExp(`${label} \\(\\w+ API\\)\\s+http://127\\.0\\.0\\.1:\\d+\\s+key \\w+`))
  // The real torrent client's WebUI sign-in too, when qbittorrent-nox runs (issue 34 #14).
  if (/real torrent client: qbittorrent-nox/.test(out)) {
    const webui = /torrent client \(qBittorrent WebUI\)\s+(http:\/\/127\.0\.0\.1:\d+)\s+user (\S+)\s+password (\S+)/.exec(out)
    t.ok(webui, 'the WebUI URL, user and password are printed')
    const login = await fetch(`${webui![1]}/api/v2/auth/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', referer: webui![1] }, body: `username=${webui![2]}&password=${webui![3]}` })
    t.equal(await login.text(), 'Ok.', 'the printed user and password sign in to the WebUI')
  }
  const info = await fetch(`${media![1]}/System/Info`, { headers: { authorization: `MediaBrowser Token="${media![2]}"` } })
  t.equal(info.status, 200, 'the printed key opens the printed URL')
  for (const host of ['127.0.0.1', '[::1]']) {
    const res = await fetch(`http://${host}:${port}/health`)
    t.equal(res.status, 200, `http://${host}:${port}/health answers`)
  }
  child.kill('SIGINT')
  t.equal(await exited, 0, 'a clean exit on Ctrl+C', { output: out.split('Ready: ')[1] })
  // tsx keeps its compile cache there (tsx-<uid>), as it does for any script it runs: not the demo's.
  t.same(readdirSync(tmp).filter(name => !name.startsWith('tsx-')), [], 'no sample files or scratch folders left in the temporary folder')
})
