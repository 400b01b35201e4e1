// Graceful shutdown: an open SSE stream, an idle keep-alive socket, a request in flight and a running job must
// not keep app.close() waiting, and the journal must show the job interrupted. Nothing here ends on its own within
// the test's timeout (keep-alive sockets are kept for an hour, the job never ends, the slow request is answered
// only once close has begun), so close returning at all is the shutdown's doing; no elapsed time is read.
import t from 'tap'
import http from 'node:http'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Fastify from 'fastify'
import configPlugin from '../plugins/config.js'
import jobsPlugin from '../plugins/jobs.js'
import shutdownPlugin, { trackSse } from '../plugins/shutdown.js'
import { MESSAGES } from '../lib/jobs/messages.js'
import type { JobRecord } from '../core/job-types.js'
import type { Config } from '../config.js'
import { makeRoots, testConfig } from './helpers/build.js'

async function buildServer (config: Config, { withShutdown = true } = {}) {
  const app = Fastify({ logger: false, return503OnClosing: true })
  await app.register(configPlugin, { config })
  if (withShutdown) await app.register(shutdownPlugin)
  await app.register(jobsPlugin, { shutdownGraceMs: 1_000 })
  let slowArrived: () => void = () => {}
  const slowSeen = new Promise<void>(resolve => { slowArrived = resolve })
  let answerSlow: () => void = () => {}
  const slowAnswered = new Promise<void>(resolve => { answerSlow = resolve })
  app.get('/events', (request, reply) => {
    reply.hijack()
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' })
    reply.raw.write(': connected\n\n')
    if (withShutdown) trackSse(app, reply.raw)
  })
  app.get('/fast', async () => ({ ok: true }))
  app.get('/slow', async () => {
    slowArrived()
    await slowAnswered
    return { ok: true }
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  // An idle keep-alive socket would otherwise be closed by the server's own timeout (72 s) during a slow close.
  app.server.keepAliveTimeout = 3_600_000
  const port = (app.server.address() as { port: number }).port
  return { app, port, slowSeen, answerSlow }
}

function get (agent: http.Agent, port: number, path: string) {
  return new Promise<{ status: number, headers: http.IncomingHttpHeaders, body: string }>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path, agent }, res => {
      let body = ''
      res.on('data', c => { body += c })
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
      res.on('error', reject)
    }).on('error', reject)
  })
}

/** Opens an SSE stream; `ended` resolves with everything received once the server ends it. */
function openSse (agent: http.Agent, port: number) {
  return new Promise<{ ended: Promise<string>, destroy: () => void }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/events', agent }, res => {
      let text = ''
      const ended = new Promise<string>(resolve => {
        res.on('end', () => resolve(text))
        res.on('close', () => resolve(text))
      })
      res.once('data', () => resolve({ ended, destroy: () => req.destroy() }))
      res.on('data', c => { text += c })
    })
    req.on('error', reject)
  })
}

function journal (state: string): JobRecord[] {
  return (JSON.parse(readFileSync(join(state, 'jobs.json'), 'utf8')) as { jobs: JobRecord[] }).jobs
}

t.test('close finishes quickly with an open SSE stream, keep-alive sockets and a running job', async t => {
  const roots = makeRoots()
  t.teardown(roots.cleanup)
  const config = testConfig(roots)
  const { app, port, slowSeen, answerSlow } = await buildServer(config)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 })
  t.teardown(() => agent.destroy())

  const finished = app.jobs.start({ kind: 'quick', owner: 'internal', description: 'finishes before shutdown', run: async () => ({ ok: 1 }) })
  await app.jobs.wait(finished.id, 5_000)
  const running = app.jobs.start({
    kind: 'move',
    owner: 'internal',
    description: 'Move a large folder',
    run: job => new Promise((_resolve, reject) => {
      job.progress(30, 'copying')
      job.signal.addEventListener('abort', () => {
        job.setInverse({ moves: [{ from: '/downloads/x', to: '/data/movies/x' }] })
        reject(job.signal.reason)
      })
    })
  })

  const sse = await openSse(agent, port)
  t.equal((await get(agent, port, '/fast')).status, 200, 'leaves an idle keep-alive socket')
  const slow = get(agent, port, '/slow')
  await slowSeen

  const closed = app.close()
  // Answered once close has begun, so its keep-alive socket must be closed by the shutdown plugin.
  while (!app.sseTracker.closing) await new Promise(resolve => setImmediate(resolve))
  answerSlow()
  await closed

  const slowAnswer = await slow
  t.equal(slowAnswer.status, 200, 'the request in flight was answered')
  t.equal(slowAnswer.headers.connection, 'close')
  t.match(await sse.ended, /event: shutdown/, 'the SSE stream got a final event and was ended')

  const record = journal(roots.state).find(j => j.id === running.id)!
  t.equal(record.status, 'interrupted')
  t.equal(record.message, MESSAGES.shutdownRunning)
  t.same(record.inverse, { moves: [{ from: '/downloads/x', to: '/data/movies/x' }] }, 'its checkpoint was flushed')

  // A rebuilt app on the same STATE_DIR shows the same history.
  const again = await buildServer(config)
  t.teardown(() => again.app.close())
  t.equal(again.app.jobs.get(running.id)?.status, 'interrupted')
  t.equal(again.app.jobs.get(running.id)?.message, MESSAGES.shutdownRunning)
  t.same(again.app.jobs.get(finished.id)?.result, { ok: 1 })
  t.equal(again.app.jobs.get(finished.id)?.status, 'succeeded')
})

t.test('without the shutdown plugin an open SSE stream keeps close waiting (the problem being solved)', async t => {
  const roots = makeRoots()
  t.teardown(roots.cleanup)
  const { app, port } = await buildServer(testConfig(roots), { withShutdown: false })
  const agent = new http.Agent({ keepAlive: true })
  t.teardown(() => agent.destroy())
  const sse = await openSse(agent, port)
  const closed = app.close().then(() => 'closed')
  const winner = await Promise.race([closed, new Promise(resolve => setTimeout(() => resolve('still open'), 700))])
  t.equal(winner, 'still open')
  sse.destroy()
  await closed
})

t.test('trackSse explains a missing plugin', async t => {
  const app = Fastify({ logger: false })
  t.throws(() => trackSse(app, {} as http.ServerResponse), /needs the shutdown plugin/)
})
