// aria2c for tests: availability check, and an external aria2c (the ARIA2_RPC_URL case) on a free
// loopback port with a known secret and every peer-discovery feature off.
import { mkdirSync } from 'node:fs'
import { findExecutable, startDaemon, type Daemon } from '../../core/process/index.js'
import { freePort } from './qbt-swarm.js'

export async function aria2Unavailable (): Promise<string | undefined> {
  return await findExecutable('aria2c') ? undefined : 'aria2c not installed (apt-get install aria2); CI installs it'
}

export interface ExternalAria2 { url: string, secret: string, daemon: Daemon, stop: () => Promise<void> }

export async function startExternalAria2 (dir: string, secret: string, env: NodeJS.ProcessEnv = {}): Promise<ExternalAria2> {
  mkdirSync(dir, { recursive: true })
  const port = await freePort()
  // The secret is on argv here, which is acceptable only because this is a throwaway test instance.
  const daemon = await startDaemon('aria2c', [
    '--enable-rpc', '--rpc-listen-all=false', `--rpc-listen-port=${port}`, `--rpc-secret=${secret}`, `--dir=${dir}`,
    '--enable-dht=false', '--enable-dht6=false', '--bt-enable-lpd=false', '--enable-peer-exchange=false',
    '--follow-torrent=false', '--auto-file-renaming=false', '--console-log-level=warn', `--stop-with-process=${process.pid}`, '--no-conf'
  ], { label: 'aria2c', env: { ...process.env, ...env } })
  const url = `http://127.0.0.1:${port}/jsonrpc`
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(url, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'system.listMethods' }) })
      await res.arrayBuffer()
      break
    } catch { await new Promise(resolve => setTimeout(resolve, 50)) }
  }
  return { url, secret, daemon, stop: () => daemon.stop() }
}
