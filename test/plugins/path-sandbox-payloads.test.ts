// Every line of every path-traversal list (test/fixtures/payloads/path-traversal), raw and URL-decoded, as a
// media-relative, downloads/ and absolute input, against a tree full of escaping symlinks: each is refused or
// resolves strictly inside a root. Weird-but-legal names inside a root are fine; escapes must be zero.
import t from 'tap'
import { createPathSandbox } from '../../lib/sandbox/sandbox.js'
import { GuardError } from '../../core/errors.js'
import { isInsideRootsForReal, makeHostileTree, readPayloads, traversalForms } from '../helpers/payloads.js'

const tree = makeHostileTree()
t.teardown(tree.cleanup)
const sandbox = await createPathSandbox({ mediaRoot: tree.media, downloadsRoot: tree.downloads })
const roots = [tree.media, tree.downloads]

const payloads = readPayloads('path-traversal')
// Each distinct form once (the lists overlap a lot), as a media-relative, a downloads/ and an absolute input.
const seen = new Set<string>()
const inputs: Array<{ where: string, input: string }> = []
for (const p of payloads) {
  for (const form of traversalForms(p.text)) {
    if (seen.has(form)) continue
    seen.add(form)
    const where = `${p.file}:${p.line}`
    for (const input of [form, `downloads/${form}`, `${tree.media}/${form}`]) inputs.push({ where, input })
  }
}

let refused = 0
let inside = 0
const escapes: string[] = []
const unexpected: string[] = []
const BATCH = 128
for (let i = 0; i < inputs.length; i += BATCH) {
  await Promise.all(inputs.slice(i, i + BATCH).map(async ({ where, input }) => {
    try {
      const abs = await sandbox.resolve(input)
      if (isInsideRootsForReal(abs, roots)) inside++
      else escapes.push(`${where} ${JSON.stringify(input)} -> ${abs}`)
    } catch (err) {
      if (err instanceof GuardError) refused++
      else unexpected.push(`${where} ${JSON.stringify(input)}: ${String(err)}`)
    }
  }))
}

t.comment(`${payloads.length} payload lines, ${inputs.length} inputs: ${refused} refused, ${inside} inside a root, ${escapes.length} escapes`)
t.ok(payloads.length > 28_000, 'all six lists were read')
t.same(escapes, [], 'no input resolves outside a root')
t.same(unexpected, [], 'every refusal is a GuardError (no raw fs error)')
t.equal(refused + inside, inputs.length)
t.ok(refused > 0 && inside > 0)
