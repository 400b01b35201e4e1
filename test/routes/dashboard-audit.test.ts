// The audit trail over HTTP: GET /api/dashboard/audit (filters, paging, no secrets), the dashboard's own
// actions and setup runs recorded, and both refused with 503 (nothing done) when the entry cannot be stored.
import t from 'tap'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { Value } from '@sinclair/typebox/value'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { defineTool } from '../../core/tool-types.js'
import { INTERNAL_PRINCIPAL } from '../../core/principal.js'
import { AuditSection } from '../../routes/api/dashboard/audit.js'
import { AUDIT_FILE } from '../../lib/audit/store.js'
import { secretsPath } from '../../lib/setup/secrets-file.js'
import { buildTestApp, TEST_INTERNAL_KEY } from '../helpers/build.js'
import { abortable, deferred } from '../plugins/jobs-helpers.js'
import { startSetupStack } from '../setup/stack.js'

const auth = { authorization: `Bearer ${TEST_INTERNAL_KEY}` }
const PASSKEY = 'f00dfacecafebeef0123456789'

const probe = defineTool({
  name: 'audit_probe',
  title: 'Audit probe',
  description: 'A write with secret-looking arguments (test fixture).',
  inputSchema: Type.Object({ url: Type.String(), apiKey: Type.String() }, { additionalProperties: false }),
  outputSchema: Type.Object({ ok: Type.Boolean() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async () => ({ data: { ok: true }, summary: 'done' })
})

function runningJob (app: FastifyInstance) {
  app.jobs.defineKind('test-audit', { concurrency: 1, queueLimit: 5 })
  const started = deferred()
  const job = app.jobs.start({ kind: 'test-audit', owner: 'internal', description: 'Waits', run: async j => { started.resolve(undefined); await abortable(j.signal) } })
  return { job, started: started.promise }
}

/** Makes the audit database unopenable (root ignores permission bits): a folder where the file goes. */
function breakAudit (app: FastifyInstance, stateDir: string) {
  app.audit.store.close()
  const file = join(stateDir, AUDIT_FILE)
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true })
  mkdirSync(file)
}

t.test('GET /api/dashboard/audit lists changes with who, targets and outcome, filters and pages, and shows no secret', async t => {
  const { app } = await buildTestApp(t, { web: true, build: { extraTools: [probe] } })
  const ctx = { principal: { ...INTERNAL_PRINCIPAL, actor: 'telegram:3:4' }, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
  await app.tools.call('audit_probe', { url: `https://tracker.example/announce?passkey=${PASSKEY}`, apiKey: TEST_INTERNAL_KEY }, ctx)
  const { job, started } = runningJob(app)
  await started
  const cancel = await app.inject({ method: 'POST', url: `/api/dashboard/jobs/${job.id}/cancel`, headers: auth })
  t.equal(cancel.statusCode, 200, cancel.body)
  const again = await app.inject({ method: 'POST', url: '/api/dashboard/jobs/no-such-job/cancel', headers: auth })
  t.equal(again.statusCode, 404)

  const res = await app.inject({ method: 'GET', url: '/api/dashboard/audit', headers: auth })
  t.equal(res.statusCode, 200, res.body)
  for (const secret of [PASSKEY, TEST_INTERNAL_KEY]) t.notOk(res.body.includes(secret), 'no secret in the answer')
  const body = res.json()
  t.ok(Value.Check(AuditSection, body))
  t.match(body, { total: 3, hasMore: false })
  t.match(body.items, [
    { source: 'dashboard', action: 'dashboard.cancel_job', who: 'internal', outcome: 'refused', error: 'answered HTTP 404', targets: { jobId: 'no-such-job' }, summary: 'dashboard.cancel_job jobId: no-such-job: refused' },
    { source: 'dashboard', action: 'dashboard.cancel_job', outcome: 'ok', targets: { jobId: job.id } },
    { source: 'tool', action: 'audit_probe', who: 'internal for telegram:3:4', outcome: 'ok', arguments: { url: 'https://tracker.example/announce?passkey=[redacted]', apiKey: '[redacted]' } }
  ])

  const filtered = (await app.inject({ method: 'GET', url: '/api/dashboard/audit?action=audit_probe', headers: auth })).json()
  t.same(filtered.items.map((i: any) => i.action), ['audit_probe'])
  const byBot = (await app.inject({ method: 'GET', url: '/api/dashboard/audit?principal=telegram:3:4', headers: auth })).json()
  t.equal(byBot.total, 1)
  const page = (await app.inject({ method: 'GET', url: '/api/dashboard/audit?limit=2&offset=0', headers: auth })).json()
  t.match(page, { total: 3, limit: 2, hasMore: true })
  t.equal((await app.inject({ method: 'GET', url: '/api/dashboard/audit' })).statusCode, 401, 'behind bearer auth')
  t.equal((await app.inject({ method: 'GET', url: '/api/dashboard/audit?limit=0', headers: auth })).statusCode, 400)
})

t.test('a dashboard action whose entry cannot be stored answers 503 and does nothing', async t => {
  const { app, roots } = await buildTestApp(t, { web: true })
  const { job, started } = runningJob(app)
  await started
  breakAudit(app, roots.state)
  const res = await app.inject({ method: 'POST', url: `/api/dashboard/jobs/${job.id}/cancel`, headers: auth })
  t.equal(res.statusCode, 503)
  t.match(res.json(), { error: 'audit_unavailable', message: /^Not done: every change is recorded in the audit log first, and the audit log .* cannot be written/, hint: /STATE_DIR/ })
  t.equal(app.jobs.get(job.id)!.status, 'running', 'the job was not cancelled')
  t.equal((await app.inject({ method: 'GET', url: '/api/dashboard/audit', headers: auth })).statusCode, 503, 'the panel says why it is empty')
  app.jobs.cancel(job.id)
})

t.test('setup runs are recorded with the steps they ran, the admin password redacted; refused when they cannot be', async t => {
  const stack = await startSetupStack(t)
  const { app } = await buildTestApp(t, { settings: stack.config })
  const payload = { steps: ['key.sonarr'], jellyfin: { username: 'admin', password: 'admin-password' } }

  const dry = await app.inject({ method: 'POST', url: '/api/setup', headers: auth, payload: { ...payload, dryRun: true } })
  t.equal(dry.statusCode, 200, dry.body)
  t.equal(app.audit.store.list({ offset: 0, limit: 10 }).total, 0, 'a dry run changes nothing and is not recorded')

  const run = await app.inject({ method: 'POST', url: '/api/setup', headers: auth, payload })
  t.equal(run.statusCode, 200, run.body)
  const [e] = app.audit.store.list({ offset: 0, limit: 10 }).items
  t.match(e, { source: 'setup', action: 'setup', outcome: 'ok', principal: { id: 'internal' }, args: { steps: ['key.sonarr'], jellyfin: { username: 'admin', password: '[redacted]' } }, targets: [{ step: 'key.sonarr', status: 'done' }] })
  t.notOk(JSON.stringify(e).includes('admin-password'))

  rmSync(secretsPath(stack.config.STATE_DIR))
  breakAudit(app, stack.config.STATE_DIR)
  const refused = await app.inject({ method: 'POST', url: '/api/setup', headers: auth, payload })
  t.equal(refused.statusCode, 503, refused.body)
  t.match(refused.json(), { error: 'audit_unavailable' })
  t.notOk(existsSync(secretsPath(stack.config.STATE_DIR)), 'no key was stored')
})
