// The real server entry (server.ts, run through the test loader, test/helpers/ts-child.ts, in a child process:
// compiling the whole project with tsc in a test would take minutes on a small machine) with the environment
// Compose gives a deployment mode.
// Only what cannot exist here is swapped: the entry point's fixed container address becomes its loopback
// stand-in, the listen address and port become loopback ones, the backends' container names become a closed
// loopback port, and the folders become temporary ones. Everything else (ALLOWED_HOSTS, OAuth, limits) is the mode's.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startDaemon } from '../../core/process/index.js'
import { freePort } from '../../core/free-port.js'
import { entryAddressOf, modeEnvironment } from './compose-env.js'
import { CLOSED_BACKENDS } from './web-app.js'
import { TS_LOADER } from './ts-child.js'

const ROOT = join(import.meta.dirname, '..', '..')

export interface ModeServer {
  port: number
  /** The environment the server runs with (for assertions on what the mode sets). */
  env: Record<string, string>
  media: string
  downloads: string
  outputTail: () => string
}

/**
 * Starts server.ts as Compose's mcp-server for `modeFile`, behind `entry` (the mode's proxy service), whose
 * loopback stand-in connects from `entryLoopback`. Ready when /health answers.
 */
export async function startModeServer (t: { teardown: (fn: () => unknown) => void }, opts: { modeFile: string, entry: string, entryLoopback: string, publicUrl: string, readyMs?: number }): Promise<ModeServer> {
  const env = modeEnvironment(opts.modeFile)
  const entryAddress = entryAddressOf(opts.modeFile, opts.entry)
  if (env.TRUST_PROXY !== entryAddress) throw new Error(`${opts.modeFile} no longer trusts ${opts.entry} (${entryAddress}) alone: TRUST_PROXY=${env.TRUST_PROXY}; update test/helpers/mode-server.ts`)
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-mode-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const media = join(dir, 'data')
  const downloads = join(dir, 'downloads')
  for (const d of [join(media, 'movies'), join(media, 'tv'), downloads, join(dir, 'state'), join(dir, 'stack-config')]) mkdirSync(d, { recursive: true })
  const port = await freePort()
  const swapped: Record<string, string> = {
    ...env,
    // the image's own ENV (compose/Dockerfile)
    NODE_ENV: 'production',
    ...CLOSED_BACKENDS,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: opts.publicUrl,
    TRUST_PROXY: opts.entryLoopback,
    MEDIA_ROOT: media,
    DOWNLOADS_ROOT: downloads,
    STATE_DIR: join(dir, 'state'),
    SETUP_CONFIG_ROOT: join(dir, 'stack-config')
  }
  const daemon = await startDaemon(process.execPath, [...TS_LOADER, 'server.ts'], { label: 'mcp-server', cwd: ROOT, env: swapped })
  t.teardown(() => daemon.stop(10_000))
  const readyMs = opts.readyMs ?? 120_000
  const deadline = Date.now() + readyMs
  while (!await healthy(port)) {
    if (!daemon.running || Date.now() > deadline) throw new Error(`the server did not answer /health within ${readyMs} ms:\n${daemon.outputTail()}`)
    await new Promise(resolve => setTimeout(resolve, 200))
  }
  return { port, env: swapped, media, downloads, outputTail: () => daemon.outputTail() }
}

async function healthy (port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(5_000) })
    await res.body?.cancel()
    return res.status === 200
  } catch {
    return false
  }
}
