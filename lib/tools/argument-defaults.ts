// A tool's arguments with the defaults of its input schema filled in, on a copy (Value.Default fills in place and
// the caller's object must stay as it was sent). Both steps ran on every call and cost more than a light tool:
// structuredClone goes through the serializer even for `{}`, and Value.Default walks the whole schema. Here JSON
// data is copied directly, and the defaults of an empty call (the commonest: a listing with no arguments) are
// computed once per tool when no default is computed at call time. Same values as before, less work.
import type { TObject } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

export type ArgumentDefaults = (raw: object) => Record<string, unknown>

export function argumentDefaults (schema: TObject): ArgumentDefaults {
  // A default given as a function is computed by Value.Default at each call: nothing can be kept then.
  let empty: Record<string, unknown> | undefined
  const keepEmpty = !hasComputedDefault(schema)
  return raw => {
    if (keepEmpty && Object.keys(raw).length === 0) {
      empty ??= Value.Default(schema, {}) as Record<string, unknown>
      return copyArguments(empty) as Record<string, unknown>
    }
    return Value.Default(schema, copyArguments(raw)) as Record<string, unknown>
  }
}

/**
 * The same copy structuredClone makes of JSON data (plain objects, arrays, strings, numbers, booleans, null),
 * made directly; anything else (a Date, a Map, a class instance, a function) goes to structuredClone as before.
 */
export function copyArguments (value: unknown): unknown {
  const copy = copyJson(value)
  return copy === NOT_JSON ? structuredClone(value) : copy
}

const NOT_JSON = Symbol('not JSON')

function copyJson (value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return value
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length)
    for (let i = 0; i < value.length; i++) {
      // A hole, or an own property beside the elements, is left to structuredClone.
      if (!(i in value)) return NOT_JSON
      const item = copyJson(value[i])
      if (item === NOT_JSON) return NOT_JSON
      out[i] = item
    }
    return Object.keys(value).length === value.length ? out : NOT_JSON
  }
  if (typeof value !== 'object') return NOT_JSON
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return NOT_JSON
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    // Assigning "__proto__" would set the copy's prototype instead of a property.
    if (key === '__proto__') return NOT_JSON
    const item = copyJson((value as Record<string, unknown>)[key])
    if (item === NOT_JSON) return NOT_JSON
    out[key] = item
  }
  return out
}

function hasComputedDefault (schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false
  if (typeof (schema as { default?: unknown }).default === 'function') return true
  return Object.values(schema).some(hasComputedDefault)
}
