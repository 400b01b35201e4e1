// Runs test files in batches, a few processes at a time (scripts/test-run.mjs calls it for `npm test`). Each batch
// is one process of scripts/test-batch.mjs that runs its files one after another, so Node, tap and the app's
// modules load once per batch instead of once per file (about half of the suite's CPU when every file had a
// process). Batches are formed as slots free up, the files known to take longest first (the times of the last run,
// kept in .tap/test-times.json, else scripts/test-times.json), and they shrink toward the end so no slot idles
// while one long batch finishes.
// A file that needs a process of its own (tap's snapshots are kept per main script; see alone()) runs alone.
import { spawn } from 'node:child_process'
import { existsSync, globSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve as resolvePath } from 'node:path'

const ROOT = join(import.meta.dirname, '..')
const TIMES = join(ROOT, '.tap', 'test-times.json')
/**
 * The times of a whole quiet run on a 2-core machine, kept in the repository so that a clean clone's first run (CI)
 * also starts the slow files first; a file the last local run timed uses that time instead. Refresh after a green
 * run with: cp .tap/test-times.json scripts/test-times.json
 */
const SEED_TIMES = join(ROOT, 'scripts', 'test-times.json')
const LOADER = '--import=./test/loader/register.mjs'
/**
 * A batch aims at about this much work (seconds, by the last run's times) and at most this many files. Each batch
 * process loads the app's modules once (~3 s of CPU): at 90 s a batch, about 26 batches spent ~80 s of CPU on it.
 */
const BATCH_SECONDS = 180
const BATCH_FILES = 48
/** ...and at least this much: a process's start costs ~3 s of CPU. */
const MIN_BATCH_SECONDS = 15
/** A file not seen before is guessed at this (seconds). */
const UNKNOWN_SECONDS = 4
/** A batch that prints nothing for this long is stopped (each file has its own, shorter, time limit inside). */
const SILENT_MS = 15 * 60_000

const running = new Set()
/** Stops the batches under way (npm test stopped with a signal). */
export function stopBatches (signal = 'SIGTERM') {
  for (const child of running) child.kill(signal)
}

/** The test files the arguments name (files or folders; none: every test file under test/). */
export function testFiles (args) {
  const roots = args.length ? args : ['test']
  const files = roots.flatMap(arg => {
    const path = resolvePath(ROOT, arg)
    if (!existsSync(path)) throw new Error(`no such test file or folder: ${arg}`)
    return statSync(path).isDirectory()
      ? globSync('**/*.test.ts', { cwd: path, exclude: name => name === 'node_modules' || name === 'fixtures' }).map(f => join(path, f))
      : [path]
  })
  return [...new Set(files.map(f => relative(ROOT, f)))].sort()
}

const alones = new Map()
/**
 * Whether a file must have a process of its own: it keeps tap snapshots (their file is named after the process's
 * main script), or it says so in a line that starts "// test-batch: alone" with the reason (e.g. it patches a
 * builtin that Node's own modules capture when first used, which an earlier file in a batch may have done).
 */
function alone (file) {
  if (!alones.has(file)) alones.set(file, /\bmatchSnapshot\b|^\/\/ test-batch: alone\b/m.test(readFileSync(join(ROOT, file), 'utf8')))
  return alones.get(file)
}

function readTimes (file) {
  try { return file ? JSON.parse(readFileSync(file, 'utf8')) : {} } catch { return {} }
}

/**
 * Runs `files` with `jobs` batches at once. `onBatch({ files, log, stderr, code })` hears each batch as it ends.
 * `timesFile`: where files' times are read and kept (null: nowhere). Resolves to { log, code }: every batch's TAP,
 * closed by the suite's count, and 0 when every batch passed.
 */
export async function runBatches (files, { jobs = 2, env = process.env, onBatch = () => {}, timesFile = TIMES } = {}) {
  const times = timesFile ? { ...readTimes(SEED_TIMES), ...readTimes(timesFile) } : {}
  const guess = file => times[file] ?? UNKNOWN_SECONDS
  const queue = [...files].sort((a, b) => guess(b) - guess(a) || a.localeCompare(b))
  const logs = []
  const counts = { total: 0, pass: 0, fail: 0, skip: 0, todo: 0 }
  let code = 0

  const solo = []
  const nextBatch = () => {
    if (solo.length) return [solo.shift()]
    if (queue.length === 0) return undefined
    if (alone(queue[0])) return [queue.shift()]
    const left = queue.reduce((sum, f) => sum + guess(f), 0)
    // Toward the end a batch takes a share of what is left, so the slots finish together.
    const target = Math.max(MIN_BATCH_SECONDS, Math.min(BATCH_SECONDS, left / (jobs * 2)))
    const batch = []
    let seconds = 0
    for (let i = 0; i < queue.length && batch.length < BATCH_FILES && (batch.length === 0 || seconds < target);) {
      if (alone(queue[i])) { i++; continue }
      seconds += guess(queue[i])
      batch.push(...queue.splice(i, 1))
    }
    return batch
  }

  const runOne = batch => new Promise(resolve => {
    const args = batch.length === 1 && alone(batch[0]) ? [LOADER, batch[0]] : [LOADER, 'scripts/test-batch.mjs', ...batch]
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    running.add(child)
    const out = []
    const err = []
    let silence
    const watch = () => {
      clearTimeout(silence)
      silence = setTimeout(() => { err.push(Buffer.from(`\nstopped: no output for ${SILENT_MS / 60_000} minutes\n`)); child.kill('SIGKILL') }, SILENT_MS)
    }
    watch()
    child.stdout.on('data', chunk => { out.push(chunk); watch() })
    child.stderr.on('data', chunk => err.push(chunk))
    const started = performance.now()
    child.on('close', (exit, signal) => {
      running.delete(child)
      clearTimeout(silence)
      const code = exit ?? signal
      let log = Buffer.concat(out).toString('utf8')
      if (args[1] !== 'scripts/test-batch.mjs') log = asSubtest(batch[0], log, code, performance.now() - started)
      resolve({ files: batch, log, stderr: Buffer.concat(err).toString('utf8'), code })
    })
  })

  const slot = async () => {
    for (let batch = nextBatch(); batch; batch = nextBatch()) {
      const result = await runOne(batch)
      const finished = fileResults(result.log)
      // A batch that ended early (a crash, a kill, a file's process.exit) goes on in another process with the files
      // it had not finished. The file it was running (tap had opened its subtest, or nothing had finished) goes
      // alone, and fails if it ends that process too.
      const unfinished = result.files.filter(f => !finished.has(f))
      const missing = result.files.length === 1 ? unfinished : []
      if (unfinished.length && !missing.length) {
        const wasRunning = result.log.includes(`\n# Subtest: ${unfinished[0]}\n`) || finished.size === 0
        if (wasRunning) solo.push(unfinished.shift())
        queue.unshift(...unfinished)
      }
      let log = result.log
      if (missing.length) log += `not ok - ${missing[0]} # the test process ended (${result.code}) before this file's result\n`
      const count = [...result.log.matchAll(/^# \{ total: (\d+), pass: (\d+)([^}]*)\}/gm)].at(-1)
      if (count) {
        counts.total += Number(count[1]); counts.pass += Number(count[2])
        for (const name of ['fail', 'skip', 'todo']) counts[name] += Number(new RegExp(`${name}: (\\d+)`).exec(count[3])?.[1] ?? 0)
      }
      counts.fail += missing.length
      counts.total += missing.length
      for (const [file, seconds] of finished) times[file] = seconds
      if (result.code !== 0 || missing.length) code = 1
      logs.push(log.replace(/^# \{ total: .*\}\n?/m, ''))
      onBatch({ ...result, log, missing })
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, slot))

  if (timesFile) try { mkdirSync(dirname(timesFile), { recursive: true }); writeFileSync(timesFile, `${JSON.stringify(times, null, 1)}\n`) } catch {}
  const parts = Object.entries(counts).filter(([k, v]) => v > 0 || k === 'total' || k === 'pass').map(([k, v]) => `${k}: ${v}`)
  return { log: `${logs.join('')}# { ${parts.join(', ')} }\n`, code: code || (counts.fail ? 1 : 0) }
}

/** A file run in its own process, as a batch would have printed it: its TAP as one subtest, its count kept. */
function asSubtest (file, log, code, ms) {
  const count = /^# \{ total: .*\}$/m.exec(log)?.[0]
  const body = log.replace(/^TAP version \d+\n/, '').replace(/^# \{ total: .*\}\n?/m, '').trimEnd()
  const indented = body.split('\n').map(line => line ? `    ${line}` : line).join('\n')
  return `# Subtest: ${file}\n${indented}\n${code === 0 ? 'ok' : 'not ok'} 1 - ${file} # time=${ms.toFixed(1)}ms\n${count ? `${count}\n` : ''}`
}

/** Each file's seconds, from a batch's top-level result lines ("ok 3 - test/x.test.ts # time=812.5ms"). */
export function fileResults (log) {
  const found = new Map()
  for (const m of log.matchAll(/^(?:not )?ok \d+ - (\S+\.test\.ts)(?: # time=([\d.]+)ms)?/gm)) {
    found.set(m[1], Math.round(Number(m[2] ?? 0) / 100) / 10)
  }
  return found
}
