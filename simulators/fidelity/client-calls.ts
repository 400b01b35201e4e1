// Every backend endpoint (HTTP method + route) or RPC method the clients call, read statically from their
// sources with the TypeScript parser, so formatting does not matter. A call site counts when it is
//  - an object literal with a `path` property (the HTTP core's call shape), its verb from a `method`
//    property (default GET), or
//  - a call of a file's request helper (e.g. pyLoad's get('status_server'), aria2's rpc('aria2.addUri'))
//    with a string literal first argument, or
//  - a JSON-RPC body literal ({ jsonrpc, method: 'aria2.getVersion' }) sent directly.
// Anything dynamic that is not declared here as a forwarding helper is reported as unreadable, so a new call
// can never slip past the fidelity table unseen.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

export type Service = 'Jellyfin' | 'Plex' | 'Sonarr' | 'Radarr' | 'Prowlarr' | 'qBittorrent' | 'pyLoad' | 'aria2' | 'FlareSolverr' | 'Transmission' | 'NZBGet' | 'SABnzbd' | 'Seerr' | 'Deluge'

export interface ClientCall {
  service: Service
  /** HTTP verb, or RPC for a JSON-RPC method. */
  method: string
  /** Route as called, path parameters written `{}` (e.g. /Items/{}), or the RPC method name. */
  path: string
  /** file:line of the call site. */
  at: string
}

interface Helper { method: string, argIndex?: number, route: (literal: string) => string }

interface ClientFile {
  /** Services per enclosing top-level function (setup-calls.ts builds several); '*' for the whole file. */
  services: Record<string, Service[]>
  /** Prefix for relative paths per enclosing function, e.g. Servarr's '/api/v3'; '*' for the whole file. */
  prefix?: Record<string, string>
  /** Request helpers called with a literal (name as written at the call, e.g. 'api.get'). */
  helpers?: Record<string, Helper>
  /** Functions that pass a caller's path or method on (their own dynamic call is not an endpoint). */
  forwarders?: string[]
  /** Literals that look like routes but are not endpoints (prefixes handed to a helper factory, file names). */
  notRoutes?: string[]
}

const ARR = ['Sonarr', 'Radarr'] as Service[]
const asIs = (p: string) => p
/** core.libraryList / core.keepLibraryWarm (key, path, project): a GET of the whole list at path (clients/servarr/library.ts). */
const LIBRARY_LIST: Helper = { method: 'GET', argIndex: 1, route: asIs }

/** The client sources and how each one names its requests. */
export const CLIENT_FILES: Record<string, ClientFile> = {
  'clients/jellyfin/client.ts': { services: { '*': ['Jellyfin'] }, forwarders: ['api', 'maybe'] },
  'clients/jellyfin/tasks.ts': { services: { '*': ['Jellyfin'] } },
  'clients/jellyfin/play-data.ts': { services: { '*': ['Jellyfin'] } },
  'clients/plex/client.ts': { services: { '*': ['Plex'] }, helpers: { paged: { method: 'GET', route: asIs } }, forwarders: ['api', 'paged'] },
  // plex.tv (through the URL guard): this server's shares, for reads as a Plex user.
  'clients/plex/shares.ts': { services: { '*': ['Plex'] }, helpers: { 'o.fetch': { method: 'GET', route: asIs } } },
  'clients/plex/plays.ts': { services: { '*': ['Plex'] }, helpers: { 'core.paged': { method: 'GET', route: asIs } } },
  'clients/plex/library-writes.ts': { services: { '*': ['Plex'] }, forwarders: ['api'] },
  'clients/servarr/core.ts': { services: { '*': ARR }, prefix: { '*': '/api/v3' }, forwarders: ['api', 'write'] },
  'clients/servarr/sonarr.ts': { services: { '*': ['Sonarr'] }, prefix: { '*': '/api/v3' }, helpers: { 'core.libraryList': LIBRARY_LIST, 'core.keepLibraryWarm': LIBRARY_LIST } },
  'clients/servarr/radarr.ts': { services: { '*': ['Radarr'] }, prefix: { '*': '/api/v3' }, helpers: { 'core.libraryList': LIBRARY_LIST, 'core.keepLibraryWarm': LIBRARY_LIST } },
  // The cached whole-library read: the route is the one sonarr.ts/radarr.ts pass to core.libraryList.
  'clients/servarr/library.ts': { services: { '*': ARR }, prefix: { '*': '/api/v3' }, forwarders: ['cachedLibrary', 'libraryLoader'] },
  'clients/prowlarr/client.ts': { services: { '*': ['Prowlarr'] }, forwarders: ['api'] },
  // --- requests (Seerr)
  'clients/seerr/client.ts': { services: { '*': ['Seerr'] }, forwarders: ['api'] },
  'clients/qbittorrent/client.ts': {
    services: { '*': ['qBittorrent'] },
    helpers: { form: { method: 'POST', route: asIs } },
    forwarders: ['form', 'call']
  },
  'clients/pyload/client.ts': {
    services: { '*': ['pyLoad'] },
    helpers: {
      get: { method: 'GET', route: m => `/api/${m}` },
      post: { method: 'POST', route: m => `/api/${m}` },
      packages: { method: 'GET', route: m => `/api/${m}` }
    },
    forwarders: ['get', 'post', 'packages']
  },
  'clients/aria2/client.ts': {
    services: { '*': ['aria2'] },
    helpers: { rpc: { method: 'RPC', route: m => m } },
    forwarders: ['rpc'],
    // The set of read-only methods (they get the read deadline) names methods; their calls go through rpc().
    notRoutes: ['aria2.tellStatus', 'aria2.tellActive', 'aria2.tellWaiting', 'aria2.tellStopped', 'aria2.getVersion']
  },
  'clients/transmission/client.ts': {
    services: { '*': ['Transmission'] },
    helpers: { rpc: { method: 'RPC', route: asIs }, must: { method: 'RPC', route: asIs }, read: { method: 'RPC', route: asIs }, act: { method: 'RPC', route: asIs } },
    forwarders: ['rpc', 'must', 'read', 'act'],
    notRoutes: ['/rpc', '/transmission/rpc']
  },
  // --- deluge: Web UI JSON-RPC methods go through send()/call() (add() and act() pass a literal method on).
  'clients/deluge/client.ts': {
    services: { '*': ['Deluge'] },
    helpers: { send: { method: 'RPC', route: asIs }, call: { method: 'RPC', route: asIs }, add: { method: 'RPC', route: asIs }, act: { method: 'RPC', route: asIs } },
    forwarders: ['send', 'call', 'add', 'act', 'labelCall'],
    notRoutes: ['/json']
  },
  'clients/deluge/labels.ts': { services: { '*': ['Deluge'] }, helpers: { call: { method: 'RPC', route: asIs } } },
  // The managed aria2c's readiness check calls aria2.getVersion with fetch.
  'clients/aria2/daemon.ts': { services: { '*': ['aria2'] }, notRoutes: ['aria2.conf'] },
  // --- usenet: NZBGet's JSON-RPC methods go through rpc() (edit() names editqueue commands, not routes); SABnzbd's
  // modes through api() as GET /api?mode=<mode>; its addfile upload is the one POST /api.
  'clients/usenet/nzbget.ts': { services: { '*': ['NZBGet'] }, helpers: { rpc: { method: 'RPC', route: m => m } }, forwarders: ['rpc', 'edit'], notRoutes: ['/jsonrpc'] },
  'clients/usenet/sabnzbd.ts': { services: { '*': ['SABnzbd'] }, helpers: { api: { method: 'GET', route: m => `/api?mode=${m}` } }, forwarders: ['api'] },
  // FlareSolverr has no client of its own: setup status checks it with one request.
  'lib/setup/status.ts': { services: { '*': ['FlareSolverr'] }, helpers: { URL: { method: 'GET', route: asIs } } },
  // Setup checks the Plex token with one request.
  'lib/setup/plex-token.ts': { services: { '*': ['Plex'] }, helpers: { URL: { method: 'GET', route: asIs } } },
  'lib/setup/config-root.ts': { services: {}, notRoutes: ['/stack-config'] },
  'clients/setup-calls.ts': {
    services: { createServarrSetupCalls: ARR, createProwlarrSetupCalls: ['Prowlarr'], createJellyfinSetupCalls: ['Jellyfin'] },
    prefix: { createServarrSetupCalls: '/api/v3', createProwlarrSetupCalls: '/api/v1' },
    helpers: { 'api.get': { method: 'GET', route: asIs }, 'api.post': { method: 'POST', route: asIs } },
    forwarders: ['createArrApi'],
    notRoutes: ['/api/v3', '/api/v1']
  }
}

/** Scans the client files (by default every one CLIENT_FILES declares). */
export function clientCalls (root: string, files = Object.keys(CLIENT_FILES)): ScanResult {
  const results = files.map(file => clientCallsInSource(file, readFileSync(join(root, file), 'utf8')))
  return { calls: results.flatMap(r => r.calls), unreadable: results.flatMap(r => r.unreadable) }
}

export interface ScanResult { calls: ClientCall[], unreadable: string[] }

/** The calls in one source text, read with the rules CLIENT_FILES declares for that file. */
export function clientCallsInSource (file: string, text: string): ScanResult {
  const calls: ClientCall[] = []
  const unreadable: string[] = []
  const conf = CLIENT_FILES[file] ?? { services: {} }
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const where = (n: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}`
  const consumed = new Set<ts.Node>()
  const visit = (node: ts.Node) => {
    const owner = enclosing(node)
    const services = conf.services[topLevel(node)] ?? conf.services['*']
    const prefix = conf.prefix?.[topLevel(node)] ?? conf.prefix?.['*'] ?? ''
    const dynamicOk = conf.forwarders?.some(f => owner.includes(f)) ?? false
    const emit = (method: string, routes: string[] | undefined, n: ts.Node) => {
      if (!routes) { if (!dynamicOk) unreadable.push(`${where(n)}: ${n.getText().slice(0, 80)}`); return }
      if (!services) { unreadable.push(`${where(n)}: no service declared for this file in CLIENT_FILES`); return }
      for (const route of routes) {
        const path = method === 'RPC' || route.startsWith('/api/') || !route.startsWith('/') ? route : prefix + route
        for (const service of services) calls.push({ service, method, path, at: where(n) })
      }
    }
    if (ts.isObjectLiteralExpression(node)) {
      const path = property(node, 'path')
      // Only a route literal makes a request object; other `path` fields are data or a forwarded path.
      if (path && ts.isPropertyAssignment(path) && isRouteLiteral(path.initializer)) {
        const method = property(node, 'method')
        const verb = !method ? 'GET' : ts.isPropertyAssignment(method) && ts.isStringLiteral(method.initializer) ? method.initializer.text : undefined
        // Inside a forwarder a substituted route is the caller's (e.g. `/api/${method}`), not an endpoint.
        const forwarded = dynamicOk && ts.isTemplateExpression(path.initializer)
        if (!forwarded) emit(verb ?? '?', verb ? literalRoutes(path.initializer) : undefined, path)
        consumed.add(path.initializer)
      }
    }
    if (ts.isObjectLiteralExpression(node) && property(node, 'jsonrpc')) {
      const method = property(node, 'method')
      const name = method && ts.isPropertyAssignment(method) ? method.initializer : undefined
      if (name && (ts.isStringLiteral(name) || !dynamicOk)) emit('RPC', literalRoutes(name), name)
      if (name) consumed.add(name)
    }
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const helper = conf.helpers?.[calleeName(node.expression)]
      if (helper) {
        const arg = node.arguments?.[helper.argIndex ?? 0]
        emit(helper.method, arg ? literalRoutes(arg)?.map(helper.route) : undefined, node)
        if (arg) consumed.add(arg)
      }
    }
    // Safety net: a route-like literal anywhere else means a request helper this scanner does not know.
    if (ts.isStringLiteral(node) && ROUTE_LIKE.test(node.text) && !consumed.has(node) && !isInside(node, consumed) && !conf.notRoutes?.includes(node.text)) {
      unreadable.push(`${where(node)}: route literal ${node.getText()} outside a known request helper (declare the helper in CLIENT_FILES)`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { calls, unreadable }
}

const ROUTE_LIKE = /^(\/[A-Za-z][\w/.{}-]*|aria2\.[a-zA-Z]+)$/

function isRouteLiteral (e: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(e)) return isRouteLiteral(e.expression)
  if (ts.isConditionalExpression(e)) return isRouteLiteral(e.whenTrue) && isRouteLiteral(e.whenFalse)
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text.startsWith('/')
  return ts.isTemplateExpression(e) && e.head.text.startsWith('/')
}

function isInside (node: ts.Node, set: Set<ts.Node>): boolean {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) if (set.has(n)) return true
  return false
}

/** The fixed routes a path expression can take, or undefined when it is not fixed. */
function literalRoutes (e: ts.Expression): string[] | undefined {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text]
  if (ts.isParenthesizedExpression(e)) return literalRoutes(e.expression)
  if (ts.isConditionalExpression(e)) {
    const a = literalRoutes(e.whenTrue)
    const b = literalRoutes(e.whenFalse)
    return a && b ? [...a, ...b] : undefined
  }
  if (!ts.isTemplateExpression(e)) return undefined
  let routes = [e.head.text]
  for (const span of e.templateSpans) {
    const before = routes[0]
    // A substitution is a path parameter when it fills a whole segment; a fixed choice expands to each option.
    const choice = ts.isConditionalExpression(span.expression) ? literalRoutes(span.expression) : undefined
    const segment = before.endsWith('/') && (span.literal.text === '' || span.literal.text.startsWith('/'))
    if (!choice && !segment) return undefined
    const parts = choice ?? ['{}']
    routes = routes.flatMap(r => parts.map(p => r + p + span.literal.text))
  }
  return routes
}

function property (o: ts.ObjectLiteralExpression, name: string) {
  return o.properties.find(p => p.name && ts.isIdentifier(p.name) && p.name.text === name)
}

function calleeName (e: ts.Expression): string {
  if (ts.isIdentifier(e)) return e.text
  if (ts.isPropertyAccessExpression(e)) return `${calleeName(e.expression)}.${e.name.text}`
  return ''
}

/** Names of the functions enclosing a node, innermost first. */
function enclosing (node: ts.Node): string[] {
  const names: string[] = []
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if ((ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n)) && n.name) names.push(n.name.getText())
    else if ((ts.isArrowFunction(n) || ts.isFunctionExpression(n)) && ts.isVariableDeclaration(n.parent)) names.push(n.parent.name.getText())
    else if ((ts.isArrowFunction(n) || ts.isFunctionExpression(n)) && ts.isPropertyAssignment(n.parent)) names.push(n.parent.name.getText())
  }
  return names
}

function topLevel (node: ts.Node): string {
  const names = enclosing(node)
  return names[names.length - 1] ?? '*'
}
