// "Providers" as the *arr APIs model them (download clients, indexer proxies, applications): an entry with
// an implementation, a configContract and a fields array. The store answers like the real services do:
// unknown field names are dropped, secret values come back masked, and POST refuses (400, a list of
// validation failures) an empty or duplicate name, an unknown implementation, a missing required field or
// a bad port. Shared by the setup additions of the Servarr and Prowlarr simulators.

export interface FieldSpec {
  name: string
  label: string
  type: 'textbox' | 'number' | 'checkbox' | 'password' | 'tag' | 'select'
  privacy?: 'normal' | 'password' | 'apiKey' | 'userName'
  required?: boolean
  default?: unknown
}

export interface ProviderSpec {
  implementation: string
  configContract: string
  fields: FieldSpec[]
  /** Extra properties of the resource (e.g. protocol for download clients). */
  extra?: Record<string, unknown>
}

export interface StoredProvider { id: number, name: string, implementation: string, tags: number[], values: Record<string, unknown>, props: Record<string, unknown> }

export interface Failure { propertyName: string, errorMessage: string, attemptedValue: unknown, severity: 'error', errorCode: string }

const MASK = '********'

function failure (propertyName: string, errorMessage: string, attemptedValue: unknown, errorCode = 'PredicateValidator'): Failure {
  return { propertyName, errorMessage, attemptedValue: attemptedValue ?? null, severity: 'error', errorCode }
}

/**
 * A provider store. `props` lists the top-level properties the resource carries besides the common ones,
 * with their defaults (e.g. enable, priority for download clients).
 */
export function createProviderStore (specs: ProviderSpec[], props: Record<string, unknown>, infoLink: string) {
  const entries: StoredProvider[] = []
  let nextId = 1

  function resource (p: StoredProvider): Record<string, unknown> {
    const spec = specs.find(s => s.implementation === p.implementation)!
    return {
      id: p.id,
      name: p.name,
      fields: spec.fields.map((f, order) => {
        const secret = f.privacy === 'password' || f.privacy === 'apiKey'
        const value = p.values[f.name] ?? f.default ?? null
        return { order, name: f.name, label: f.label, value: secret && value ? MASK : value, type: f.type, advanced: false, privacy: f.privacy ?? 'normal', isFloat: false }
      }),
      implementationName: spec.implementation,
      implementation: spec.implementation,
      configContract: spec.configContract,
      infoLink: `${infoLink}#${spec.implementation.toLowerCase()}`,
      tags: p.tags,
      ...spec.extra,
      ...p.props
    }
  }

  function add (body: Record<string, any>): { failures: Failure[] } | { resource: Record<string, unknown>, entry: StoredProvider } {
    const failures: Failure[] = []
    const name = typeof body.name === 'string' ? body.name.trim() : ''
    if (!name) failures.push(failure('Name', "'Name' must not be empty.", body.name, 'NotEmptyValidator'))
    else if (entries.some(e => e.name.toLowerCase() === name.toLowerCase())) failures.push(failure('Name', 'Should be unique', name))
    const spec = specs.find(s => s.implementation === body.implementation)
    if (!spec) failures.push(failure('Implementation', `Unknown implementation '${String(body.implementation)}'`, body.implementation))
    const values: Record<string, unknown> = {}
    for (const f of Array.isArray(body.fields) ? body.fields as Array<{ name?: string, value?: unknown }> : []) {
      if (spec?.fields.some(s => s.name === f.name)) values[f.name!] = f.value
    }
    for (const f of spec?.fields ?? []) {
      const v = values[f.name]
      if (f.required && (v === undefined || v === null || v === '')) failures.push(failure(f.name, `'${f.label}' must not be empty.`, v, 'NotEmptyValidator'))
      if (f.name === 'port' && v !== undefined && !(Number.isInteger(v) && (v as number) > 0 && (v as number) < 65536)) failures.push(failure('Port', `'Port' must be between 1 and 65535. You entered ${String(v)}.`, v, 'InclusiveBetweenValidator'))
    }
    if (failures.length) return { failures }
    const entry: StoredProvider = {
      id: nextId++,
      name,
      implementation: spec!.implementation,
      tags: Array.isArray(body.tags) ? body.tags.map(Number) : [],
      values,
      props: Object.fromEntries(Object.entries(props).map(([k, d]) => [k, body[k] ?? d]))
    }
    entries.push(entry)
    return { resource: resource(entry), entry }
  }

  return { entries, resource, add, list: () => entries.map(resource) }
}

export type ProviderStore = ReturnType<typeof createProviderStore>
