// Runs the chat loop's tools through the same registry as MCP, as the calling principal.
import { UnknownToolError, type ToolRegistry } from '../tools/registry.js'
import type { Principal } from '../../core/principal.js'
import type { ToolRunner, ToolSpec } from './types.js'

export function registryRunner (tools: ToolRegistry, principal: Principal): ToolRunner {
  return {
    list: () => tools.list().map(t => toSpec(t.name, t.description, t.inputSchema)),
    async call (name, args, signal) {
      let r
      try {
        r = await tools.call(name, args, { principal, signal, progress: async () => {}, log: async () => {} })
      } catch (err) {
        // A tool name the model made up: tell it, so it can pick a real one.
        if (err instanceof UnknownToolError) return { isError: true, text: `There is no tool named ${name}. Available tools: ${tools.names().join(', ')}.` }
        throw err
      }
      return { isError: r.isError === true, text: r.content[0]?.text ?? '', structured: r.structuredContent }
    }
  }
}

/** The model is never told about confirmToken: confirmation is the person's, handled by the loop. */
export function toSpec (name: string, description: string, inputSchema: Record<string, unknown>): ToolSpec {
  const { confirmToken: _hidden, ...properties } = (inputSchema.properties ?? {}) as Record<string, unknown>
  const required = (inputSchema.required as string[] | undefined)?.filter(r => r !== 'confirmToken')
  return { name, description, parameters: { ...inputSchema, properties, ...(required ? { required } : {}) } }
}
