// /api/setup: GET shows what is configured and reachable and the state of each setup step; POST runs the
// steps (lib/setup). Behind the origin guard (global hook) and bearer auth; POST changes the stack, so it
// also needs the `setup` scope (the internal key has it; OAuth tokens get it only on the approval page).
// Keys found are stored in STATE_DIR/secrets.env and apply at the next start; they are never returned.
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Type, type Static } from '@sinclair/typebox'
import type { ApiRoute } from './kit/api-route.js'
import { allBackends } from '../../plugins/backends.js'
import type { ProbeResult } from '../../clients/http.js'
import { DeadlineError, withDeadline } from '../../core/deadline.js'
import { DEFAULT_CONFIG_ROOT, resolveRequestedRoot } from '../../lib/setup/config-root.js'
import { SetupInputError, runSetup } from '../../lib/setup/run.js'
import { secretsPath } from '../../lib/setup/secrets-file.js'
import { setupStatus } from '../../lib/setup/status.js'
import { STEP_GROUPS, STEP_IDS, type SetupReport } from '../../lib/setup/types.js'
import { SetupRunResult, SetupStatusBody, StepName } from '../../lib/setup/schemas.js'
import { apiScope } from './kit/scope.js'
import { auditRefused } from './kit/audit-refused.js'
import { recordAction } from '../../lib/audit/action.js'
import { AuditUnavailableError } from '../../lib/audit/store.js'
import { auditPrincipal } from '../../lib/audit/tool-calls.js'

export interface SetupRouteOptions {
  /** The folder holding <service>/config.xml; default SETUP_CONFIG_ROOT, else /stack-config. */
  configRoot?: string
}

export const SetupBody = Type.Object({
  steps: Type.Optional(Type.Array(StepName, { maxItems: 32, description: `Steps or groups to run; default all. Groups: ${Object.keys(STEP_GROUPS).join(', ')}.` })),
  configRoot: Type.Optional(Type.String({ maxLength: 1024, description: 'The configured config root or a folder inside it (anything else is refused; the CLI accepts any folder)' })),
  dryRun: Type.Optional(Type.Boolean({ description: 'Only check: report what would be done (status planned), change nothing' })),
  jellyfin: Type.Optional(Type.Object({
    adminToken: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'A Jellyfin administrator token (used once, never stored)' })),
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'A Jellyfin administrator name (used once)' })),
    password: Type.Optional(Type.String({ maxLength: 1024, description: 'Its password (used once, never stored or logged)' }))
  }, { additionalProperties: false, description: 'One-off admin credential for creating or reusing the "mediastack-mcp" API key' }))
}, { additionalProperties: false })

const tags = ['setup']
export const SETUP_ROUTES = {
  status: {
    method: 'GET',
    url: '/api/setup',
    schema: {
      summary: 'Setup status',
      description: 'Each backend: URL, key present or missing (never the value), reachable and version; the stored keys and whether a restart is needed to apply them; each setup step as a dry run would report it (already_done, planned, skipped, failed).',
      tags,
      response: { 200: SetupStatusBody }
    }
  },
  run: {
    method: 'POST',
    url: '/api/setup',
    schema: {
      summary: 'Run setup',
      description: `Runs the setup steps idempotently (${STEP_IDS.join(', ')}): keys found in the services' config.xml or created in Jellyfin are stored in STATE_DIR/secrets.env (0600) and apply at the next start; the stack is wired only where no equivalent entry exists. Needs the setup scope.`,
      tags,
      body: SetupBody,
      response: { 200: SetupRunResult }
    },
    errors: { 403: 'The token lacks the setup scope', 409: 'Another setup run is in progress', 503: 'The audit log cannot be written, so nothing ran' }
  }
} satisfies Record<string, ApiRoute>

export default fp<SetupRouteOptions>(async function setupRoutes (app, opts) {
  const configuredRoot = opts.configRoot ?? (app.config as { SETUP_CONFIG_ROOT?: string }).SETUP_CONFIG_ROOT ?? DEFAULT_CONFIG_ROOT
  let running = false

  await app.register(apiScope(async function setupApi (child: FastifyInstance) {
    child.route({
      ...SETUP_ROUTES.status,
      handler: async (request) => setupStatus(child.config, { configRoot: configuredRoot, probes: await probes(child), log: request.log })
    })

    child.route<{ Body: Static<typeof SetupBody> }>({
      ...SETUP_ROUTES.run,
      preHandler: requireSetupScope,
      handler: async (request, reply) => {
        if (running) return reply.code(409).send({ error: 'setup_running', message: 'Another setup run is in progress.', hint: 'Wait for it to finish, then check GET /api/setup.' })
        running = true
        try {
          const body = request.body
          const configRoot = await resolveRequestedRoot(configuredRoot, body.configRoot)
          const admin = body.jellyfin
          const run = () => runSetup(child.config, {
            steps: body.steps,
            configRoot,
            dryRun: body.dryRun ?? false,
            jellyfinAdmin: admin ? { token: admin.adminToken, username: admin.username, password: admin.password } : undefined
          }, request.log)
          // A dry run changes nothing; a real run is recorded in the audit trail first (lib/audit).
          const report = body.dryRun ? await run() : await auditedSetup(child, request, run)
          return { ...report, secretsFile: secretsPath(child.config.STATE_DIR), message: summary(report) }
        } catch (err) {
          if (err instanceof SetupInputError) return reply.code(400).send({ error: 'invalid_request', message: err.message })
          if (err instanceof AuditUnavailableError) return auditRefused(reply, err)
          throw err
        } finally {
          running = false
        }
      }
    })
  }))
}, { name: 'setup-routes', dependencies: ['auth', 'origin-guard', 'backends', 'audit'] })

/** Runs setup with an audit entry: who, the steps asked for, and each step's status as the outcome. */
function auditedSetup (app: FastifyInstance, request: FastifyRequest<{ Body: Static<typeof SetupBody> }>, run: () => Promise<SetupReport>) {
  const { store, redact } = app.audit
  return recordAction(store, { source: 'setup', action: 'setup', principal: auditPrincipal(request.principal!), args: redact(request.body) }, run, report => {
    const failed = report.results.filter(r => r.status === 'failed').map(r => r.step)
    const targets = report.results.map(r => ({ step: r.step, status: r.status }))
    return failed.length ? { outcome: 'error', error: `failed steps: ${failed.join(', ')}`, targets } : { outcome: 'ok', targets }
  }, err => err instanceof SetupInputError ? err.message : undefined)
}

/** 403 with what to do: only the internal key or an OAuth grant approved with the passphrase carries `setup`. */
async function requireSetupScope (request: FastifyRequest, reply: FastifyReply) {
  if (request.principal?.scopes.includes('setup')) return
  return reply.code(403)
    .header('www-authenticate', 'Bearer error="insufficient_scope", scope="setup"')
    .send({
      error: 'insufficient_scope',
      message: 'Setup changes the media stack, so it needs the "setup" scope, which this token does not have.',
      hint: 'Use the INTERNAL_API_KEY, or set OAUTH_APPROVAL_PASSPHRASE on the server, sign in again requesting scope "mcp setup", and approve on the page with the passphrase.'
    })
}

/** The background probe's last results, or a live round (short limits) when it has none yet. */
async function probes (app: FastifyInstance): Promise<ProbeResult[]> {
  if (app.hasDecorator('backendStatus')) {
    const last = app.backendStatus()
    if (last.length > 0) return last
    return await app.refreshBackendStatus()
  }
  const unknown = (err: unknown): ProbeResult => {
    if (!(err instanceof DeadlineError)) throw err
    return { service: 'unknown', configured: false, reachable: false, checkedAt: new Date().toISOString() }
  }
  return await Promise.all(allBackends(app).map(b => withDeadline(b.probe(), 5_000, 'No answer within 5 s.').catch(unknown)))
}

function summary (report: { results: Array<{ status: string }>, restartRequired: boolean }): string {
  const count = (s: string) => report.results.filter(r => r.status === s).length
  const parts = ['done', 'already_done', 'planned', 'skipped', 'failed'].filter(s => count(s) > 0).map(s => `${count(s)} ${s}`)
  return `${parts.join(', ') || 'nothing to do'}.${report.restartRequired ? ' Restart the tool server to apply the stored keys.' : ''}`
}
