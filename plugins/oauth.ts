// The OAuth 2.1 authorization server (docs/security.md, "Authentication") and the resource-server token check.
// Endpoints: /.well-known/oauth-authorization-server, /.well-known/oauth-protected-resource[/mcp],
// POST /register, GET (and with a passphrase POST) /authorize, POST /token, POST /revoke.
// Routes live in an encapsulated child so the form parser and OAuth error shapes stay local to them.
import fp from 'fastify-plugin'
import type { FastifyError, FastifyInstance } from 'fastify'
import { approvalFlow } from './oauth/approval.js'
import { authorizeRoute } from './oauth/authorize.js'
import { InvalidClientError } from './oauth/client-auth.js'
import type { OAuthContext } from './oauth/context.js'
import { FileOAuthStore } from './oauth/file-store.js'
import { addFormParser } from './oauth/form.js'
import { verifyAccessToken } from './oauth/grants.js'
import { metadataRoutes } from './oauth/metadata.js'
import { createSignInNotices } from '../lib/notify/signin-notice.js'
import { registrationRoute } from './oauth/registration.js'
import { MemoryOAuthStore, type OAuthStore } from './oauth/store.js'
import { tokenRoutes } from './oauth/token.js'
import { baseUrlFor, isOwnUrl } from '../lib/loopback-url.js'
import { DEFAULT_LIFETIMES, OAuthError, type Lifetimes } from './oauth/types.js'
import { createClientDirectory } from './oauth/client-directory.js'
import { signInChoices } from './oauth/people.js'
import type { DocumentFetcher } from './oauth/client-document.js'
import { parseConfiguredClients } from '../core/oauth-clients.js'
import { fetchGuarded } from '../lib/url-guard/fetch-guarded.js'
import type { Dispatcher } from 'undici'
import { createSignIns, type SignIns } from './oauth/signins.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The live OAuth sign-ins, for the dashboard's list; the owner ends one (plugins/oauth/signins.ts). */
    signIns: SignIns
  }
}

export interface OAuthPluginOptions {
  /** Clock in ms since epoch (tests move it forward to expire codes and tokens). */
  now?: () => number
  /** Overrides of code/access/refresh/... lifetimes in ms. */
  lifetimes?: Partial<Lifetimes>
  /**
   * The connection metadata documents are fetched over, after the URL guard's check of the client_id (https, a
   * public address, not this stack). Tests serve documents on loopback through it; the check itself always runs.
   */
  documentDispatcher?: Dispatcher
}

const SWEEP_INTERVAL = 60_000

export default fp<OAuthPluginOptions>(async function oauthPlugin (app, opts) {
  const { PUBLIC_URL, OAUTH_STORE, STATE_DIR, OAUTH_APPROVAL_PASSPHRASE } = app.config
  const lifetimes = { ...DEFAULT_LIFETIMES, ...opts.lifetimes }
  const store: OAuthStore = OAUTH_STORE === 'file'
    ? await FileOAuthStore.open(STATE_DIR, lifetimes, app.log)
    : new MemoryOAuthStore(lifetimes)
  // The security notice to the owner, one per client and window (lib/notify/signin-notice.ts); app.notify is
  // registered after this plugin.
  const signInNotices = createSignInNotices({
    send: message => { if (app.hasDecorator('notify')) app.notify.notify('signin', { to: 'household', message }) }
  })
  app.addHook('onClose', async () => { signInNotices.close() })
  const configured = parseConfiguredClients(app.config.OAUTH_CLIENTS).clients
  // The URL guard is registered after this plugin; documents are fetched only once requests arrive.
  const fetchDocument: DocumentFetcher = async (url, { maxBytes, timeoutMs }) => {
    const fetched = await fetchGuarded(app.urlGuard.check, opts.documentDispatcher ?? app.urlGuard.dispatcher(), url, { use: 'direct', maxBytes, timeoutMs, accept: 'application/json' })
    if (fetched.kind !== 'body') throw new Error('not a document')
    return { body: fetched.body, cacheControl: fetched.cacheControl }
  }
  const now = opts.now ?? Date.now
  const ctx: OAuthContext = {
    store,
    clients: createClientDirectory(store, configured, fetchDocument, now),
    lifetimes,
    now,
    issuer: PUBLIC_URL,
    resource: `${PUBLIC_URL}/mcp`,
    issuerFor: request => baseUrlFor(PUBLIC_URL, request.headers.host),
    isOwnResource: url => isOwnUrl(PUBLIC_URL, '/mcp', url),
    passphrase: OAUTH_APPROVAL_PASSPHRASE,
    people: signInChoices(app.config.NOTIFY_PEOPLE),
    log: app.log.child({ component: 'oauth' }),
    lastUsed: new Map(),
    onSignIn: signIn => { signInNotices.signedIn(signIn) }
  }

  app.setAccessTokenVerifier(token => verifyAccessToken(ctx, token))
  const signIns = createSignIns(ctx)
  app.decorate('signIns', signIns)
  if (OAUTH_APPROVAL_PASSPHRASE === '') {
    app.log.warn('OAuth authorization is approved automatically: anyone who can reach /authorize can obtain a token. Set OAUTH_APPROVAL_PASSPHRASE when the server is reachable from the internet.')
  }
  app.log.info({ store: store.kind }, store.kind === 'memory' ? 'OAuth store in memory: a restart signs every client out' : 'OAuth store on disk: clients stay signed in across restarts')

  await app.register(async function oauthRoutes (child: FastifyInstance) {
    addFormParser(child)
    child.setErrorHandler(oauthErrorHandler)
    metadataRoutes(child, ctx)
    registrationRoute(child, ctx)
    const showApprovalPage = OAUTH_APPROVAL_PASSPHRASE === '' && ctx.people.length === 0
      ? async () => { throw new Error('approval page without a passphrase') }
      : approvalFlow(child, ctx)
    authorizeRoute(child, ctx, showApprovalPage)
    tokenRoutes(child, ctx)
  })

  const sweeper = setInterval(() => {
    store.sweep(ctx.now()).then(() => signIns.prune()).catch(err => ctx.log.error({ err }, 'OAuth store sweep failed'))
  }, SWEEP_INTERVAL)
  sweeper.unref()
  app.addHook('onClose', async () => {
    clearInterval(sweeper)
    await store.close()
  })
}, { name: 'oauth', dependencies: ['config', 'auth'] })

function oauthErrorHandler (this: FastifyInstance, err: FastifyError, request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) {
  reply.header('cache-control', 'no-store')
  if (err instanceof OAuthError) {
    if (err instanceof InvalidClientError && err.basic) reply.header('www-authenticate', 'Basic realm="oauth", charset="UTF-8"')
    return reply.code(err.status).send(err.toJSON())
  }
  const status = err.statusCode ?? 500
  if (status === 429) return reply.code(429).send({ error: 'temporarily_unavailable', error_description: err.message })
  if (status >= 400 && status < 500) {
    const description = err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
      ? 'Unsupported Content-Type: send application/x-www-form-urlencoded (token, revoke) or application/json (register).'
      : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'The request body is too large.'
        : `Malformed request: ${err.message}`
    return reply.code(400).send({ error: 'invalid_request', error_description: description })
  }
  request.log.error({ err }, 'OAuth endpoint failed')
  return reply.code(500).send({ error: 'server_error', error_description: 'The authorization server failed; try again.' })
}
