// How a TypeBox schema is published in tools/list, portable across clients' and model providers' schema
// subsets: a field with a default is optional (the registry fills the default in before validating), and a
// choice of constants is a plain `enum` rather than an `anyOf` of `const`. Output schemas are for clients
// (they validate structuredContent against them; models never read them), so their published copy keeps what
// validation needs (types, required, enums, nesting) and drops the prose and the server-side guarantees:
// that halves tools/list on the wire. The registry keeps validating against the original schemas, descriptions
// included; only the published copy changes.

type Json = Record<string, unknown>

export interface PublishOptions {
  /** Drop defaulted fields from `required` (inputs: the caller may leave them out). */
  defaultsOptional: boolean
  /** Outputs: publish only what validates structuredContent (see OUTPUT_ONLY_DOCS). */
  forValidation?: boolean
}

/**
 * Keywords an output schema's published copy leaves out: prose and examples, and guarantees the server checks
 * before it answers (bounds, patterns, closed objects). Leaving them out never makes a real answer invalid.
 */
const OUTPUT_ONLY_DOCS = new Set(['description', 'title', 'examples', 'default', 'additionalProperties',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems',
  'pattern', 'format'])

export function publishSchema (schema: unknown, opts: PublishOptions): Json {
  return transform(JSON.parse(JSON.stringify(schema)), opts) as Json
}

function transform (node: unknown, opts: PublishOptions): unknown {
  if (Array.isArray(node)) return node.map(n => transform(n, opts))
  if (node === null || typeof node !== 'object') return node
  const out: Json = {}
  for (const [key, value] of Object.entries(node)) {
    // A schema-valued additionalProperties (a record's values) is shape, not a guarantee: it stays.
    if (opts.forValidation && OUTPUT_ONLY_DOCS.has(key) && !(key === 'additionalProperties' && typeof value === 'object')) continue
    // `properties` maps names to schemas; every other object-valued keyword holds a schema or schemas.
    out[key] = key === 'properties' ? mapValues(value as Json, v => transform(v, opts)) : transform(value, opts)
  }
  if (opts.forValidation && out.properties) out.properties = optionalAsTypeOnly(out.properties as Record<string, Json>, out.required)
  // A constant already fixes its type: the `type` TypeBox adds beside it validates nothing more.
  const constType: string = typeof out.const
  if (opts.forValidation && 'const' in out && out.type === constType) delete out.type
  if (opts.defaultsOptional && Array.isArray(out.required) && out.properties) {
    const properties = out.properties as Record<string, Json>
    const required = (out.required as string[]).filter(name => properties[name]?.default === undefined)
    if (required.length > 0) out.required = required
    else delete out.required
  }
  return asEnum(out)
}

/**
 * Outputs: an optional field keeps its name and type but not its inner structure (an object or array field
 * publishes only `type`). Every required field keeps its full shape, so what a client may rely on is complete.
 */
function optionalAsTypeOnly (properties: Record<string, Json>, required: unknown): Json {
  const always = new Set(Array.isArray(required) ? required : [])
  return mapValues(properties, (schema, name) => always.has(name) ? schema : typeOnly(schema as Json))
}

function typeOnly (schema: Json): Json {
  if (Array.isArray(schema.anyOf)) return { anyOf: (schema.anyOf as Json[]).map(typeOnly) }
  if (schema.type === 'object' || schema.type === 'array') return { type: schema.type }
  return schema
}

/** `{ anyOf: [{ const: 'a' }, { const: 'b' }], ...rest }` → `{ type: 'string', enum: ['a', 'b'], ...rest }`. */
function asEnum (node: Json): Json {
  const variants = node.anyOf
  if (!Array.isArray(variants) || variants.length === 0) return node
  if (!variants.every(v => isBareConst(v))) return node
  const values = variants.map(v => (v as Json).const)
  const types = new Set(values.map(v => typeof v))
  if (types.size !== 1) return node
  const type = typeof values[0] === 'number' ? (values.every(Number.isInteger) ? 'integer' : 'number') : typeof values[0]
  const { anyOf, ...rest } = node
  return { type, enum: values, ...rest }
}

/** A variant that says nothing but its constant (and the type TypeBox adds to a literal). */
function isBareConst (v: unknown): boolean {
  if (v === null || typeof v !== 'object' || !('const' in v)) return false
  const c = (v as Json).const
  if (!['string', 'number', 'boolean'].includes(typeof c)) return false
  return Object.keys(v).every(k => k === 'const' || k === 'type')
}

function mapValues (obj: Json, fn: (v: unknown, key: string) => unknown): Json {
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, fn(v, k)]))
}
