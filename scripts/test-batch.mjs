// One process that runs several test files one after another (scripts/test-run.mjs starts it): each file is a
// subtest of this process's tap, and its own `import t from 'tap'` is that subtest (test/loader/tap-for-file.mjs).
// Why: a test process costs ~3 s of CPU before its first assertion (Node, tap, the app's ~600 modules through the
// test loader); run one file each, that was about half of the suite's CPU. Here the modules load once per batch.
// What a file changes in process.env is undone before the next file starts.
// Run: node --import=./test/loader/register.mjs scripts/test-batch.mjs <file.test.ts>...
import { relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const BATCH = Symbol.for('mediastack.test-batch')
/** A test file's time limit unless it sets its own (t.setTimeout), as .taprc's timeout was for a file's process. */
const FILE_TIMEOUT_MS = Number(process.env.MEDIASTACK_TEST_FILE_TIMEOUT ?? 120) * 1000

const root = resolve(import.meta.dirname, '..')
// Stopped (npm test interrupted): exit, so that core/process/groups.ts's exit hook kills the daemons the files
// started; ended by the signal's default action instead, qbittorrent-nox, deluged and the rest ran on.
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130))
const open = new Map()
globalThis[BATCH] = open
// Imported once the mark is set: the loader's resolve hook reads it for tap's own imports too.
const { default: t } = await import('tap')

for (const file of process.argv.slice(2)) {
  const url = pathToFileURL(resolve(file)).href
  const env = { ...process.env }
  await t.test(relative(root, resolve(file)), { timeout: FILE_TIMEOUT_MS }, async sub => {
    open.set(url, sub)
    await import(url)
  })
  open.delete(url)
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key]
  Object.assign(process.env, env)
}
// Every file's teardowns have run; a handle one of them left open must not keep the batch alive. (Listened for
// before t.end(), which may complete at once.)
t.on('complete', () => setImmediate(() => process.exit()))
t.end()
