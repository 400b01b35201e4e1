// A contract-faithful Jellyfin 10.11 simulator for tests and the demo: a small Fastify app on
// 127.0.0.1 with Jellyfin's auth rules, seeded from the shared seed library, every request and
// response checked against the official OpenAPI file, and switchable fault modes. By default it also
// answers what first-run setup needs (admin sign-in, API keys: see setup-auth.ts); then session tokens
// and keys created through /Auth/Keys are accepted beside the configured API key.
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { attachContract, loadContract } from '../contract.js'
import { attachFaults, type FaultSwitch } from '../faults.js'
import { attachRequestLog, type RequestLog } from '../request-log.js'
import { attachRouteList } from '../route-list.js'
import { listenLocal } from '../shared-http.js'
import { defaultSeedLibrary, generateLibrary } from '../fixtures/library.js'
import { registerRoutes } from './routes.js'
import { createJellyfinAccounts, registerJellyfinSetupRoutes, type JellyfinAccounts } from './setup-auth.js'
import { createJellyfinState, type JellyfinState } from './state.js'
import { createTaskState, registerTaskRoutes, type TaskState } from './tasks.js'
import { createUserDataStore, type UserDataStore } from './user-data.js'
import { tokenFromAuthorization, type JellyfinSimulatorOptions } from './options.js'
import { bindQueryNamesIgnoringCase } from './query-names.js'

export { tokenFromAuthorization, type JellyfinSimulatorOptions } from './options.js'

export interface JellyfinSimulator {
  url: string
  state: JellyfinState
  /** Each user's play data (tests mark titles played or favourite through it or through the real endpoints). */
  userData: UserDataStore
  /** Scheduled tasks and the keys of every task started (`runs`). */
  tasks: TaskState
  /** Contract violations seen so far (tests assert it is empty). */
  violations: string[]
  faults: FaultSwitch
  /** Every request answered, by route pattern, with its answer's size. */
  requests: RequestLog
  app: FastifyInstance
  /** Sign-in sessions and API keys (when the setup routes are on). */
  accounts?: JellyfinAccounts
  close: () => Promise<void>
}

export const DEFAULT_PASSWORDS: Readonly<Record<string, string>> = { admin: 'admin-password', family: 'family-password' }

const ANONYMOUS = new Set(['/System/Info/Public', '/System/Ping'])

export async function createJellyfinSimulator (opts: JellyfinSimulatorOptions): Promise<JellyfinSimulator> {
  const library = opts.library ?? (opts.seed === undefined || opts.seed === 1 ? defaultSeedLibrary() : generateLibrary({ seed: opts.seed }))
  const state = createJellyfinState(library)
  const app = Fastify({ logger: false })
  const timers = new Set<NodeJS.Timeout>()
  app.addHook('onClose', async () => { for (const t of timers) clearTimeout(t) })

  bindQueryNamesIgnoringCase(app)
  const faults = attachFaults(app)
  const requests = attachRequestLog(app)
  attachRouteList(app, 'Jellyfin')
  const accounts = opts.setupRoutes === false ? undefined : createJellyfinAccounts(state, { apiKey: opts.apiKey, passwords: opts.passwords ?? DEFAULT_PASSWORDS })
  // Legacy forms on by default, as 10.11 ships (jellyfin/jellyfin v10.11.11 MediaBrowser.Model/Configuration/
  // ServerConfiguration.cs:290 EnableLegacyAuthorization = true; read in Jellyfin.Server.Implementations/
  // Security/AuthorizationContext.cs:93-110: X-Emby-Token, X-MediaBrowser-Token, api_key).
  const legacyAuth = opts.legacyAuth ?? true
  const tokenOf = (req: FastifyRequest) => {
    const url = new URL(req.url, 'http://sim')
    const query = [...url.searchParams].find(([k]) => k.toLowerCase() === 'apikey' || (legacyAuth && k.toLowerCase() === 'api_key'))?.[1]
    const legacyHeader = legacyAuth ? (req.headers['x-emby-token'] ?? req.headers['x-mediabrowser-token']) : undefined
    return tokenFromAuthorization(req.headers.authorization, legacyAuth ? ['mediabrowser', 'emby'] : ['mediabrowser']) ??
      query ?? (typeof legacyHeader === 'string' ? legacyHeader : undefined)
  }
  app.addHook('onRequest', async (req, reply) => {
    const path = new URL(req.url, 'http://sim').pathname
    if (ANONYMOUS.has(path) || (accounts && path === '/Users/AuthenticateByName')) return
    const token = tokenOf(req)
    if (token !== opts.apiKey && !accounts?.role(token)) return reply.code(401).send()
  })
  const violations: string[] = opts.validate === false ? [] : attachContract(app, await loadContract('jellyfin'))
  const callerOf = (req: FastifyRequest) => {
    const token = tokenOf(req)
    return token === opts.apiKey ? { isApiKey: true, isAdmin: true } : accounts?.caller(token) ?? { isApiKey: false, isAdmin: false }
  }
  const userData = createUserDataStore()
  registerRoutes(app, state, { scanMs: opts.scanMs ?? 30, timers, callerOf, pathExists: opts.pathExists, fileExists: opts.fileExists, discover: opts.discover, userData })
  const tasks = createTaskState()
  registerTaskRoutes(app, tasks, { runMs: opts.taskMs ?? 50, timers })
  if (accounts) registerJellyfinSetupRoutes(app, state, accounts, tokenOf)

  const url = await listenLocal(app, opts.port)
  return { url, state, userData, tasks, violations, faults, requests, app, ...(accounts && { accounts }), close: () => app.close() }
}
