// plugins/mcp/README.md is the map of the MCP layer: every file of plugins/mcp is named there (in backticks, by
// its name or its folder/name), so a new file cannot land without saying what it is for (issue 39).
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import t from 'tap'

const LAYER = fileURLToPath(new URL('../../../plugins/mcp/', import.meta.url))

t.test('the README names every file of plugins/mcp', async t => {
  const readme = readFileSync(`${LAYER}README.md`, 'utf8')
  const files = readdirSync(LAYER, { recursive: true, encoding: 'utf8' }).filter(f => f.endsWith('.ts')).map(f => f.replaceAll('\\', '/')).sort()
  t.ok(files.length > 40, `the layer's files are found (${files.length})`)
  const named = (file: string) => readme.includes(`\`${file}\``) || readme.includes(`\`${file.split('/').at(-1)!}\``)
  t.same(files.filter(f => !named(f)), [], 'name each of these in plugins/mcp/README.md (the folder table) with what it holds')
})
