// Issue 35 #5: a keep token is never written to the request log (/keep/<token>), and a tracker passkey in a
// link's path (…/download/<id>/<passkey>/x.torrent) is not kept in the audit trail every signed-in client reads.
import t from 'tap'
import { Writable } from 'node:stream'
import { Type } from '@sinclair/typebox'
import { defineTool } from '../../core/tool-types.js'
import { INTERNAL_PRINCIPAL } from '../../core/principal.js'
import { buildTestApp, TEST_INTERNAL_KEY } from '../helpers/build.js'
import { createRedactor } from '../../lib/audit/redact.js'
import { redactPath } from '../../lib/request-log.js'

const PASSKEY = '0123456789abcdef0123456789abcdef'
const LINK = `https://tracker.example/download/4711/${PASSKEY}/Heat.1995.1080p.torrent`

t.test('the keep page request is logged at info level without its token', async t => {
  const lines: string[] = []
  const stream = new Writable({ write (chunk, _enc, done) { lines.push(String(chunk)); done() } })
  const { app } = await buildTestApp(t, { build: { logger: { level: 'info', stream } } })
  const token = 'p6mCzQ8xKkL2vN4tR7wYbA'
  await app.inject({ url: `/keep/${token}` })
  await app.inject({ method: 'POST', url: `/keep/${token}?x=1`, payload: { why: 'film night' } })
  t.ok(lines.some(l => l.includes('/keep/[redacted]')), 'the request is logged, its token replaced')
  t.notOk(lines.some(l => l.includes(token)), 'the token is in no log line')
  t.equal(redactPath('/api/dashboard/jobs/abc/cancel'), '/api/dashboard/jobs/abc/cancel', 'other paths stay readable')
})

t.test('a passkey in a link\'s path is not kept by the audit redactor', async t => {
  const redact = createRedactor()
  t.equal(redact(LINK), 'https://tracker.example/download/4711/[redacted]/Heat.1995.1080p.torrent')
  t.equal(redact('https://tracker.example/rss/Heat.1995/2024-01-01'), 'https://tracker.example/rss/Heat.1995/2024-01-01', 'names and dates stay')
})

t.test('a tool call with such a link: the audit trail read through the dashboard has no passkey', async t => {
  const probe = defineTool({
    name: 'link_probe',
    title: 'Link probe',
    description: 'A write that takes links (test fixture).',
    inputSchema: Type.Object({ links: Type.Array(Type.String()) }, { additionalProperties: false }),
    outputSchema: Type.Object({ ok: Type.Boolean() }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    handler: async () => ({ data: { ok: true }, summary: 'done' })
  })
  const { app } = await buildTestApp(t, { web: true, build: { extraTools: [probe] } })
  await app.tools.call('link_probe', { links: [LINK] }, { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} })
  const res = await app.inject({ url: '/api/dashboard/audit', headers: { authorization: `Bearer ${TEST_INTERNAL_KEY}` } })
  t.equal(res.statusCode, 200, res.body)
  t.ok(res.body.includes('tracker.example/download/4711/'), 'the link is recorded')
  t.notOk(res.body.includes(PASSKEY), 'without its passkey')
})
