// A user's clone has nothing beside it: no file of the project may read data from outside the repository.
// CI also runs the whole suite in a fresh clone in a temp folder (.ci/run), which catches what a text
// check cannot; this test names the offending line when someone reaches for a folder beside the project.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const CODE = /\.(ts|mjs|js|sh)$|^\.ci\/run$/
// Folders the project used to borrow from beside the checkout, and any path that climbs out of the root.
const OUTSIDE = [/\.\.\/shared\/(contracts|payloads|notes)/, /['"]\.\.['"],\s*['"]shared['"]/, /\/work\/shared/]

function trackedFiles (): string[] {
  try {
    return execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean)
  } catch {
    return []
  }
}

t.test('no source, test or script reads from a folder beside the repository', async t => {
  const files = trackedFiles().filter(f => CODE.test(f) && !f.startsWith('node_modules/') && existsSync(join(root, f)))
  t.ok(files.length > 100, `read ${files.length} files`)
  const hits: string[] = []
  for (const f of files) {
    if (f === 'test/self-contained.test.ts') continue
    readFileSync(join(root, f), 'utf8').split('\n').forEach((line, i) => {
      if (OUTSIDE.some(re => re.test(line))) hits.push(`${f}:${i + 1}: ${line.trim()}`)
    })
  }
  t.same(hits, [], 'every data file a test needs is carried in the repository')
})

t.test('the data the tests use is in the repository, with its sources and licences', async t => {
  for (const f of ['simulators/contracts/SOURCES.md', 'test/fixtures/payloads/SOURCES.md',
    'test/fixtures/payloads/LICENSE-PayloadsAllTheThings.txt', 'test/fixtures/payloads/LICENSE-SecLists.txt']) {
    t.ok(existsSync(join(root, f)), f)
  }
})

t.test('comments and docs cite only documents the repository holds (no SPEC or DESIGN beside it)', async t => {
  // The project was specified in documents a clone does not carry; a pointer to them sends the reader nowhere.
  const cited = /\b(SPEC|DESIGN)(\.md\b| §|'s\b| topology\b| conventions?\b)/
  const hits: string[] = []
  for (const f of trackedFiles().filter(f => (CODE.test(f) || /\.(md|ya?ml)$/.test(f)) && !f.startsWith('node_modules/') && existsSync(join(root, f)))) {
    if (f === 'test/self-contained.test.ts') continue
    readFileSync(join(root, f), 'utf8').split('\n').forEach((line, i) => {
      if (cited.test(line)) hits.push(`${f}:${i + 1}: ${line.trim()}`)
    })
  }
  t.same(hits, [], 'say the fact where it is used, or cite a file in the repository')
})
