// Completion values for resource-template variables and prompt arguments: prefix matches first
// (case-insensitive), then titles with a word starting with what was typed. The SDK sends the first 100 with
// the total and hasMore; we stop counting at MAX_MATCHES so a huge list costs a bounded scan.
import type { Static, TObject } from '@sinclair/typebox'
import {
  completable, fromJsonSchema, type CompleteCallback, type JsonSchemaType, type StandardSchemaV1, type StandardSchemaWithJSON
} from '@modelcontextprotocol/server'

export const MAX_MATCHES = 1000

/** Completes one string argument from what was typed and the other arguments given so far. */
export type StringCompleter = (typed: string, context?: { arguments?: Record<string, string> }) => string[] | Promise<string[]>

export function completeFrom (values: Iterable<string>, typed: string, max = MAX_MATCHES): string[] {
  const needle = typed.trim().toLowerCase()
  const prefix: string[] = []
  const word: string[] = []
  const seen = new Set<string>()
  for (const value of values) {
    if (prefix.length >= max) break
    if (seen.has(value)) continue
    const lower = value.toLowerCase()
    if (lower.startsWith(needle)) {
      prefix.push(value)
      seen.add(value)
    } else if (needle !== '' && word.length < max && lower.split(/[\s._-]+/).some(w => w.startsWith(needle))) {
      word.push(value)
      seen.add(value)
    }
  }
  return [...prefix, ...word].slice(0, max)
}

/**
 * Prompt arguments from a TypeBox object with completions per argument, for McpServer.registerPrompt. The
 * SDK finds completable arguments on a zod-style `shape`; we give it one that carries only the completers,
 * while validation and the published argument list come from the JSON Schema (test/plugins/mcp pins this).
 */
export function completableArgs<S extends TObject> (schema: S, completers: Partial<Record<keyof Static<S> & string, StringCompleter>>): StandardSchemaWithJSON<Static<S>, Static<S>> {
  const args = fromJsonSchema<Static<S>>(schema as unknown as JsonSchemaType)
  const shape = Object.fromEntries(Object.entries(completers).map(([name, complete]) => [name, completable({} as StandardSchemaV1, complete as unknown as CompleteCallback)]))
  Object.defineProperty(args, 'shape', { value: shape })
  return args
}
