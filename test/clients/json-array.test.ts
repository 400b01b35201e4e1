// The streaming array reader: elements split at any byte (inside strings, escapes, multi-byte characters),
// nested arrays and objects, primitives, and clear refusals of what is not one JSON array.
import t from 'tap'
import { parseJsonArray } from '../../clients/json-array.js'

async function * chunks (text: string, size: number) {
  const buf = Buffer.from(text)
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size)
}

const SAMPLE = [
  { id: 1, title: 'Café Müller: "Nächte"', tags: [1, 2], nested: { a: [{ b: '}]' }] } },
  { id: 2, title: 'back\\slash \\" ,[{', images: [] },
  7, 'text', null, true, [1, [2]]
]

t.test('every element parses, whatever the chunk size', async t => {
  const text = ` \n${JSON.stringify(SAMPLE, null, 1)}\n`
  for (const size of [1, 2, 3, 7, 64, 100_000]) {
    const r = await parseJsonArray(chunks(text, size), x => x)
    t.same(r.items, SAMPLE, `chunks of ${size}`)
    t.equal(r.bytes, Buffer.byteLength(text))
  }
  t.same((await parseJsonArray(chunks('[]', 1), x => x)).items, [])
})

t.test('each element is handed over as parsed, and only what it returns is kept', async t => {
  const seen: unknown[] = []
  const r = await parseJsonArray(chunks(JSON.stringify([{ id: 1, big: 'x'.repeat(1000) }, { id: 2, big: 'y' }]), 50), x => { seen.push(x); return (x as { id: number }).id })
  t.same(r.items, [1, 2])
  t.equal(seen.length, 2)
})

t.test('what is not one JSON array is a SyntaxError', async t => {
  for (const bad of ['', '{"a":1}', '[1,2', '[1,,2]', '[{"a":}]', '[1] x', 'null']) {
    await t.rejects(parseJsonArray(chunks(bad, 3), x => x), SyntaxError, JSON.stringify(bad))
  }
})
