// Pins the published tool surface: the 30 tool names by domain, a snapshot of tools/list, and the
// metadata rules every tool follows (docs/extending.md, "A tool").
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { buildTestApp } from './helpers/build.js'
import { Ajv } from 'ajv'
import { INTERNAL_PRINCIPAL } from '../core/principal.js'
import { CATALOGUE_TARGETS, catalogueSize } from '../lib/tools/catalogue-size.js'

const EXPECTED = {
  'media server': ['server_status', 'activity_log', 'search_media', 'show_details'],
  library: ['manage_library', 'manage_files', 'rename_episodes', 'get_library_state', 'fix_subtitles'],
  'series manager': ['series_search', 'series_status', 'series_remove', 'series_releases', 'series_grab', 'series_import', 'series_rescan'],
  'movie manager': ['movie_search', 'movie_status', 'movie_remove', 'movie_releases', 'movie_grab', 'movie_import', 'movie_rescan'],
  downloads: ['download_add', 'download_status', 'download_direct', 'cancel_downloads'],
  maintenance: ['optimize_media', 'cleanup_server', 'check_jobs']
}

type Schema = Record<string, any>

/** Every property at every depth has a description; integer fields are bounded. */
function schemaProblems (schema: Schema, path: string): string[] {
  const problems: string[] = []
  if (schema.type === 'object' && schema.properties) {
    for (const [name, sub] of Object.entries<Schema>(schema.properties)) {
      const p = `${path}.${name}`
      if (typeof sub.description !== 'string' || sub.description.length < 3) problems.push(`${p} has no description`)
      problems.push(...schemaProblems(sub, p))
    }
  }
  if (schema.type === 'array' && schema.items) problems.push(...schemaProblems(schema.items, `${path}[]`))
  for (const variant of schema.anyOf ?? []) problems.push(...schemaProblems(variant, path))
  return problems
}

/** Every object schema at any depth, with where it is. */
function * objectSchemas (schema: unknown, path: string): Generator<[string, Schema]> {
  if (schema === null || typeof schema !== 'object') return
  if (Array.isArray(schema)) {
    for (const [i, s] of schema.entries()) yield * objectSchemas(s, `${path}[${i}]`)
    return
  }
  yield [path, schema as Schema]
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties') {
      for (const [name, sub] of Object.entries(value as Schema)) yield * objectSchemas(sub, `${path}.${name}`)
    } else yield * objectSchemas(value, `${path}/${key}`)
  }
}

t.test('a field with a default is optional in every published input schema', async t => {
  const { app } = await buildTestApp(t)
  const offenders: string[] = []
  let defaulted = 0
  for (const tool of app.tools.list()) {
    for (const [path, s] of objectSchemas(tool.inputSchema, tool.name)) {
      for (const [name, sub] of Object.entries<Schema>(s.properties ?? {})) {
        if (sub.default === undefined) continue
        defaulted++
        if ((s.required ?? []).includes(name)) offenders.push(`${path}.${name}`)
      }
    }
  }
  t.ok(defaulted > 50, `the tools have defaulted fields (${defaulted})`)
  t.same(offenders, [], 'no defaulted field is listed in required')
})

t.test('the registry still fills in defaults the published schema leaves optional', async t => {
  const { app } = await buildTestApp(t)
  const def = app.tools.get('check_jobs')!
  const published = app.tools.list().find(tool => tool.name === 'check_jobs')!.inputSchema as Schema
  const defaulted = Object.keys(published.properties).filter(k => published.properties[k].default !== undefined)
  t.ok(defaulted.length > 0, 'check_jobs has defaulted fields')
  t.ok(def.inputSchema, 'the original schema is kept')
  const answer = await app.tools.call('check_jobs', {}, { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} })
  t.notOk(answer.isError, 'a call that leaves every defaulted field out is accepted')
})

t.test('string choices are published as enum, never as anyOf of const', async t => {
  const { app } = await buildTestApp(t)
  const offenders: string[] = []
  let enums = 0
  for (const tool of app.tools.list()) {
    for (const where of ['inputSchema', 'outputSchema'] as const) {
      for (const [path, s] of objectSchemas(tool[where], `${tool.name}.${where}`)) {
        if (Array.isArray(s.enum)) enums++
        if (Array.isArray(s.anyOf) && s.anyOf.some((v: Schema) => v.const !== undefined)) offenders.push(path)
      }
    }
  }
  t.ok(enums > 30, `choices are published as enum (${enums})`)
  t.same(offenders, [], 'no anyOf carries const variants')
})

t.test('tools/list publishes exactly the 30 tools of the six domains, in domain order', async t => {
  const { app } = await buildTestApp(t)
  const names = app.tools.list().map(tool => tool.name)
  t.same(names, Object.values(EXPECTED).flat())
  t.equal(names.length, 30)
})

// One snapshot file per tool (tap-snapshots/test/tool-surface/<tool>.test.cjs): a change shows as the one tool it
// touched, and two people changing two tools do not conflict. Regenerate with --snapshot when a change is intended.
const SNAPSHOTS = fileURLToPath(new URL('../tap-snapshots/test/tool-surface/', import.meta.url))

t.test('tools/list snapshot, one file per tool', async t => {
  const { app } = await buildTestApp(t)
  const tools = app.tools.list()
  for (const tool of tools) {
    t.test(tool.name, { snapshotFile: join(SNAPSHOTS, `${tool.name}.test.cjs`) }, async t => {
      t.matchSnapshot(JSON.stringify(tool, null, 2), `${tool.name} as published in tools/list`)
    })
  }
  t.test('no snapshot of a tool that is gone', async t => {
    const files = existsSync(SNAPSHOTS) ? readdirSync(SNAPSHOTS).filter(f => f.endsWith('.test.cjs')) : []
    t.same(files.filter(f => !tools.some(tool => `${tool.name}.test.cjs` === f)), [], 'delete the snapshot of a removed or renamed tool')
  })
})

t.test('every tool follows the metadata rules', async t => {
  const { app } = await buildTestApp(t)
  for (const tool of app.tools.list()) {
    t.test(tool.name, async t => {
      t.match(tool.name, /^[a-z]+(_[a-z]+)+$/, 'snake_case <domain>_<verb>-style name')
      t.ok(tool.title.length > 3, 'has a title')
      t.ok(tool.description.length >= 80, 'the description says what, when and what comes back')
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
        t.equal(typeof tool.annotations[hint], 'boolean', `${hint} is explicit`)
      }
      if (tool.annotations.readOnlyHint) t.equal(tool.annotations.destructiveHint, false, 'read-only tools are not destructive')
      const input = tool.inputSchema as Schema
      t.equal(input.type, 'object', 'input is an object')
      t.notOk(input.anyOf ?? input.oneOf ?? input.allOf, 'no top-level union')
      t.equal(input.additionalProperties, false, 'unknown arguments are refused')
      t.same(schemaProblems(input, 'input'), [], 'every input field is described')
      t.equal((tool.outputSchema as Schema).type, 'object', 'output is an object')
      if (tool.annotations.destructiveHint) {
        t.ok((input.properties as Schema).confirmToken, 'destructive tools take a confirmToken')
        t.ok(app.tools.get(tool.name)?.confirm, 'destructive tools have a confirm spec')
      }
    })
  }
})

t.test('a destructive tool never acts on its first call', async t => {
  // Registry-level rule: without a token the handler is not reached; the answer is a preview.
  const { app } = await buildTestApp(t)
  const destructive = app.tools.list().filter(tool => tool.annotations.destructiveHint).map(tool => tool.name)
  t.ok(destructive.length >= 6, `destructive tools: ${destructive.join(', ')}`)
  for (const name of destructive) t.ok(app.tools.get(name)?.confirm?.preview, `${name} previews before acting`)
})

t.test('the catalogue stays lean: model-visible and wire sizes within their targets', async t => {
  const { app } = await buildTestApp(t)
  const size = catalogueSize(app.tools.list())
  const heaviest = [...size.tools].sort((a, b) => b.modelVisible - a.modelVisible).slice(0, 3).map(w => `${w.name} ${w.modelVisible} B`)
  t.ok(size.modelVisible <= CATALOGUE_TARGETS.modelVisibleBytes,
    `model-visible catalogue ${size.modelVisible} B ≤ ${CATALOGUE_TARGETS.modelVisibleBytes} B (heaviest: ${heaviest.join(', ')})`)
  t.ok(size.wire <= CATALOGUE_TARGETS.wireBytes, `tools/list on the wire ${size.wire} B ≤ ${CATALOGUE_TARGETS.wireBytes} B (output schemas ${size.outputSchemas} B)`)
  const undescribed = app.tools.list().flatMap(tool => Object.entries<Schema>((tool.inputSchema as Schema).properties)
    .filter(([, s]) => typeof s.description !== 'string' || s.description.trim().length < 3).map(([name]) => `${tool.name}.${name}`))
  t.same(undescribed, [], 'every input property keeps a description')
})

t.test('published output schemas keep what validates and leave the prose in the registry', async t => {
  const { app } = await buildTestApp(t)
  const published = app.tools.list().find(tool => tool.name === 'check_jobs')!.outputSchema as Schema
  const own = app.tools.get('check_jobs')!.outputSchema as Schema
  t.notOk(published.properties.items.description ?? published.properties.items.items.properties.status.description, 'no prose on the wire')
  t.ok(own.properties.items.description, 'the registry keeps its described schema')
  t.same(published.required, own.required, 'required fields are kept')
  t.same(published.properties.items.items.properties.status.enum, ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'interrupted'], 'enums are kept')
  // A client validates structuredContent against the published schema: a real answer passes, a wrong one fails.
  const validate = new Ajv({ strict: false }).compile(published)
  app.jobs.start({ kind: 'quick', owner: 'internal', description: 'a job', estimatedDurationMs: 10, run: async () => ({}) })
  const answer = await app.tools.call('check_jobs', {}, { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} })
  t.ok(validate(answer.structuredContent), `a real answer validates: ${JSON.stringify(validate.errors)}`)
  t.notOk(validate({ ...answer.structuredContent, total: 'many' }), 'a wrongly typed answer does not')
})
