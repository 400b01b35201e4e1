// Metadata of the media-server tools and manage_library: what the model sees in tools/list.
import t from 'tap'
import { buildTestApp } from '../../helpers/build.js'

const MINE = ['server_status', 'activity_log', 'search_media', 'show_details', 'manage_library']

function walk (schema: any, path: string, visit: (s: any, path: string) => void) {
  visit(schema, path)
  for (const [k, v] of Object.entries<any>(schema.properties ?? {})) walk(v, `${path}.${k}`, visit)
  if (schema.items && !Array.isArray(schema.items) && schema.items.type === 'object') walk(schema.items, `${path}[]`, visit)
}

t.test('tool metadata', async t => {
  const { app } = await buildTestApp(t)
  const published = app.tools.list().filter(p => MINE.includes(p.name))
  t.same(published.map(p => p.name).sort(), [...MINE].sort())
  for (const tool of published) {
    t.test(tool.name, async t => {
      t.ok(tool.description.length > 200, 'description written for the model')
      t.match(tool.description, /Use |use /, 'says when to use it or a sibling')
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) t.type(tool.annotations[hint], 'boolean', hint)
      const input = tool.inputSchema as any
      t.equal(input.type, 'object')
      t.notOk(input.anyOf || input.oneOf, 'no top-level union')
      t.equal(input.additionalProperties, false)
      for (const [field, s] of Object.entries<any>(input.properties)) {
        t.ok(typeof s.description === 'string' && s.description.length > 10, `input ${field} is described`)
        if (s.type === 'integer') t.ok(s.minimum !== undefined && s.maximum !== undefined, `input ${field} is bounded`)
      }
      // Output prose lives in the registry's schema; the published copy carries only what validates.
      walk(app.tools.get(tool.name)!.outputSchema, 'output', (s, path) => {
        if (path !== 'output') t.ok(typeof s.description === 'string', `${path} is described`)
      })
      const props = (tool.outputSchema as any).properties
      if (props.items) t.same(['items', 'total', 'offset', 'limit', 'hasMore'].filter(k => k in props).length, 5, 'the paging contract')
    })
  }
  const readOnly = published.filter(p => p.annotations.readOnlyHint).map(p => p.name).sort()
  t.same(readOnly, ['activity_log', 'search_media', 'server_status', 'show_details'])
})
