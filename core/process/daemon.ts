// Starts a long-running child (a managed aria2c, test peers) in its own process group and stops it
// reliably: SIGTERM to the group, SIGKILL after a grace period. The stderr tail is kept for diagnostics.
import { spawn } from 'node:child_process'
import { RingBuffer, lineSplitter } from './ring-buffer.js'
import { killGroup, trackGroup } from './groups.js'
import { childEnv } from './env.js'

export interface DaemonOptions {
  cwd?: string
  /** Variables added to the minimal child environment (childEnv); the server's own never passes whole. */
  env?: Record<string, string | undefined>
  label?: string
  /** Called for each output line of stdout and stderr. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void
  outputTailBytes?: number
}

export interface Daemon {
  readonly pid: number
  readonly label: string
  /** Resolves when the process has exited. */
  readonly exited: Promise<{ code: number | null, signal: NodeJS.Signals | null }>
  readonly running: boolean
  /**
   * Resolves when its stdout and stderr have closed, or after maxMs (default 2 s): the exit can be told before the
   * last of its output is read, so a caller reading outputTail() after an exit waits for this; bounded, because a
   * process it left behind may hold them open.
   */
  untilOutputClosed: (maxMs?: number) => Promise<void>
  /** The last lines the process wrote (stdout and stderr, interleaved). */
  outputTail: () => string
  /** SIGTERM the group; SIGKILL after `graceMs` (default 3 s). Resolves once it is gone. */
  stop: (graceMs?: number) => Promise<void>
}

export function startDaemon (file: string, args: readonly string[], opts: DaemonOptions = {}): Promise<Daemon> {
  const label = opts.label ?? file
  const tail = new RingBuffer(opts.outputTailBytes ?? 32 * 1024)
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: opts.cwd, env: childEnv(opts.env), stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    let running = true
    const exited = new Promise<{ code: number | null, signal: NodeJS.Signals | null }>(resolve => {
      child.once('exit', (code, signal) => { running = false; resolve({ code, signal }) })
    })
    const closed: Array<Promise<void>> = []
    for (const stream of ['stdout', 'stderr'] as const) {
      const lines = lineSplitter(line => opts.onLine?.(line, stream))
      child[stream]!.on('data', (chunk: Buffer) => { tail.push(chunk); if (opts.onLine) lines.push(chunk) })
      closed.push(new Promise(resolve => child[stream]!.once('close', () => resolve())))
    }
    const outputClosed = Promise.all(closed).then(() => {})
    child.once('error', (err: NodeJS.ErrnoException) => {
      running = false
      reject(new Error(err.code === 'ENOENT' ? `${label}: "${file}" was not found` : `${label} could not be started (${err.code ?? err.message})`))
    })
    child.once('spawn', () => {
      const pid = child.pid!
      const untrack = trackGroup(pid)
      exited.then(untrack, untrack)
      resolve({
        pid,
        label,
        exited,
        get running () { return running },
        untilOutputClosed: (maxMs = 2_000) => new Promise<void>(resolve => {
          const timer = setTimeout(resolve, maxMs)
          outputClosed.then(() => { clearTimeout(timer); resolve() }, resolve)
        }),
        outputTail: () => tail.text(),
        async stop (graceMs = 3_000) {
          if (!running) return
          killGroup(pid, 'SIGTERM')
          const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs)
          await exited
          clearTimeout(timer)
          killGroup(pid, 'SIGKILL') // anything left in the group (children that ignored SIGTERM)
        }
      })
    })
  })
}
