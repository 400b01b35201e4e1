// Runs the real server (server.ts, through test/helpers/slow-sync-server.ts) in a child process on an ephemeral
// loopback port, so a test can stop it the way a service manager or a crash would (SIGTERM, SIGKILL) and start
// it again on the same STATE_DIR. `wrap` runs it under another program (e.g. unshare with a small tmpfs).
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { TEST_INTERNAL_KEY } from './build.js'
import { TS_LOADER } from './ts-child.js'

const ROOT = join(import.meta.dirname, '../..')

export interface ServerChildOptions {
  media: string
  downloads: string
  state: string
  /** Extra milliseconds every fsync takes, to stretch a move over seconds. */
  syncDelayMs?: number
  /** Command and arguments the node command line is appended to. */
  wrap?: string[]
  /** Load the app's modules, then wait for release() to start the server (a restart's next server, loaded early). */
  held?: boolean
}

export function startServerChild (o: ServerChildOptions) {
  const node = [process.execPath, ...TS_LOADER, join(ROOT, 'test/helpers/slow-sync-server.ts'), String(o.syncDelayMs ?? 0), ...(o.held ? ['hold'] : [])]
  const [cmd, ...args] = [...(o.wrap ?? []), ...node]
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: o.state,
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      LOG_LEVEL: 'info',
      MEDIA_ROOT: o.media,
      DOWNLOADS_ROOT: o.downloads,
      STATE_DIR: o.state,
      INTERNAL_API_KEY: TEST_INTERNAL_KEY
    },
    stdio: ['pipe', 'pipe', 'pipe']
  })
  let output = ''
  const exited = new Promise<{ code: number | null, signal: NodeJS.Signals | null }>(resolve => child.on('exit', (code, signal) => resolve({ code, signal })))
  const url = new Promise<URL>((resolve, reject) => {
    const seen = (d: Buffer) => {
      output += d
      const m = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (m) resolve(new URL('/mcp', m[1]))
    }
    child.stdout.on('data', seen)
    child.stderr.on('data', seen)
    exited.then(() => reject(new Error(`the server exited before listening:\n${output}`)), reject)
  })
  /** Starts a held server (its modules are loaded, or loading: the line waits for them). */
  const release = () => { child.stdin?.end('start\n') }
  return { child, url, exited, release, output: () => output }
}
