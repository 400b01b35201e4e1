// The README's client snippets work as printed: the Claude Desktop `mcp-remote` bridge is read out of the README,
// pointed at a test server on 127.0.0.1 (only the URL is replaced) and driven by the real SDK client over stdio,
// signing in with OAuth by itself (a headless stand-in for the browser follows the approval redirect). The SDK
// client is used the way the README says: the URL plus an OAuth provider.
import t from 'tap'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { promisify } from 'node:util'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { buildTestApp, TEST_INTERNAL_KEY } from './helpers/build.js'

const run = promisify(execFile)
import { freePort } from '../core/free-port.js'

// The bridge's sign-in (npx, mcp-remote, the stand-in browser, the OAuth round trips) may wait up to its 240 s
// connect deadline on a loaded machine; tap's 120 s file default would cut it short without the bridge's log.
t.setTimeout(330_000)

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const BROWSER = fileURLToPath(new URL('./fixtures/clients/headless-browser.mjs', import.meta.url))

/** The README's claude_desktop_config.json block: the first JSON block with an "mcpServers" entry that runs npx. */
function desktopBridge (): { command: string, args: string[] } {
  for (const m of README.matchAll(/```json\n([\s\S]*?)```/g)) {
    const parsed = JSON.parse(m[1]) as { mcpServers?: Record<string, { command?: string, args?: string[] }> }
    const server = Object.values(parsed.mcpServers ?? {}).find(s => s.command === 'npx')
    if (server?.args) return { command: server.command!, args: server.args }
  }
  throw new Error('README has no claude_desktop_config.json block running mcp-remote')
}

/** The processes below `pid`, children first (Linux: /proc/<pid>/stat is "pid (name) state ppid …"). */
function descendantsOf (pid: number): number[] {
  const parents = new Map<number, number>()
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue
    try { parents.set(Number(d), Number(readFileSync(`/proc/${d}/stat`, 'utf8').split(') ').at(-1)!.split(' ')[1])) } catch {}
  }
  const below = (p: number): number[] => [...parents].filter(([, parent]) => parent === p).flatMap(([child]) => [child, ...below(child)])
  return below(pid)
}

t.test('every JSON snippet in the README parses', async t => {
  const blocks = [...README.matchAll(/```json\n([\s\S]*?)```/g)]
  t.ok(blocks.length >= 3)
  for (const [, body] of blocks) t.doesNotThrow(() => JSON.parse(body))
})

t.test('the Cursor and VS Code install links carry exactly the mcp.json entries printed beside them', async t => {
  const cursor = /cursor:\/\/anysphere\.cursor-deeplink\/mcp\/install\?name=(\w+)&config=([A-Za-z0-9+/=]+)/.exec(README)
  t.ok(cursor, 'a Cursor install link')
  const cursorEntry = JSON.parse(Buffer.from(cursor![2], 'base64').toString('utf8'))
  const blocks = [...README.matchAll(/```json\n([\s\S]*?)```/g)].map(m => JSON.parse(m[1]))
  t.same(cursorEntry, blocks.find(b => b.mcpServers?.mediastack?.url)?.mcpServers.mediastack, 'Cursor: the same entry as its mcp.json')
  const vscode = /vscode:mcp\/install\?(\S+?)`/.exec(README)
  t.ok(vscode, 'a VS Code install link')
  const { name, ...vscodeEntry } = JSON.parse(decodeURIComponent(vscode![1]))
  t.equal(name, 'mediastack')
  t.same(vscodeEntry, blocks.find(b => b.servers?.mediastack)?.servers.mediastack, 'VS Code: the same entry as its mcp.json')
})

t.test('the Claude Desktop mcp-remote bridge, as printed, signs in with OAuth and lists the tools', async t => {
  const bridge = desktopBridge()
  t.equal(bridge.command, 'npx')
  t.match(bridge.args.find(a => a.startsWith('mcp-remote')), /^mcp-remote@\d+\.\d+\.\d+$/, 'an exact version')
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  // No OAUTH_APPROVAL_PASSPHRASE: the approval is automatic, so the stand-in browser needs no form.
  const { app } = await buildTestApp(t, { config: { PUBLIC_URL: base } })
  await app.listen({ port, host: '127.0.0.1' })
  const configDir = mkdtempSync(join(tmpdir(), 'msmcp-mcp-remote-'))
  t.teardown(() => rmSync(configDir, { recursive: true, force: true }))
  const args = bridge.args.map(a => /^https?:\/\/.*\/mcp$/.test(a) ? `${base}/mcp` : a)
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && k !== 'NODE_OPTIONS' && !k.startsWith('TAP') && !k.startsWith('_TAPJS')) env[k] = v
  }
  // The person's browser is the stand-in, opened on the address the bridge prints for the person to visit. The
  // bridge's own launch (xdg-open with $BROWSER, then its fallbacks) is a no-op that succeeds: left to launch the
  // stand-in, a loaded machine twice saw the launch judged failed and Chromium opened instead, with no display,
  // and the sign-in waited until its deadline.
  Object.assign(env, { BROWSER: '/bin/true', MCP_REMOTE_CONFIG_DIR: configDir, npm_config_update_notifier: 'false', DISPLAY: '' })
  const transport = new StdioClientTransport({ command: bridge.command, args, env, stderr: 'pipe' })
  let bridgeLog = ''
  let browser: ChildProcess | undefined
  transport.stderr?.on('data', (d: Buffer) => {
    bridgeLog += d
    const visit = /Please authorize this client by visiting:\s*(http\S+)\s/.exec(bridgeLog)?.[1]
    if (visit === undefined || browser !== undefined) return
    browser = spawn(process.execPath, [BROWSER, visit], { stdio: ['ignore', 'ignore', 'pipe'] })
    browser.stderr?.on('data', (b: Buffer) => { bridgeLog += b })
  })
  t.teardown(() => { browser?.kill() })
  const client = new Client({ name: 'readme-clients-test', version: '1.0.0' })
  t.teardown(async () => {
    // npx runs the bridge under a shell of its own and does not pass the close's signal on: without this the
    // bridge outlived the test, holding its callback port and the pipes of the test's process.
    const bridges = transport.pid === null ? [] : descendantsOf(transport.pid)
    await client.close()
    for (const pid of bridges) try { process.kill(pid, 'SIGTERM') } catch {}
  })
  await client.connect(transport, { timeout: 240_000 }).catch((err: Error) => { throw new Error(`${err.message}\n${bridgeLog}`) })
  const listed = await client.listTools(undefined, { timeout: 60_000 })
  t.same(listed.tools.map(x => x.name).sort(), app.tools.list().map(x => x.name).sort(), 'the whole catalogue through the bridge')
  // mcp-remote keeps what the sign-in gave it in its config folder: an access token from this server.
  const stored = readdirSync(configDir, { recursive: true }).map(String).filter(f => f.endsWith('_tokens.json'))
  t.equal(stored.length, 1, `the bridge signed in with OAuth and stored its token (${bridgeLog.slice(-400)})`)
  const tokens = JSON.parse(readFileSync(join(configDir, stored[0]), 'utf8')) as { access_token?: string, token_type?: string }
  t.match(tokens, { token_type: /^bearer$/i, access_token: /\S{20,}/ })
})

t.test('the README\'s SDK snippet, as printed, lists the tools with the internal key', async t => {
  const block = /```js\n([\s\S]*?)```/.exec(README)?.[1]
  t.ok(block, 'the README has the SDK snippet')
  const { app } = await buildTestApp(t)
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  // Written inside the project so '@modelcontextprotocol/client' resolves as it does in the user's project.
  const outputs = join(fileURLToPath(new URL('..', import.meta.url)), 'test-output')
  mkdirSync(outputs, { recursive: true })
  const dir = mkdtempSync(join(outputs, 'readme-sdk-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, 'snippet.mjs')
  writeFileSync(file, block!.replace('http://localhost:3000/mcp', `${base}/mcp`))
  const { stdout } = await run(process.execPath, [file], { timeout: 60_000, env: { ...process.env, NODE_OPTIONS: '', INTERNAL_API_KEY: TEST_INTERNAL_KEY } })
  t.same(stdout.trim().split(' ').sort(), app.tools.list().map(x => x.name).sort(), 'every tool, through the SDK as printed')
})
