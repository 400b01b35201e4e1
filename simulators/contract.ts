// Validates every request a simulator receives and every response it sends against the backend's
// official OpenAPI file (simulators/contracts, with their sources in SOURCES.md there). A simulator that drifts from the contract records a
// violation, and the tests that exercise it fail.
//
// Fix-ups applied to the upstream specs at load time (documented in the README):
//  1. operationId synthesized as "METHOD path" where the spec has none (Sonarr, Radarr, Prowlarr, pyLoad).
//  2. `nullable: true` without `type` (Swashbuckle) rewritten to anyOf [rest, {type: null}] — AJV refuses it.
//  3. Custom formats registered: `date-span` (.NET TimeSpan) and `text`.
//  4. CommandResource allows extra properties: each *arr command carries its own fields (seriesId, files…).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { OpenAPIBackend } from 'openapi-backend'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { isFaulted } from './faults.js'

export type ContractName = 'jellyfin' | 'sonarr' | 'radarr' | 'prowlarr' | 'pyload'

const FILES: Record<ContractName, string> = {
  jellyfin: 'jellyfin-10.11.11.openapi.json',
  sonarr: 'sonarr-v3.openapi.json',
  radarr: 'radarr-v3.openapi.json',
  prowlarr: 'prowlarr-v1.openapi.json',
  pyload: 'pyload-ng.openapi.json'
}

/** The contracts folder: CONTRACTS_DIR, else the copies this repository carries beside this file. */
export function contractsDir (): string {
  return process.env.CONTRACTS_DIR ?? join(dirname(fileURLToPath(import.meta.url)), 'contracts')
}

export interface Contract {
  name: ContractName
  /** Problems found in this request, or [] when it matches an operation and its schema. */
  checkRequest: (req: { method: string, path: string, query: Record<string, unknown>, headers: Record<string, unknown>, body?: unknown }) => string[]
  /** Problems found in this response (only 2xx bodies are checked against the schema). */
  checkResponse: (req: { method: string, path: string }, status: number, body: unknown) => string[]
}

const cache = new Map<ContractName, Promise<Contract>>()

export function loadContract (name: ContractName): Promise<Contract> {
  let pending = cache.get(name)
  if (!pending) {
    pending = build(name)
    cache.set(name, pending)
  }
  return pending
}

async function build (name: ContractName): Promise<Contract> {
  const definition = JSON.parse(readFileSync(join(contractsDir(), FILES[name]), 'utf8'))
  normalize(definition)
  const api = new OpenAPIBackend({
    definition,
    quick: true,
    strict: false,
    validate: true,
    ignoreTrailingSlashes: true,
    coerceTypes: true,
    customizeAjv: (ajv) => addContractFormats(ajv)
  })
  await api.init()
  // Responses are checked with one shared Ajv holding the whole document, so a large component
  // (Jellyfin's BaseItemDto) compiles once, not once per operation as openapi-backend would.
  const responseAjv = addContractFormats(new Ajv({ strict: false, allErrors: false, validateSchema: false }))
  responseAjv.addSchema(definition, 'spec')
  const responseValidators = new Map<string, ValidateFunction>()
  // openapi-backend's matchOperation rebuilds the list of every operation, and a regex per path, on each call
  // (router.js, matchOperation → getOperations): a large share of a simulator's time in tests, twice per request. The
  // match depends only on the method and the path, so each pair's is kept (bounded: a long run starts over).
  const matched = new Map<string, ReturnType<typeof api.matchOperation>>()
  function matchOperation (method: string, path: string) {
    const key = `${method} ${path}`
    if (matched.has(key)) return matched.get(key)
    if (matched.size >= 10_000) matched.clear()
    const op = api.matchOperation({ method, path, headers: {} })
    matched.set(key, op)
    return op
  }

  function checkRequest (req: Parameters<Contract['checkRequest']>[0]): string[] {
    // API keys in the query are authentication, checked by the simulator itself, not API parameters.
    const query = Object.fromEntries(Object.entries(req.query).filter(([k]) => !/^api_?key$/i.test(k)))
    const request = { method: req.method.toLowerCase(), path: req.path, query: query as Record<string, string>, headers: req.headers as Record<string, string>, body: req.body }
    const op = matchOperation(request.method, request.path)
    if (!op) return [`${name}: ${req.method} ${req.path} is not an operation in the contract`]
    const res = api.validateRequest(request, op)
    return res.valid ? [] : (res.errors ?? []).map(e => `${name}: request ${req.method} ${req.path}: ${e.instancePath || e.schemaPath} ${e.message ?? ''}`.trim())
  }

  function checkResponse (req: { method: string, path: string }, status: number, body: unknown): string[] {
    const op = matchOperation(req.method.toLowerCase(), req.path)
    if (!op) return [`${name}: response to ${req.method} ${req.path}, which is not in the contract`]
    if (status < 200 || status >= 300) return []
    const responses = (op as { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }).responses ?? {}
    // The *arr specs declare only 200, while the services answer 201 Created / 202 Accepted: same body.
    const declaredStatus = responses[String(status)] ? String(status) : (status === 201 || status === 202) && responses['200'] ? '200' : 'default'
    const declared = responses[declaredStatus]
    if (!declared) return [`${name}: ${req.method} ${req.path} answered ${status}, which the contract does not declare`]
    const jsonType = Object.keys(declared.content ?? {}).find(type => type.includes('json') && declared.content?.[type]?.schema)
    if (!jsonType) return []
    const code = declaredStatus
    const pointer = ['paths', (op as { path: string }).path, (op as { method: string }).method, 'responses', code, 'content', jsonType, 'schema']
      .map(seg => encodeURIComponent(seg.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')
    let validate = responseValidators.get(pointer)
    if (!validate) {
      validate = responseAjv.compile({ $ref: `spec#/${pointer}` })
      responseValidators.set(pointer, validate)
    }
    if (validate(body)) return []
    return (validate.errors ?? []).slice(0, 5).map(e => `${name}: response ${req.method} ${req.path}: ${e.instancePath} ${e.message ?? ''}`.trim())
  }

  return { name, checkRequest, checkResponse }
}

function addContractFormats<T extends Ajv> (ajv: T): T {
  addFormats.default(ajv)
  ajv.addFormat('date-span', /^-?(\d+\.)?\d{2}:\d{2}:\d{2}(\.\d+)?$/)
  ajv.addFormat('text', true)
  // Jellyfin serializes GUIDs without dashes ("N" format) although its spec says uuid.
  ajv.addFormat('uuid', /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i)
  return ajv
}

function normalize (spec: Record<string, any>) {
  for (const [path, item] of Object.entries<Record<string, any>>(spec.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch', 'head', 'options']) {
      const op = item[method]
      if (op && !op.operationId) op.operationId = `${method.toUpperCase()} ${path}`
    }
  }
  fixNullable(spec)
  const command = spec.components?.schemas?.CommandResource
  if (command) command.additionalProperties = true
}

function fixNullable (node: unknown): void {
  if (Array.isArray(node)) { node.forEach(fixNullable); return }
  if (!node || typeof node !== 'object') return
  const obj = node as Record<string, any>
  for (const value of Object.values(obj)) fixNullable(value)
  if (obj.nullable === true && obj.type === undefined) {
    delete obj.nullable
    const rest = { ...obj }
    for (const k of Object.keys(obj)) delete obj[k]
    const hasContent = Object.keys(rest).some(k => k !== 'description')
    if (hasContent) obj.anyOf = [rest, { type: 'null' }]
  }
}

/**
 * Adds hooks to a simulator app: each request and each JSON response is checked against the contract.
 * Returns the live list of violations (tests assert it stays empty).
 */
export function attachContract (app: FastifyInstance, contract: Contract): string[] {
  const violations: string[] = []
  app.addHook('preHandler', async (request) => {
    if (isFaulted(request)) return
    const url = new URL(request.url, 'http://sim')
    violations.push(...contract.checkRequest({
      method: request.method,
      path: url.pathname,
      query: queryObject(url.searchParams),
      headers: request.headers as Record<string, unknown>,
      body: request.body
    }))
  })
  app.addHook('onSend', async (request, reply, payload) => {
    // Only successful answers carry a contract body; error answers (401, 403, 405, 400 validation arrays…) are checked by behaviour tests.
    if (isFaulted(request) || reply.statusCode < 200 || reply.statusCode >= 300) return payload
    const type = String(reply.getHeader('content-type') ?? '')
    if (!type.includes('json') || typeof payload !== 'string') return payload
    const path = new URL(request.url, 'http://sim').pathname
    // The same body for the same route and status was checked before and passed (a simulator sends its large
    // lists again and again): hashing it costs far less than parsing and validating it once more.
    const seen = `${request.method} ${path} ${reply.statusCode} ${createHash('sha1').update(payload).digest('base64')}`
    const passed = passedBodies(contract)
    if (passed.has(seen)) return payload
    let body: unknown
    try { body = JSON.parse(payload) } catch { violations.push(`${contract.name}: ${request.method} ${request.url} sent invalid JSON`); return payload }
    const problems = contract.checkResponse({ method: request.method, path }, reply.statusCode, body)
    violations.push(...problems)
    if (problems.length === 0) {
      if (passed.size >= 10_000) passed.clear()
      passed.add(seen)
    }
    return payload
  })
  return violations
}

const passedByContract = new WeakMap<Contract, Set<string>>()
/** The responses (route, status, body hash) this contract already checked without a problem, in this process. */
function passedBodies (contract: Contract): Set<string> {
  let passed = passedByContract.get(contract)
  if (!passed) passedByContract.set(contract, passed = new Set())
  return passed
}

/** Query parameters as an object; a repeated parameter becomes an array so every value is checked. */
function queryObject (params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key)
    out[key] = all.length > 1 ? all : all[0]
  }
  return out
}
