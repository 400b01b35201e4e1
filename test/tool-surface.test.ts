// Pins the published tool surface: the 30 tool names by domain, a snapshot of tools/list, and the
// metadata rules every tool follows (DESIGN.md conventions 7, 8, 10).
import t from 'tap'
import { buildTestApp } from './helpers/build.js'

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

t.test('tools/list publishes exactly the 30 tools of the six domains, in domain order', async t => {
  const { app } = await buildTestApp(t)
  const names = app.tools.list().map(tool => tool.name)
  t.same(names, Object.values(EXPECTED).flat())
  t.equal(names.length, 30)
})

t.test('tools/list snapshot', async t => {
  const { app } = await buildTestApp(t)
  t.matchSnapshot(JSON.stringify(app.tools.list(), null, 2), 'the published tool surface (regenerate with TAP_SNAPSHOT=1 when a change is intended)')
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
