// Query parameter names bound as Jellyfin binds them: without regard to case. ASP.NET Core's query collection
// (Microsoft.AspNetCore.Http QueryCollection) compares keys with StringComparer.OrdinalIgnoreCase, so
// `searchterm=x` and `SearchTerm=x` both reach the controllers' `searchTerm` (jellyfin/jellyfin v10.11.11
// Jellyfin.Api/Controllers/ItemsController.cs GetItems binds [FromQuery] string? searchTerm). Each name a
// request sends is rewritten to the spelling the Jellyfin OpenAPI description gives, before the routes and
// the contract check read it.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { contractsDir } from '../contract.js'

let names: Map<string, string> | undefined

/** Every query parameter name in the Jellyfin description, by its lower-case form. */
function queryNames (): Map<string, string> {
  if (names) return names
  const spec = JSON.parse(readFileSync(join(contractsDir(), 'jellyfin-10.11.11.openapi.json'), 'utf8')) as { paths: Record<string, Record<string, { parameters?: Array<{ in: string, name: string }> }>> }
  names = new Map()
  for (const ops of Object.values(spec.paths)) {
    for (const op of Object.values(ops)) {
      for (const p of op.parameters ?? []) if (p.in === 'query' && !names.has(p.name.toLowerCase())) names.set(p.name.toLowerCase(), p.name)
    }
  }
  return names
}

/** The URL with each known query name in its documented spelling (unknown names are left as sent). */
export function canonicalQueryUrl (url: string): string {
  const q = url.indexOf('?')
  if (q < 0) return url
  const params = new URLSearchParams(url.slice(q + 1))
  const known = queryNames()
  const out = new URLSearchParams()
  for (const [key, value] of params) out.append(known.get(key.toLowerCase()) ?? key, value)
  return `${url.slice(0, q)}?${out.toString()}`
}

export function bindQueryNamesIgnoringCase (app: FastifyInstance) {
  app.addHook('onRequest', async req => {
    if (!req.raw.url?.includes('?')) return
    const url = canonicalQueryUrl(req.raw.url)
    if (url === req.raw.url) return
    req.raw.url = url
    ;(req as { query: unknown }).query = Object.fromEntries(groupParams(new URLSearchParams(url.slice(url.indexOf('?') + 1))))
  })
}

/** As Fastify parses a query string: a repeated name becomes an array. */
function groupParams (params: URLSearchParams): Array<[string, string | string[]]> {
  return [...new Set(params.keys())].map(k => { const all = params.getAll(k); return [k, all.length === 1 ? all[0]! : all] })
}
