// The end of `npm test` (scripts/test-run.mjs over scripts/test-summary.mjs): the failed tests with their paths,
// then one closing line with the count; coverage only in `npm run coverage`, without "ERROR: incomplete" lines.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
// @ts-expect-error: a plain .mjs script (any Node must run it), without type declarations
import { summarize } from '../../scripts/test-summary.mjs'

const ROOT = join(import.meta.dirname, '../..')

const LOG = `TAP version 14
# Subtest: test/a.test.ts
    # Subtest: downloads
        not ok 1 - the queue lists the grab
          ---
          found: 0
          wanted: 1
          ...
        1..1
    not ok 1 - downloads # time=12ms
    ok 2 - library
    ok 3 - skipped one # SKIP no chromium
    1..3
not ok 1 - test/a.test.ts # time=20ms
# { total: 5, pass: 3, fail: 1, skip: 1 }
`

t.test('a red run ends with the failed test’s path, its diagnostics and the count', async t => {
  const lines = summarize(LOG) as string[]
  t.equal(lines.at(-1), 'tests: 3 passed, 1 failed, 1 skipped')
  t.ok(lines.includes('not ok: test/a.test.ts > downloads > the queue lists the grab'), 'the failed test by its path')
  t.ok(lines.some(l => l.includes('wanted: 1')), 'with what was wanted')
  t.equal(lines.filter(l => l.startsWith('not ok:')).length, 1, 'the parents that failed with it are not listed again')
})

t.test('a run without tap\'s count (stopped part-way) is not reported green', async t => {
  t.equal((summarize('TAP version 14\nok 1 - a\n') as string[]).at(-1), 'tests: 0 passed, 1 failed')
})

t.test('npm test prints the line without coverage; npm run coverage reports it without thresholds (no ERROR lines on a green run)', async t => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  t.equal(pkg.scripts.test, 'node scripts/test-run.mjs')
  t.equal(pkg.scripts.coverage, 'node scripts/test-run.mjs --no-disable-coverage')
  const taprc = readFileSync(join(ROOT, '.taprc'), 'utf8')
  t.match(taprc, /^disable-coverage: true$/m, 'npm test collects no coverage')
  for (const kind of ['statements', 'branches', 'functions', 'lines']) t.match(taprc, new RegExp(`^${kind}: 0$`, 'm'), `${kind}: no threshold`)
})
