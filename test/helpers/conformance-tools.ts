// The MCP conformance suite's fixture tools ("everything server" names), registered through app.tools so the
// suite exercises our own transport and registry. Fixtures whose results the registry cannot express (image,
// audio and embedded-resource blocks, client requests) are raw protocol tools: test/helpers/conformance-features.ts.
import { Type } from '@sinclair/typebox'
import { defineTool, type ToolDefinition } from '../../core/tool-types.js'
import { ToolError } from '../../core/errors.js'

const NoArgs = Type.Object({}, { additionalProperties: false })
const Message = Type.Object({ message: Type.String({ description: 'What happened' }) })
const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }
const sleep = (ms: number, signal: AbortSignal) => new Promise<void>((resolve, reject) => {
  const timer = setTimeout(resolve, ms)
  signal.addEventListener('abort', () => { clearTimeout(timer); reject(new Error('cancelled')) }, { once: true })
})

export const conformanceTools: ToolDefinition<any, any>[] = [
  defineTool({
    name: 'test_simple_text',
    title: 'Simple text',
    description: 'Returns a fixed text (conformance fixture).',
    inputSchema: NoArgs,
    outputSchema: Message,
    annotations: readOnly,
    handler: async () => ({ data: { message: 'This is a simple text response for testing.' }, summary: 'This is a simple text response for testing.' })
  }),
  defineTool({
    name: 'test_tool_with_logging',
    title: 'Tool with logging',
    description: 'Sends three info log messages about 50 ms apart, then answers (conformance fixture).',
    inputSchema: NoArgs,
    outputSchema: Message,
    annotations: readOnly,
    handler: async (_args, ctx) => {
      await ctx.log('info', 'Tool execution started')
      await sleep(50, ctx.signal)
      await ctx.log('info', 'Tool processing data')
      await sleep(50, ctx.signal)
      await ctx.log('info', 'Tool execution completed')
      return { data: { message: 'Logging test completed' }, summary: 'Logging test completed' }
    }
  }),
  defineTool({
    name: 'test_error_handling',
    title: 'Error handling',
    description: 'Always fails with a tool error (conformance fixture).',
    inputSchema: NoArgs,
    outputSchema: Message,
    annotations: readOnly,
    handler: async () => { throw new ToolError('This tool intentionally returns an error for testing') }
  }),
  defineTool({
    name: 'test_tool_with_progress',
    title: 'Tool with progress',
    description: 'Reports progress 0, 50 and 100 of 100 about 50 ms apart (conformance fixture).',
    inputSchema: NoArgs,
    outputSchema: Message,
    annotations: readOnly,
    handler: async (_args, ctx) => {
      for (const step of [0, 50, 100]) {
        await ctx.progress(step, 100, `Completed step ${step} of 100`)
        if (step < 100) await sleep(50, ctx.signal)
      }
      return { data: { message: 'Progress test completed' }, summary: 'Progress test completed' }
    }
  }),
  defineTool({
    name: 'test_logging_tool',
    title: 'Logging tool',
    description: 'Logs one info message, then answers; no log may reach a client that set no log level (2026-07-28 diagnostic fixture).',
    inputSchema: NoArgs,
    outputSchema: Message,
    annotations: readOnly,
    handler: async (_args, ctx) => {
      await ctx.log('info', 'Logging tool ran')
      return { data: { message: 'Logged once' }, summary: 'Logged once' }
    }
  })
]
