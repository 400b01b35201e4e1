// A test app made of the real config, origin-guard, auth and oauth plugins (the same ones buildApp
// composes), with a controllable clock and lifetimes, plus GET /api/whoami behind app.authenticate.
import Fastify from 'fastify'
import configPlugin from '../../../plugins/config.js'
import originGuard from '../../../plugins/origin-guard.js'
import auth from '../../../plugins/auth.js'
import oauth, { type OAuthPluginOptions } from '../../../plugins/oauth.js'
import { makeRoots, testConfig } from '../../helpers/build.js'

export interface Clock { now: number, advance: (ms: number) => void }

export async function buildClockApp (t: { teardown: (fn: () => unknown) => void }, overrides: Record<string, unknown> = {}, options: OAuthPluginOptions = {}, roots = makeRoots()) {
  const clock: Clock = { now: Date.now(), advance (ms) { this.now += ms } }
  const config = testConfig(roots, overrides)
  const app = Fastify({ logger: false })
  await app.register(configPlugin, { config })
  await app.register(originGuard)
  await app.register(auth)
  await app.register(oauth, { now: () => clock.now, ...options })
  addWhoami(app)
  await app.ready()
  t.teardown(async () => { await app.close(); roots.cleanup() })
  return { app, clock, config, roots }
}

/** A tiny protected route that echoes the principal (the bearer check without /mcp). */
export function addWhoami (app: import('fastify').FastifyInstance) {
  app.get('/api/whoami', { preHandler: app.authenticate }, async (request) => request.principal)
}
