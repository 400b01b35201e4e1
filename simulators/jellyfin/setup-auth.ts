// What first-run setup needs from Jellyfin: signing in by name (POST /Users/AuthenticateByName → a session
// token), signing out (POST /Sessions/Logout), and API keys (GET/POST /Auth/Keys, DELETE /Auth/Keys/{key};
// administrators only: API keys act as administrators, session tokens only when their user is one).
// createJellyfinSetupSimulator composes the simulator's state and routes with an auth hook that accepts
// API keys and session tokens, for setup tests. Passwords are plain test values, never real secrets.
import { randomBytes } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { attachContract, loadContract } from '../contract.js'
import { attachFaults } from '../faults.js'
import { listenLocal } from '../shared-http.js'
import { attachRouteList } from '../route-list.js'
import { defaultSeedLibrary } from '../fixtures/library.js'
import { userDto } from './dto.js'
import { tokenFromAuthorization, type JellyfinSimulatorOptions } from './options.js'
import { createUserDataStore } from './user-data.js'
import { registerRoutes, type Caller } from './routes.js'
import { SERVER_ID, createJellyfinState, type JellyfinState } from './state.js'

export interface SimApiKey { id: number, token: string, appName: string, created: string }

const EMPTY_USER = '00000000000000000000000000000000'
const ANONYMOUS = new Set(['/System/Info/Public', '/System/Ping', '/Users/AuthenticateByName'])

export function createJellyfinAccounts (state: JellyfinState, o: { apiKey: string, passwords: Record<string, string> }) {
  const keys: SimApiKey[] = [{ id: 1, token: o.apiKey, appName: 'existing-app', created: '2025-01-01T00:00:00.000Z' }]
  const sessions = new Map<string, string>() // token → user id
  let nextKeyId = 2
  const token = () => randomBytes(16).toString('hex')

  return {
    keys,
    sessions,
    /** 'admin' for API keys and administrators' sessions, 'user' for other sessions, undefined when unknown. */
    role (t: string | undefined): 'admin' | 'user' | undefined {
      if (!t) return undefined
      if (keys.some(k => k.token === t)) return 'admin'
      const userId = sessions.get(t)
      if (!userId) return undefined
      return state.users.find(u => u.id === userId)?.isAdmin ? 'admin' : 'user'
    },
    /** The caller behind a known token (see routes.ts Caller), undefined when unknown. */
    caller (t: string | undefined): Caller | undefined {
      if (!t) return undefined
      if (keys.some(k => k.token === t)) return { isApiKey: true, isAdmin: true }
      const userId = sessions.get(t)
      const user = userId ? state.users.find(u => u.id === userId) : undefined
      return user ? { isApiKey: false, userId: user.id, isAdmin: user.isAdmin } : undefined
    },
    signIn (name: string, password: string): { token: string, userId: string } | undefined {
      const user = state.users.find(u => u.name.toLowerCase() === name.toLowerCase() && !u.isDisabled)
      if (!user || o.passwords[user.name] === undefined || o.passwords[user.name] !== password) return undefined
      const t = token()
      sessions.set(t, user.id)
      return { token: t, userId: user.id }
    },
    createKey (appName: string): SimApiKey {
      const k = { id: nextKeyId++, token: token(), appName, created: new Date(Date.now() + nextKeyId).toISOString() }
      keys.push(k)
      return k
    }
  }
}

export type JellyfinAccounts = ReturnType<typeof createJellyfinAccounts>

/**
 * One key as GET /Auth/Keys lists it. AuthenticationManager.GetApiKeys (jellyfin/jellyfin v10.11.11, also
 * v10.9.11 and v10.10.7: Jellyfin.Server.Implementations/Security/AuthenticationManager.cs) fills only AppName,
 * AccessToken, DateCreated and empty DeviceId/DeviceName/AppVersion; the rest keep their defaults
 * (MediaBrowser.Controller/Security/AuthenticationInfo.cs): Id 0, an empty UserId, IsActive FALSE for every
 * key, no DateRevoked, DateLastActivity 0001-01-01. A listed key works whatever IsActive says.
 */
function keyDto (k: SimApiKey): Record<string, unknown> {
  return { Id: 0, AccessToken: k.token, DeviceId: '', AppName: k.appName, AppVersion: '', DeviceName: '', UserId: EMPTY_USER, IsActive: false, DateCreated: k.created, DateRevoked: null, DateLastActivity: '0001-01-01T00:00:00.0000000Z', UserName: null }
}

export function registerJellyfinSetupRoutes (app: FastifyInstance, state: JellyfinState, accounts: JellyfinAccounts, tokenOf: (req: FastifyRequest) => string | undefined) {
  app.post('/Users/AuthenticateByName', async (req, reply) => {
    const body = (req.body ?? {}) as { Username?: string, Pw?: string }
    const signedIn = accounts.signIn(String(body.Username ?? ''), String(body.Pw ?? ''))
    if (!signedIn) return reply.code(401).type('text/plain').send('Error processing request.')
    const user = state.users.find(u => u.id === signedIn.userId)!
    return { User: userDto(user), SessionInfo: null, AccessToken: signedIn.token, ServerId: SERVER_ID }
  })

  app.post('/Sessions/Logout', async (req, reply) => {
    const t = tokenOf(req)
    if (t) accounts.sessions.delete(t)
    return reply.code(204).send()
  })

  const adminOnly = async (req: FastifyRequest, reply: { code: (n: number) => { send: () => unknown } }) => {
    if (accounts.role(tokenOf(req)) !== 'admin') return reply.code(403).send()
  }
  app.get('/Auth/Keys', { preHandler: adminOnly }, async () => {
    const items = accounts.keys.map(keyDto)
    return { Items: items, TotalRecordCount: items.length, StartIndex: 0 }
  })
  app.post('/Auth/Keys', { preHandler: adminOnly }, async (req, reply) => {
    const appName = String((req.query as { app?: string }).app ?? '').trim()
    if (!appName) return reply.code(400).type('text/plain').send('app is required')
    accounts.createKey(appName)
    return reply.code(204).send()
  })
  // AuthenticationManager.DeleteApiKey deletes the row (ExecuteDeleteAsync); an unknown key is still 204.
  app.delete('/Auth/Keys/:key', { preHandler: adminOnly }, async (req, reply) => {
    const i = accounts.keys.findIndex(x => x.token === (req.params as { key: string }).key)
    if (i >= 0) accounts.keys.splice(i, 1)
    return reply.code(204).send()
  })
}

export interface JellyfinSetupSimulatorOptions extends JellyfinSimulatorOptions {
  /** Plain test passwords by user name (default admin: "admin-password", family: "family-password"). */
  passwords?: Record<string, string>
}

/** The Jellyfin simulator with sign-in and API-key management; any active key or session token works. */
export async function createJellyfinSetupSimulator (opts: JellyfinSetupSimulatorOptions) {
  const state = createJellyfinState(opts.library ?? defaultSeedLibrary())
  const accounts = createJellyfinAccounts(state, { apiKey: opts.apiKey, passwords: opts.passwords ?? { admin: 'admin-password', family: 'family-password' } })
  const app = Fastify({ logger: false })
  const timers = new Set<NodeJS.Timeout>()
  app.addHook('onClose', async () => { for (const t of timers) clearTimeout(t) })
  const faults = attachFaults(app)
  attachRouteList(app, 'Jellyfin')
  const tokenOf = (req: FastifyRequest) => tokenFromAuthorization(req.headers.authorization) ??
    [...new URL(req.url, 'http://sim').searchParams].find(([k]) => k.toLowerCase() === 'apikey')?.[1]
  app.addHook('onRequest', async (req, reply) => {
    if (ANONYMOUS.has(new URL(req.url, 'http://sim').pathname)) return
    if (!accounts.role(tokenOf(req))) return reply.code(401).send()
  })
  const violations = attachContract(app, await loadContract('jellyfin'))
  registerRoutes(app, state, { scanMs: opts.scanMs ?? 30, timers, callerOf: req => accounts.caller(tokenOf(req)) ?? { isApiKey: false, isAdmin: false }, userData: createUserDataStore() })
  registerJellyfinSetupRoutes(app, state, accounts, tokenOf)
  const url = await listenLocal(app, opts.port)
  return { url, state, accounts, violations, faults, app, close: () => app.close() }
}

export type JellyfinSetupSimulator = Awaited<ReturnType<typeof createJellyfinSetupSimulator>>
