// Small tools the MCP transport tests call: echo with a bounded argument, identity, and a slow call that
// reports progress and logs, and one that waits until it is cancelled.
import { Type } from '@sinclair/typebox'
import { defineTool, type ToolDefinition } from '../../../core/tool-types.js'

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }

/**
 * A hold on slow_steps' last step, for a test that must act while a call surely runs (on a loaded machine a few
 * 20 ms steps can end before the test's next request arrives): hold(), wait until `waiting` counts the call (its
 * earlier steps are logged by then), act, release(). Off unless a test holds it. `finished` counts the calls done.
 */
export const slowStepsHold = (() => {
  let gate: Promise<void> | undefined
  let open = () => {}
  const hold = {
    waiting: 0,
    /** Calls whose handler has returned. */
    finished: 0,
    hold () { gate = new Promise<void>(resolve => { open = resolve }) },
    release () { gate = undefined; open() },
    async pass () {
      if (!gate) return
      hold.waiting++
      try { await gate } finally { hold.waiting-- }
    }
  }
  return hold
})()

export const mcpTestTools: ToolDefinition<any, any>[] = [
  defineTool({
    name: 'echo_text',
    title: 'Echo',
    description: 'Echoes the text back.',
    inputSchema: Type.Object({
      text: Type.String({ maxLength: 20, description: 'Text to echo (at most 20 characters)' })
    }, { additionalProperties: false }),
    outputSchema: Type.Object({ echo: Type.String({ description: 'The same text' }) }),
    annotations: readOnly,
    handler: async ({ text }) => ({ data: { echo: text }, summary: `Echo: ${text}` })
  }),
  defineTool({
    name: 'who_am_i',
    title: 'Who am I',
    description: 'Returns the calling principal.',
    inputSchema: Type.Object({}, { additionalProperties: false }),
    outputSchema: Type.Object({ id: Type.String({ description: 'Principal id' }), kind: Type.String({ description: 'Principal kind' }) }),
    annotations: readOnly,
    handler: async (_args, ctx) => ({ data: { id: ctx.principal.id, kind: ctx.principal.kind }, summary: ctx.principal.id })
  }),
  defineTool({
    name: 'slow_steps',
    title: 'Slow steps',
    description: 'Takes a few steps, reporting progress and logging each.',
    inputSchema: Type.Object({
      steps: Type.Integer({ minimum: 1, maximum: 10, default: 3, description: 'How many steps' })
    }, { additionalProperties: false }),
    outputSchema: Type.Object({ done: Type.Integer({ description: 'Steps done' }) }),
    annotations: readOnly,
    handler: async ({ steps }, ctx) => {
      for (let i = 1; i <= steps; i++) {
        if (i === steps) await slowStepsHold.pass()
        await new Promise(resolve => setTimeout(resolve, 20))
        await ctx.progress(i, steps, `step ${i}`)
        await ctx.log('info', { step: i })
      }
      slowStepsHold.finished++
      return { data: { done: steps }, summary: `Done ${steps} steps` }
    }
  })
]
