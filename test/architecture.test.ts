// The house rules of the layout (README "Layout"), checked on the import graph of the source:
//  - core/, clients/ and lib/ are framework-free floors: they never import plugins/, domains/ or routes/;
//  - core/ and config.ts (the ground floor) import only core/;
//  - there are no import circles anywhere (type-only imports count: a circle is a knot to untie);
//  - the bot's runtime import graph holds no Fastify module (it is its own small process).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, posix, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const SOURCE_DIRS = ['core', 'clients', 'lib', 'plugins', 'domains', 'routes', 'bot', 'simulators', 'scripts']
const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/g
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g

interface Edge { to: string, typeOnly: boolean }

function listTs (dir: string): string[] {
  const out: string[] = []
  let entries: string[]
  try { entries = readdirSync(join(root, dir)) } catch { return out }
  for (const name of entries) {
    const rel = posix.join(dir, name)
    if (statSync(join(root, rel)).isDirectory()) out.push(...listTs(rel))
    else if (name.endsWith('.ts')) out.push(rel)
  }
  return out
}

const files = [...readdirSync(root).filter(f => f.endsWith('.ts')), ...SOURCE_DIRS.flatMap(listTs)]
const graph = new Map<string, Edge[]>()
const bare = new Map<string, Edge[]>()
for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8')
  const local: Edge[] = []
  const external: Edge[] = []
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[3]
    // `import { type A, type B }` is type-only too.
    const braces = /\{([^}]*)\}/.exec(m[0])?.[1]
    const allTypes = braces !== undefined && braces.split(',').map(s => s.trim()).filter(Boolean).every(s => s.startsWith('type '))
    const typeOnly = Boolean(m[2]) || (allTypes && !/import\s+\w+\s*,/.test(m[0]))
    if (spec.startsWith('.')) local.push({ to: posix.normalize(posix.join(posix.dirname(file), spec)).replace(/\.js$/, '.ts'), typeOnly })
    else external.push({ to: spec, typeOnly })
  }
  for (const m of text.matchAll(DYNAMIC)) {
    if (m[1].startsWith('.')) local.push({ to: posix.normalize(posix.join(posix.dirname(file), m[1])).replace(/\.js$/, '.ts'), typeOnly: false })
    else external.push({ to: m[1], typeOnly: false })
  }
  graph.set(file, local)
  bare.set(file, external)
}

const top = (f: string) => f.includes('/') ? f.slice(0, f.indexOf('/')) : '.'

t.test('core/, clients/ and lib/ never import plugins/, domains/ or routes/; core/ and config.ts stand on core/ alone', async t => {
  const bad: string[] = []
  for (const [file, edges] of graph) {
    const floor = top(file)
    for (const e of edges) {
      const to = top(e.to)
      if (['core', 'clients', 'lib'].includes(floor) && ['plugins', 'domains', 'routes'].includes(to)) bad.push(`${file} → ${e.to}`)
      if ((floor === 'core' || file === 'config.ts') && to !== 'core' && e.to !== 'config.ts') bad.push(`${file} → ${e.to}`)
    }
  }
  t.same(bad, [], 'each floor imports only the floors beneath it')
})

t.test('the framework-free floors import no Fastify module', async t => {
  const bad: string[] = []
  for (const [file, edges] of bare) {
    if (!['core', 'clients', 'lib'].includes(top(file))) continue
    for (const e of edges) if (/^(fastify|fastify-plugin|@fastify\/)/.test(e.to)) bad.push(`${file} → ${e.to}`)
  }
  t.same(bad, [])
})

t.test('no import circles', async t => {
  // Tarjan's strongly connected components over every local import.
  let index = 0
  const idx = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (v: string): void => {
    idx.set(v, index); low.set(v, index); index++
    stack.push(v); onStack.add(v)
    for (const { to } of graph.get(v) ?? []) {
      if (!graph.has(to)) continue
      if (!idx.has(to)) { visit(to); low.set(v, Math.min(low.get(v)!, low.get(to)!)) } else if (onStack.has(to)) low.set(v, Math.min(low.get(v)!, idx.get(to)!))
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = []
      let w: string
      do { w = stack.pop()!; onStack.delete(w); component.push(w) } while (w !== v)
      if (component.length > 1) circles.push(component.sort())
    }
  }
  for (const v of graph.keys()) if (!idx.has(v)) visit(v)
  t.same(circles, [], 'every import graph component is a single file')
})

t.test("the bot's runtime import graph contains no Fastify module", async t => {
  const seen = new Set<string>()
  const loaded = new Set<string>()
  const walk = (file: string): void => {
    if (seen.has(file)) return
    seen.add(file)
    for (const e of bare.get(file) ?? []) if (!e.typeOnly) loaded.add(e.to)
    for (const e of graph.get(file) ?? []) if (!e.typeOnly) walk(e.to)
  }
  walk('bot/main.ts')
  t.ok(seen.size > 5, `walked ${seen.size} bot files`)
  t.same([...loaded].filter(m => /^(fastify|fastify-plugin|@fastify\/)/.test(m)), [], 'no fastify, fastify-plugin or @fastify/* module')
  t.same([...seen].filter(f => top(f) === 'plugins' || top(f) === 'routes' || top(f) === 'domains'), [], 'no plugin, route or domain file')
})

t.test('every source file was read', async t => {
  t.ok(files.length > 150, `${files.length} files`)
  t.ok(relative(root, root) === '')
})
