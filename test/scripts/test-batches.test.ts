// npm test's batches (scripts/test-batches.mjs, scripts/test-batch.mjs): several files in one process behave as
// each did in a process of its own, and a batch that dies blames the file it was running, not the others.
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
// @ts-expect-error: a plain .mjs script (any Node must run it), without type declarations
import { fileResults, runBatches, testFiles } from '../../scripts/test-batches.mjs'

const ROOT = join(import.meta.dirname, '../..')
const FIXTURES = 'test/fixtures/batch'
const FIRST = `${FIXTURES}/1-sets-hooks-and-env.test.ts`
const SECOND = `${FIXTURES}/2-sees-nothing-of-others.test.ts`
const DIES = `${FIXTURES}/0-ends-the-process.test.ts`
const KILLED = `${FIXTURES}/0-killed.test.ts`
const THROWS = `${FIXTURES}/0-throws-later.test.ts`
const env = { ...process.env, TAP_TIMEOUT: '0' }

t.test('two files in one batch: the second sees none of the first\'s hooks, teardowns or environment', async t => {
  const run = spawnSync(process.execPath, ['--import=./test/loader/register.mjs', 'scripts/test-batch.mjs', FIRST, SECOND], { cwd: ROOT, env, encoding: 'utf8' })
  t.equal(run.status, 0, run.stdout.slice(-2000))
  t.same([...(fileResults(run.stdout) as Map<string, number>).keys()], [FIRST, SECOND], 'a result line for each file, by its path')
  t.match(run.stdout, /# \{ total: 4, pass: 4 \}/, 'every assertion of both files counted')
})

t.test('an error thrown or rejected later, outside any await, fails the test it surfaced in; the batch goes on', async t => {
  const run = spawnSync(process.execPath, ['--import=./test/loader/register.mjs', 'scripts/test-batch.mjs', THROWS, FIRST], { cwd: ROOT, env, encoding: 'utf8' })
  t.equal(run.status, 1, 'the batch is red')
  const results = fileResults(run.stdout) as Map<string, number>
  t.same([...results.keys()], [THROWS, FIRST], 'both files gave a result: the process did not end with the throw')
  t.match(run.stdout, /# Subtest: throws from a timer\n\s+not ok \d+ - thrown in a timer\n/, 'the timer\'s throw fails its test, with its message')
  t.match(run.stdout, /# Subtest: leaves a rejection unhandled\n\s+not ok \d+ - rejected with no handler\n/, 'the rejection fails its test, with its message')
  t.match(run.stdout, new RegExp(`^ok \\d+ - ${FIRST}`, 'm'), 'the next file runs and passes')
})

t.test('a file that ends its batch\'s process fails; the files after it run in another batch', async t => {
  const heard: string[][] = []
  const { log, code } = await runBatches([DIES, FIRST, SECOND], { jobs: 1, env, timesFile: null, onBatch: (b: { files: string[] }) => heard.push(b.files) })
  t.equal(code, 1, 'the run is red')
  t.match(log, new RegExp(`^not ok \\d+ - ${DIES}`, 'm'), 'the file that ended it fails')
  t.match(log, new RegExp(`^ok \\d+ - ${FIRST}`, 'm'))
  t.match(log, new RegExp(`^ok \\d+ - ${SECOND}`, 'm'))
  t.same(heard, [[DIES, FIRST, SECOND], [FIRST, SECOND]], 'the files after it ran in a second batch')
  t.match(log.trimEnd().split('\n').at(-1), /^# \{ total: \d+, pass: 4, fail: [1-9]/, 'the count closes the log')
})

t.test('a file that kills its process without a word: it is run alone, and fails when it does so again', async t => {
  const heard: string[][] = []
  const { log, code } = await runBatches([KILLED, FIRST], { jobs: 1, env, timesFile: null, onBatch: (b: { files: string[] }) => heard.push(b.files) })
  t.equal(code, 1, 'the run is red')
  t.same(heard, [[KILLED, FIRST], [KILLED], [FIRST]], 'alone the second time, the other file in a batch of its own')
  t.match(log, `not ok - ${KILLED} # the test process ended (SIGKILL) before this file's result`)
  t.match(log, new RegExp(`^ok \\d+ - ${FIRST}`, 'm'))
})

t.test('npm test finds every test file under test/, and none under a fixtures folder', async t => {
  const files = testFiles([]) as string[]
  t.ok(files.includes('test/scripts/test-batches.test.ts'))
  t.notOk(files.some(f => f.includes('/fixtures/')), 'fixtures are not tests of their own')
  t.same(testFiles([FIRST]), [FIRST], 'a file named runs alone')
})
