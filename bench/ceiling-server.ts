// The ceiling the MCP rows of `npm run bench` are measured against: a bare Fastify server in its own process
// (no hooks, no authentication, no plugins: a route inside the app would pay the app's hooks and lower the
// ceiling), answering a JSON POST with exactly the bytes and content type stored for the row.
// Prints "listening <url>" when ready.
import Fastify from 'fastify'

interface Stored { type: string, bytes: string }

const app = Fastify({ logger: false, bodyLimit: 16 * 1024 * 1024 })
const replies = new Map<string, Stored>()
app.put<{ Params: { row: string }, Body: Stored }>('/store/:row', async request => {
  replies.set(request.params.row, request.body)
  return { ok: true }
})
app.post<{ Params: { row: string } }>('/reply/:row', async (request, reply) => {
  const stored = replies.get(request.params.row)
  if (!stored) return await reply.code(404).send({ error: `nothing stored for ${request.params.row}` })
  return await reply.type(stored.type).send(stored.bytes)
})
const address = await app.listen({ port: 0, host: '127.0.0.1' })
console.log(`listening ${address}`)
const stop = () => { app.close().finally(() => process.exit(0)) }
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
