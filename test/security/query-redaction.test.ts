// Finding 12.14: a token sent as ?access_token= is refused, and must not reach the logs with the request
// line. Every query value is redacted (names kept), so codes, states and client ids stay out too.
import t from 'tap'
import { Writable } from 'node:stream'
import { buildTestApp } from '../helpers/build.js'
import { redactQuery } from '../../lib/request-log.js'

t.test('a token in the query string never reaches a log line', async t => {
  const lines: string[] = []
  const stream = new Writable({ write (chunk, _enc, done) { lines.push(String(chunk)); done() } })
  const { app } = await buildTestApp(t, { build: { logger: { level: 'trace', stream } } })
  const secret = 'tok_' + 'x'.repeat(40)
  const res = await app.inject({ method: 'POST', url: `/mcp?access_token=${secret}&a=1`, payload: {} })
  t.equal(res.statusCode, 400, 'still refused')
  const refused = await app.inject({ url: `/mcp?code=${secret}`, headers: { origin: 'https://evil.example' } })
  t.equal(refused.statusCode, 403)
  t.ok(lines.length > 0, 'requests were logged')
  t.notOk(lines.some(l => l.includes(secret)), 'the secret is in no log line')
  t.ok(lines.some(l => l.includes('/mcp?access_token=[redacted]&a=[redacted]')), 'the request line keeps the names')
})

t.test('redactQuery keeps the path and every name', async t => {
  t.equal(redactQuery('/x'), '/x')
  t.equal(redactQuery('/x?'), '/x?')
  t.equal(redactQuery('/a?b=1&c&d=%20'), '/a?b=[redacted]&c=[redacted]&d=[redacted]')
})
