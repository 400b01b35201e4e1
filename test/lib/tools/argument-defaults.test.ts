// A tool's arguments with its schema's defaults (lib/tools/argument-defaults.ts): the defaults of an empty call
// are kept per tool, so each call must still get its own copy, the caller's object must stay as sent, and a
// default computed at call time must be computed at every call.
import t from 'tap'
import { Type } from '@sinclair/typebox'
import { argumentDefaults, copyArguments } from '../../../lib/tools/argument-defaults.js'

const schema = Type.Object({
  limit: Type.Integer({ default: 20 }),
  filter: Type.Object({ status: Type.Array(Type.String(), { default: ['running'] }) }, { default: {} }),
  sort: Type.Optional(Type.Union([Type.Literal('new'), Type.Literal('old')], { default: 'new' }))
})

t.test('an empty call gets the defaults, a fresh copy every time', async t => {
  const defaults = argumentDefaults(schema)
  const first = defaults({})
  t.same(first, { limit: 20, filter: { status: ['running'] }, sort: 'new' })
  // A handler that changes its arguments must not change the next call's.
  first.limit = 1
  ;(first.filter as { status: string[] }).status.push('failed')
  t.same(defaults({}), { limit: 20, filter: { status: ['running'] }, sort: 'new' }, 'the next empty call sees the schema defaults')
})

t.test("given arguments are completed on a copy: the caller's object stays as sent", async t => {
  const defaults = argumentDefaults(schema)
  const given = { filter: { status: ['failed'] } }
  t.same(defaults(given), { limit: 20, filter: { status: ['failed'] }, sort: 'new' })
  t.same(given, { filter: { status: ['failed'] } })
})

t.test('a default computed at call time is computed at every call', async t => {
  let n = 0
  const defaults = argumentDefaults(Type.Object({ stamp: Type.Integer({ default: () => ++n }) }))
  const first = defaults({}).stamp as number
  t.ok(first > 0)
  t.ok((defaults({}).stamp as number) > first, 'the second call computed its own')
})

t.test('the copy is the one structuredClone makes', async t => {
  const json = { a: [1, 'x', null, true, { b: [] }], c: { d: -0.5 } }
  const copy = copyArguments(json) as typeof json
  t.same(copy, structuredClone(json))
  t.not(copy.a, json.a, 'nested values are copied, not shared')
  // Values JSON cannot hold are copied by structuredClone itself.
  const when = new Date(0)
  const holes = [1]
  holes[2] = 3
  const dated = copyArguments({ when, holes, missing: undefined }) as { when: Date, holes: unknown[], missing: undefined }
  t.ok(dated.when instanceof Date && dated.when !== when && dated.when.getTime() === 0)
  t.equal(dated.holes.length, 3)
  t.ok('missing' in dated)
  // A key named __proto__ (JSON.parse makes one) stays a plain property.
  const proto = copyArguments(JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>
  t.equal(Object.getPrototypeOf(proto), Object.prototype)
  t.same(Object.keys(proto), ['__proto__'])
  t.throws(() => copyArguments({ f: () => 1 }), { name: 'DataCloneError' }, 'a function is refused, as before')
})
