// The real nzbget (Debian 12 ships 21.0) for tests: its own config copied from Debian's template, overridden on
// the command line (-o) to listen on a free loopback port and fetch from the test NNTP server (nntp-server.ts),
// with par2 checks and 7-Zip unpacking on, so a download is really fetched, verified and unpacked.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { join } from 'node:path'
import { findExecutable, startDaemon, type Daemon } from '../../core/process/index.js'
import { freePort } from '../../core/free-port.js'
import type { UsenetClient, UsenetItem } from '../../clients/usenet/types.js'
import { until } from './until.js'

const TEMPLATE = '/usr/share/doc/nzbget/examples/nzbget.conf.gz'

export async function nzbgetUnavailable (): Promise<string | undefined> {
  for (const [program, pkg] of [['nzbget', 'nzbget'], ['par2', 'par2'], ['7z', 'p7zip-full']]) {
    if (!await findExecutable(program!)) return `${program} not installed (apt-get install ${pkg}); CI installs it`
  }
  return undefined
}

export interface NzbgetInstance {
  url: string
  username: string
  password: string
  mainDir: string
  daemon: Daemon
  /** The settings that make it the default Usenet client. */
  env: { USENET_CLIENT_TYPE: 'nzbget', USENET_CLIENT_URL: string, USENET_CLIENT_USERNAME: string, USENET_CLIENT_PASSWORD: string }
  stop: () => Promise<void>
}

/**
 * `overrides`: more -o options over the ones below (e.g. HealthCheck: 'park', which keeps a failed job's files
 * where 'delete' removes them at once).
 */
export async function startNzbget (dir: string, nntpPort: number, username = 'nzbget', password = 'test-secret-6789', overrides: Record<string, string> = {}): Promise<NzbgetInstance> {
  mkdirSync(dir, { recursive: true })
  const conf = join(dir, 'nzbget.conf')
  writeFileSync(conf, gunzipSync(readFileSync(TEMPLATE)))
  const port = await freePort()
  const o = {
    MainDir: dir,
    WebDir: '/usr/share/nzbget/webui',
    ConfigTemplate: '/usr/share/nzbget/webui/nzbget.conf',
    LockFile: join(dir, 'nzbget.lock'),
    LogFile: join(dir, 'nzbget.log'),
    ControlIP: '127.0.0.1',
    ControlPort: String(port),
    ControlUsername: username,
    ControlPassword: password,
    SecureControl: 'no',
    DaemonUsername: process.env.USER ?? 'root',
    'Server1.Host': '127.0.0.1',
    'Server1.Port': String(nntpPort),
    'Server1.Username': '',
    'Server1.Password': '',
    'Server1.Connections': '2',
    'Category1.Name': 'movies',
    'Category2.Name': 'tv',
    ArticleRetries: '0',
    ArticleInterval: '1',
    ArticleTimeout: '10',
    UrlRetries: '0',
    UpdateInterval: '200',
    ParCheck: 'force',
    Unpack: 'yes',
    SevenZipCmd: '7z',
    HealthCheck: 'delete',
    OutputMode: 'loggable',
    DiskSpace: '0',
    WriteLog: 'append',
    ...overrides
  }
  const args = ['-s', '-c', conf, ...Object.entries(o).flatMap(([k, v]) => ['-o', `${k}=${v}`])]
  // The password is on argv here, acceptable only for a throwaway test instance on loopback.
  const daemon = await startDaemon('nzbget', args, { label: 'nzbget', env: { HOME: dir } })
  const url = `http://127.0.0.1:${port}`
  const auth = 'Basic ' + Buffer.from(`${username}:${password}`).toString('base64')
  for (let i = 0; i < 200; i++) {
    try {
      const res = await fetch(`${url}/jsonrpc`, { method: 'POST', headers: { authorization: auth }, body: JSON.stringify({ method: 'version', params: [], id: 1 }) })
      await res.arrayBuffer()
      if (res.ok) break
    } catch {}
    if (!daemon.running) throw new Error(`nzbget exited: ${daemon.outputTail()}`)
    await new Promise(resolve => setTimeout(resolve, 50))
  }
  const env = { USENET_CLIENT_TYPE: 'nzbget' as const, USENET_CLIENT_URL: url, USENET_CLIENT_USERNAME: username, USENET_CLIENT_PASSWORD: password }
  return { url, username, password, mainDir: dir, daemon, env, stop: () => daemon.stop() }
}

/**
 * Waits until NZBGet files the job in its history (done or failed) and returns it. The minute is a deadline for a
 * hang, not the expected time; past it the error carries NZBGet's last output.
 */
export async function filedInHistory (nzbget: Pick<NzbgetInstance, 'daemon'>, usenet: Pick<UsenetClient, 'items'>, id: string): Promise<UsenetItem> {
  const deadline = Date.now() + 60_000
  let item: UsenetItem | undefined
  await until(async () => {
    item = (await usenet.items()).find(x => x.id === id)
    if (item?.list === 'history') return true
    if (Date.now() > deadline) throw new Error(`NZBGet did not finish job ${id}: ${nzbget.daemon.outputTail().slice(-2000)}`)
    return false
  }, 100)
  return item!
}
