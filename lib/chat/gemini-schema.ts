// Translates a tool's JSON Schema into the OpenAPI-subset schema Gemini function declarations accept,
// keeping structure (objects, arrays of objects, enums, bounds, required) and dropping what it rejects.
const KEEP = new Set(['type', 'description', 'enum', 'format', 'items', 'properties', 'required', 'minimum', 'maximum',
  'minItems', 'maxItems', 'minLength', 'maxLength', 'pattern', 'nullable'])
const STRING_FORMATS = new Set(['enum', 'date-time'])

export function toGeminiSchema (schema: unknown): Record<string, unknown> {
  if (!schema || typeof schema !== 'object') return { type: 'string' }
  const s = schema as Record<string, any>
  // A union of literals (TypeBox Union of Literal) becomes an enum.
  const variants: any[] | undefined = s.anyOf ?? s.oneOf
  if (variants && variants.length > 0 && variants.every(v => v && 'const' in v)) {
    const values = variants.map(v => v.const)
    const allStrings = values.every(v => typeof v === 'string')
    return { type: allStrings ? 'string' : typeof values[0] === 'number' ? 'number' : 'string', enum: values.map(String), ...(s.description ? { description: s.description } : {}) }
  }
  if (variants && variants.length > 0) {
    return { anyOf: variants.map(toGeminiSchema), ...(s.description ? { description: s.description } : {}) }
  }
  if ('const' in s) return { type: typeof s.const === 'number' ? 'number' : 'string', enum: [String(s.const)], ...(s.description ? { description: s.description } : {}) }
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(s)) {
    if (!KEEP.has(k)) continue
    if (k === 'properties') out.properties = Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([name, sub]) => [name, toGeminiSchema(sub)]))
    else if (k === 'items') out.items = toGeminiSchema(v)
    else if (k === 'format') { if (s.type !== 'string' || STRING_FORMATS.has(v)) out.format = v } else if (k === 'enum') out.enum = (v as unknown[]).map(String)
    else out[k] = v
  }
  if (out.type === undefined) out.type = out.properties ? 'object' : out.items ? 'array' : 'string'
  if (Array.isArray(out.required) && out.properties) out.required = (out.required as string[]).filter(r => r in (out.properties as object))
  return out
}
