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

t.test('with fields, an object element is parsed with only those members, whatever the chunk size', async t => {
  const rows = [
    { id: 1, images: [{ url: 'a,b}' }], title: 'Café "Nächte"', ratings: { imdb: { value: 7 } }, tags: [1] },
    { images: [], id: 2, title: 'back\\slash', overview: 'x'.repeat(300) },
    { id: 3 },
    { overview: '{[', alternateTitles: [{ title: ']}' }] },
    { title: 'escaped name', id: 4 }, // sent with its name escaped (below)
    7, 'text', [1, { images: 1 }]
  ]
  const text = JSON.stringify(rows, null, 1).replace('"title": "escaped name"', '"ti\\u0074le": "escaped name"')
  const fields = new Set(['id', 'title', 'tags'])
  const expected = [
    { id: 1, title: 'Café "Nächte"', tags: [1] },
    { id: 2, title: 'back\\slash' },
    { id: 3 },
    {},
    { title: 'escaped name', id: 4 },
    7, 'text', [1, { images: 1 }]
  ]
  for (const size of [1, 2, 3, 5, 7, 16, 64, 100_000]) {
    const r = await parseJsonArray(chunks(text, size), x => x, { fields })
    // A member whose name or separator arrived in an earlier chunk may be kept: never one named in fields lost.
    for (const [i, item] of r.items.entries()) {
      const want = expected[i] as Record<string, unknown>
      if (typeof want !== 'object' || Array.isArray(want)) { t.same(item, want, `element ${i}, chunks of ${size}`); continue }
      t.same(Object.fromEntries(Object.entries(item as Record<string, unknown>).filter(([k]) => fields.has(k))), want, `element ${i}, chunks of ${size}`)
    }
    if (size === 100_000) t.same(r.items, expected, 'nothing else kept when the answer is one chunk')
    t.equal(r.bytes, Buffer.byteLength(text))
  }
})

t.test('a member that is skipped is never parsed: what JSON.parse is handed is the kept members alone', async t => {
  const parsed: string[] = []
  const parse = JSON.parse
  JSON.parse = ((text: string) => { parsed.push(text); return parse(text) }) as typeof JSON.parse
  try {
    await parseJsonArray(chunks(JSON.stringify([{ id: 1, big: 'x'.repeat(5000), title: 'a' }]), 100_000), x => x, { fields: new Set(['id', 'title']) })
  } finally {
    JSON.parse = parse
  }
  t.same(parsed, ['{"id":1,"title":"a"}'])
})
