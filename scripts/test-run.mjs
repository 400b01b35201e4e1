// `npm test`: tap with the arguments given (none: every test, as .taprc says), then the closing lines of
// scripts/test-summary.mjs, whose last is "tests: N passed, N failed[, N skipped]"; the exit code is tap's.
// tap's own output is unchanged: its reporter in a terminal, raw TAP when piped (CI tees it to a log). The count
// is read from the raw TAP: tap's --output-file in a terminal, the piped output itself otherwise (tap prints its
// closing comments twice when both go to stdout).
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { summarize } from './test-summary.mjs'

const root = join(import.meta.dirname, '..')
const tapPackage = createRequire(import.meta.url).resolve('tap/package.json')
const tapBin = join(dirname(tapPackage), JSON.parse(readFileSync(tapPackage, 'utf8')).bin.tap)
const terminal = process.stdout.isTTY === true
const saved = join(root, '.tap', 'npm-test.tap')
if (terminal) { mkdirSync(dirname(saved), { recursive: true }); rmSync(saved, { force: true }) }

const args = [tapBin, ...(terminal ? [`--output-file=${saved}`] : []), ...process.argv.slice(2)]
// V8's compiled code kept on disk (Node's module compile cache) for the ~370 test processes and the servers they
// start, which each compile the same ~600 modules: about a tenth of a test process's start. Not under coverage,
// whose counters want each function compiled fresh.
const coverage = process.argv.includes('--no-disable-coverage')
const env = coverage || process.env.NODE_COMPILE_CACHE !== undefined
  ? process.env
  : { ...process.env, NODE_COMPILE_CACHE: join(root, 'node_modules', '.cache', 'node-compile') }
const child = spawn(process.execPath, args, { env, stdio: ['inherit', terminal ? 'inherit' : 'pipe', 'inherit'] })
const chunks = []
child.stdout?.on('data', chunk => { chunks.push(chunk); process.stdout.write(chunk) })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))

const code = await new Promise(resolve => child.on('close', c => resolve(c)))
let log = ''
try { log = terminal ? readFileSync(saved, 'utf8') : Buffer.concat(chunks).toString('utf8') } catch {}
// Without tap's count (a run stopped part-way) the line says "tests: 0 passed, 1 failed".
process.stdout.write(`${summarize(log).join('\n')}\n`)
process.exitCode = code ?? 1
