// Local fake LLM providers that speak each provider's real streaming wire format (OpenAI-compatible
// chat completions SSE, Gemini streamGenerateContent SSE), answering from a script.
import Fastify from 'fastify'

export type Scripted =
  | { text: string }
  | { toolCalls: Array<{ name: string, args: Record<string, unknown> }>, text?: string }
  | { status: number }

export interface FakeLlm {
  url: string
  /** Request bodies received, in order. */
  requests: any[]
  /** Replies to come; when empty, every request gets `fallback`. */
  script: Scripted[]
  close: () => Promise<void>
}

export async function startFakeLlm (kind: 'openai' | 'gemini', script: Scripted[] = [], fallback: Scripted = { text: 'ok' }): Promise<FakeLlm> {
  const app = Fastify()
  const state: FakeLlm = { url: '', requests: [], script, close: () => app.close() }
  const next = () => state.script.shift() ?? fallback

  app.post('/v1/chat/completions', async (req, reply) => {
    state.requests.push(req.body)
    const step = next()
    if ('status' in step) return reply.code(step.status).send({ error: { message: 'scripted failure' } })
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' })
    const send = (o: unknown) => reply.raw.write(`data: ${JSON.stringify(o)}\n\n`)
    const text = 'text' in step ? step.text ?? '' : ''
    // Text in several deltas, tool call arguments split across chunks, as real servers do.
    for (const piece of text.match(/.{1,7}/gs) ?? []) send({ choices: [{ index: 0, delta: { content: piece } }] })
    if ('toolCalls' in step) {
      step.toolCalls.forEach((c, index) => {
        const args = JSON.stringify(c.args)
        send({ choices: [{ index: 0, delta: { tool_calls: [{ index, id: `call_${index}_${state.requests.length}`, type: 'function', function: { name: c.name, arguments: '' } }] } }] })
        for (let i = 0; i < args.length; i += 10) send({ choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: args.slice(i, i + 10) } }] } }] })
      })
    }
    send({ choices: [{ index: 0, delta: {}, finish_reason: 'toolCalls' in step ? 'tool_calls' : 'stop' }] })
    reply.raw.end('data: [DONE]\n\n')
    return reply
  })

  app.post('/v1beta/models/:model', async (req, reply) => {
    state.requests.push(req.body)
    const step = next()
    if ('status' in step) return reply.code(step.status).send({ error: { code: step.status, message: 'scripted failure' } })
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' })
    const send = (parts: unknown[]) => reply.raw.write(`data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts } }] })}\r\n\r\n`)
    if ('text' in step && step.text) for (const piece of step.text.match(/.{1,7}/gs) ?? []) send([{ text: piece }])
    if ('toolCalls' in step) send(step.toolCalls.map(c => ({ functionCall: { name: c.name, args: c.args } })))
    reply.raw.end()
    return reply
  })

  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  state.url = `http://127.0.0.1:${port}/${kind === 'openai' ? 'v1' : 'v1beta'}`
  return state
}
