// Runs a child program safely: argv array (never a shell), its own process group (so a kill reaches its
// children too), a wall-clock timeout, stall detection (no output for too long), cancellation by
// AbortSignal, line callbacks for progress parsing, a bounded stdout and a stderr ring buffer for errors.
//
//   const res = await runProcess('ffmpeg', ['-i', input, ...], {
//     timeoutMs: 6 * 3600_000, stallMs: 300_000, signal, label: 'ffmpeg',
//     onLine: (line, stream) => { const p = parse(line); if (p) report(p) }
//   })
//
// Failures reject with ProcessError (reason: not_found, timeout, stalled, aborted, exit_code, spawn_failed);
// callers turn it into a ToolError that says how to recover.
import { spawn } from 'node:child_process'
import { RingBuffer, lineSplitter } from './ring-buffer.js'
import { trackGroup, killGroup } from './groups.js'
import { childEnv } from './env.js'

export type StreamName = 'stdout' | 'stderr'

export interface RunOptions {
  cwd?: string
  /** Variables added to the minimal child environment (childEnv): the server's own environment, secrets
   *  included, never reaches a child. */
  env?: Record<string, string | undefined>
  /** Wall-clock limit (default 10 minutes). */
  timeoutMs?: number
  /** Kill when neither stdout nor stderr produced anything for this long (default: off). */
  stallMs?: number
  signal?: AbortSignal
  /** Called for each output line (\n, \r\n or \r separated). Progress parsers live here. */
  onLine?: (line: string, stream: StreamName) => void
  /** stdout kept in memory; beyond it the rest is dropped and `stdoutTruncated` is set (default 4 MiB). */
  maxStdoutBytes?: number
  /** How much of stderr's tail is kept for error messages (default 64 KiB). */
  stderrTailBytes?: number
  /** SIGTERM first; SIGKILL after this grace (default 3 s). */
  killGraceMs?: number
  /** Exit codes that count as success (default [0]). */
  okExitCodes?: number[]
  /** Name used in error messages (default: the file name). */
  label?: string
  /** Data written to stdin, then closed (default: stdin is /dev/null). */
  input?: string | Buffer
}

export interface RunResult {
  exitCode: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stdoutTruncated: boolean
  stderrTail: string
  durationMs: number
}

export type ProcessFailure = 'not_found' | 'timeout' | 'stalled' | 'aborted' | 'exit_code' | 'spawn_failed'

export class ProcessError extends Error {
  constructor (
    readonly reason: ProcessFailure,
    message: string,
    readonly result: RunResult
  ) {
    super(message)
    this.name = 'ProcessError'
  }

  /** The last few stderr lines: the part of a tool's output that usually says what went wrong. */
  stderrLines (n = 3): string[] {
    return this.result.stderrTail.split(/\r?\n|\r/).map(l => l.trim()).filter(Boolean).slice(-n)
  }
}

export function runProcess (file: string, args: readonly string[], opts: RunOptions = {}): Promise<RunResult> {
  const label = opts.label ?? file
  const started = performance.now()
  const timeoutMs = opts.timeoutMs ?? 600_000
  const stdoutLimit = opts.maxStdoutBytes ?? 4 * 1024 * 1024
  const stderr = new RingBuffer(opts.stderrTailBytes ?? 64 * 1024)
  const stdoutChunks: Buffer[] = []
  let stdoutBytes = 0
  let stdoutTruncated = false

  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new ProcessError('aborted', `${label} was cancelled before it started.`, emptyResult()))
      return
    }
    const child = spawn(file, args, {
      cwd: opts.cwd,
      env: childEnv(opts.env),
      stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      detached: true, // own process group: killGroup reaches grandchildren (ffmpeg helpers, yt-dlp's ffmpeg)
      windowsHide: true
    })
    const untrack = child.pid ? trackGroup(child.pid) : () => {}
    let failure: { reason: ProcessFailure, message: string } | undefined
    let killTimer: NodeJS.Timeout | undefined
    let stallTimer: NodeJS.Timeout | undefined
    let settled = false

    const stop = (reason: ProcessFailure, message: string) => {
      if (failure || settled) return
      failure = { reason, message }
      if (child.pid) killGroup(child.pid, 'SIGTERM')
      killTimer = setTimeout(() => { if (child.pid) killGroup(child.pid, 'SIGKILL') }, opts.killGraceMs ?? 3_000)
    }
    const armStall = () => {
      if (!opts.stallMs) return
      clearTimeout(stallTimer)
      stallTimer = setTimeout(() => stop('stalled', `${label} produced no output for ${Math.round(opts.stallMs! / 1000)} s and was stopped.`), opts.stallMs)
    }
    const wallTimer = setTimeout(() => stop('timeout', `${label} did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped.`), timeoutMs)
    const onAbort = () => stop('aborted', `${label} was cancelled.`)
    opts.signal?.addEventListener('abort', onAbort, { once: true })
    armStall()

    const outLines = lineSplitter(line => opts.onLine?.(line, 'stdout'))
    const errLines = lineSplitter(line => opts.onLine?.(line, 'stderr'))
    child.stdout!.on('data', (chunk: Buffer) => {
      armStall()
      if (stdoutBytes < stdoutLimit) {
        const room = stdoutLimit - stdoutBytes
        const kept = chunk.length > room ? chunk.subarray(0, room) : chunk
        stdoutChunks.push(kept)
        stdoutBytes += kept.length
        if (kept.length < chunk.length) stdoutTruncated = true
      } else stdoutTruncated = true
      if (opts.onLine) outLines.push(chunk)
    })
    child.stderr!.on('data', (chunk: Buffer) => {
      armStall()
      stderr.push(chunk)
      if (opts.onLine) errLines.push(chunk)
    })
    if (opts.input !== undefined) {
      child.stdin!.on('error', () => {}) // the child may exit without reading; that is its answer, not ours to crash on
      child.stdin!.end(opts.input)
    }

    const finish = () => {
      settled = true
      clearTimeout(wallTimer)
      clearTimeout(stallTimer)
      clearTimeout(killTimer)
      opts.signal?.removeEventListener('abort', onAbort)
      untrack()
    }
    const resultOf = (exitCode: number | null, signal: NodeJS.Signals | null): RunResult => ({
      exitCode,
      signal,
      stdout: Buffer.concat(stdoutChunks).toString('utf8'),
      stdoutTruncated,
      stderrTail: stderr.text(),
      durationMs: Math.round(performance.now() - started)
    })

    child.on('error', (err: NodeJS.ErrnoException) => {
      if (settled) return
      finish()
      const reason: ProcessFailure = err.code === 'ENOENT' || err.code === 'EACCES' ? 'not_found' : 'spawn_failed'
      const message = reason === 'not_found'
        ? `${label} could not be started: "${file}" was not found or is not executable.`
        : `${label} could not be started (${err.code ?? err.message}).`
      reject(new ProcessError(reason, message, resultOf(null, null)))
    })
    child.on('close', (code, signal) => {
      if (settled) return
      outLines.flush()
      errLines.flush()
      finish()
      const res = resultOf(code, signal)
      if (failure) reject(new ProcessError(failure.reason, failure.message, res))
      else if (code === null || !(opts.okExitCodes ?? [0]).includes(code)) {
        reject(new ProcessError('exit_code', `${label} failed (${code === null ? `killed by ${signal}` : `exit code ${code}`}).`, res))
      } else resolve(res)
    })
  })
}

function emptyResult (): RunResult {
  return { exitCode: null, signal: null, stdout: '', stdoutTruncated: false, stderrTail: '', durationMs: 0 }
}
