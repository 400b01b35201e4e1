// `npm test`: the test files in batches (scripts/test-batches.mjs; arguments name files or folders, none: all),
// then the closing lines of scripts/test-summary.mjs, whose last is "tests: N passed, N failed[, N skipped]".
// While it runs it prints a line per batch, and a failed file's TAP and its stderr as soon as its batch ends; every
// batch's TAP is kept in .tap/npm-test.tap. Arguments that start with "-" are tap's options (npm run coverage
// passes --no-disable-coverage): then tap's own runner runs the suite, a process per file, as .taprc says.
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { runBatches, stopBatches, testFiles } from './test-batches.mjs'
import { summarize } from './test-summary.mjs'

const root = join(import.meta.dirname, '..')
const saved = join(root, '.tap', 'npm-test.tap')
const args = process.argv.slice(2)
const viaTap = args.some(arg => arg.startsWith('-'))
// V8's compiled code kept on disk (Node's module compile cache) for the test processes and the servers they start,
// which each compile the same ~600 modules. Not under coverage, whose counters want each function compiled fresh.
const env = viaTap || process.env.NODE_COMPILE_CACHE !== undefined
  ? process.env
  : { ...process.env, NODE_COMPILE_CACHE: join(root, 'node_modules', '.cache', 'node-compile') }
/** tap's runner, when it runs the suite (runTap), in a process group of its own: a signal that stops npm test stops
 * it and the test processes it started (tap leaves them running when it is stopped alone). */
let tapChild
const stopTap = signal => { try { process.kill(-tapChild.pid, signal) } catch {} }
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => { stopBatches(signal); if (tapChild) stopTap(signal); process.exit(130) })

const { log, code } = viaTap ? await runTap(args) : await runInBatches(args)
process.stdout.write(`${summarize(log).join('\n')}\n`)
process.exitCode = code

async function runInBatches (args) {
  const files = testFiles(args)
  const jobs = Number(process.env.TEST_JOBS ?? 2)
  const started = Date.now()
  let done = 0
  let failed = 0
  const result = await runBatches(files, {
    jobs,
    env: { ...env, TAP_TIMEOUT: '0' },
    onBatch ({ files: batch, log, stderr, code }) {
      done += batch.length
      const red = code !== 0 || /^not ok /m.test(log)
      if (red) {
        failed++
        process.stdout.write(`\n== a batch failed (exit ${code}): ${batch.join(' ')}\n${log}${stderr ? `== its stderr\n${stderr.slice(-20_000)}\n` : ''}`)
      }
      const elapsed = Math.round((Date.now() - started) / 1000)
      process.stdout.write(`[${Math.floor(elapsed / 60)}:${String(elapsed % 60).padStart(2, '0')}] ${done}/${files.length} files${failed ? `, ${failed} failed batch${failed === 1 ? '' : 'es'}` : ''}\n`)
    }
  })
  mkdirSync(dirname(saved), { recursive: true })
  writeFileSync(saved, result.log)
  return result
}

// tap's runner, its output unchanged: its reporter in a terminal, raw TAP when piped. The count is read from the raw
// TAP: tap's --output-file in a terminal, the piped output itself otherwise.
async function runTap (args) {
  const tapPackage = createRequire(import.meta.url).resolve('tap/package.json')
  const tapBin = join(dirname(tapPackage), JSON.parse(readFileSync(tapPackage, 'utf8')).bin.tap)
  const terminal = process.stdout.isTTY === true
  if (terminal) { mkdirSync(dirname(saved), { recursive: true }); rmSync(saved, { force: true }) }
  const child = tapChild = spawn(process.execPath, [tapBin, ...(terminal ? [`--output-file=${saved}`] : []), ...args],
    { env, stdio: ['inherit', terminal ? 'inherit' : 'pipe', 'inherit'], detached: true })
  const chunks = []
  child.stdout?.on('data', chunk => { chunks.push(chunk); process.stdout.write(chunk) })
  const code = await new Promise(resolve => child.on('close', c => resolve(c)))
  let log = ''
  try { log = terminal ? readFileSync(saved, 'utf8') : Buffer.concat(chunks).toString('utf8') } catch {}
  // Without tap's count (a run stopped part-way) the line says "tests: 0 passed, 1 failed".
  return { log, code: code ?? 1 }
}
