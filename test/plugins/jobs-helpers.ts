// Shared by the job registry tests: a registry on a temp STATE_DIR with a captured log.
import pino from 'pino'
import { createJobRegistry, type JobRegistryOptions } from '../../lib/jobs/registry.js'
import { tempDir } from '../helpers/temp-dir.js'

export function capturedLogger () {
  const lines: Array<Record<string, unknown>> = []
  const log = pino({ level: 'debug' }, { write: (s: string) => { lines.push(JSON.parse(s)) } })
  return { log, lines }
}

export { tempDir }

export async function makeRegistry (t: { teardown: (fn: () => unknown) => void }, opts: Partial<JobRegistryOptions> = {}) {
  const { log, lines } = capturedLogger()
  const dir = opts.dir ?? tempDir(t)
  const jobs = await createJobRegistry({ log, shutdownGraceMs: 200, ...opts, dir })
  t.teardown(() => jobs.close())
  return { jobs, dir, lines }
}

export function deferred<T = unknown> () {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((_resolve, _reject) => { resolve = _resolve; reject = _reject })
  return { promise, resolve, reject }
}

/** Resolves when the signal aborts (rejecting like a cooperative run would). */
export function abortable (signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason)
    signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })
}

export const tick = () => new Promise(resolve => setImmediate(resolve))
