// Properties: whatever string or segment list comes in, resolve() either refuses with a GuardError or returns
// a path that is inside a root for real (checked by an independent oracle), and display() round-trips it.
import t from 'tap'
import fc from 'fast-check'
import { createPathSandbox } from '../../lib/sandbox/sandbox.js'
import { GuardError } from '../../core/errors.js'
import { isInsideRootsForReal, makeHostileTree } from '../helpers/payloads.js'

const tree = makeHostileTree()
t.teardown(tree.cleanup)
const sandbox = await createPathSandbox({ mediaRoot: tree.media, downloadsRoot: tree.downloads })
const roots = [tree.media, tree.downloads]

/** Refused, or inside a root for real and stable through display(). */
async function holds (input: string): Promise<boolean> {
  let abs: string
  try {
    abs = await sandbox.resolve(input)
  } catch (err) {
    if (err instanceof GuardError) return true
    throw err
  }
  if (!isInsideRootsForReal(abs, roots)) return false
  return await sandbox.resolve(sandbox.display(abs)) === abs
}

const segment = fc.oneof(
  fc.constantFrom('..', '.', '', 'escape', 'movies', 'Heat (1995)', 'etc', 'passwd', 'parent', 'chain1', 'chain2', 'sib',
    'dangling', 'loop1', 'inner', 'abs_link.mkv', 'downloads', 'dl_escape', 'to-downloads', 'outside', 'data', 'data2',
    '\0', '\\', '..\\..', '\u2025', '\uFF0E\uFF0E', 'e\u0301', '%2e%2e', '%2f', '..%2f', '\u202e', '~', 'C:'),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 })
)
const prefix = fc.constantFrom('', '/', './', 'downloads/', `${tree.media}/`, `${tree.downloads}/`, `${tree.base}/`, `${tree.media}2/`)

t.test('segment lists built from traversal pieces and symlink names never escape', async t => {
  await fc.assert(fc.asyncProperty(prefix, fc.array(segment, { maxLength: 8 }), async (pre, segs) => holds(pre + segs.join('/'))),
    { numRuns: 3000 })
  t.pass('3000 segment lists')
})

t.test('arbitrary strings never escape', async t => {
  await fc.assert(fc.asyncProperty(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' })), holds),
    { numRuns: 3000 })
  t.pass('3000 strings')
})

t.test('names accepted by checkName are usable as one path segment inside a root', async t => {
  await fc.assert(fc.asyncProperty(fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }), async name => {
    try {
      sandbox.checkName(name)
    } catch (err) {
      if (err instanceof GuardError) return true
      throw err
    }
    const abs = await sandbox.resolve(`movies/${name}`)
    return abs.startsWith(`${tree.media}/movies/`) && abs.split('/').length === tree.media.split('/').length + 2
  }), { numRuns: 2000 })
  t.pass('2000 names')
})
