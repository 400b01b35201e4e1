// The house rules of the layout (README "Layout", docs/architecture.md), checked on the import graph of the source:
//  - the floors, from the ground up: core/ (with config.ts) → clients/ → lib/ → plugins/ and domains/ → routes/ →
//    the app (app.ts, then server.ts) and the bot; a file imports its own folder or a lower floor, never a higher one nor
//    another folder on its own floor (plugins/ and domains/ do not import each other), so no two folders import
//    each other (type-only imports count: a type is a dependency too);
//  - no floor imports simulators/, scripts/ or test/ (tooling stands beside the floors, never under them);
//  - there are no import circles anywhere;
//  - the framework-free floors (core/, clients/, lib/) import no Fastify module;
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

// The floor of a file: its top folder, or for a root file its own name. A higher number stands on the lower ones.
const FLOORS: Record<string, number> = {
  core: 0,
  'config.ts': 0,
  clients: 1,
  lib: 2,
  plugins: 3,
  domains: 3,
  routes: 4,
  'app.ts': 5,
  'server.ts': 6,
  bot: 5
}
const TOOLING = new Set(['simulators', 'scripts', 'test'])
const folder = (f: string) => f.includes('/') ? f.slice(0, f.indexOf('/')) : (f === 'config.ts' ? 'core' : f)
const floorKey = (f: string) => f.includes('/') ? folder(f) : f

// Edges that break the order and are known, with who removes them. Each must still exist (the test says when one
// is gone so the line goes too), and nothing else may join them.
// Edges known to break the order, each with why and when it goes (empty: the order holds everywhere).
const PENDING = new Map<string, string>([])

/** Every import that breaks the floor order, as "from → to". */
export function floorViolations (edges: Iterable<[string, string]>): string[] {
  const bad: string[] = []
  for (const [from, to] of edges) {
    if (TOOLING.has(folder(from)) || folder(from) === folder(to)) continue
    const mine = FLOORS[floorKey(from)]
    const theirs = FLOORS[floorKey(to)]
    if (mine === undefined) continue
    if (TOOLING.has(folder(to)) || theirs === undefined || theirs >= mine) bad.push(`${from} → ${to}`)
  }
  return bad
}

const localEdges = () => [...graph].flatMap(([file, edges]) => edges.map(e => [file, e.to] as [string, string]))

t.test('each floor imports only the floors beneath it', async t => {
  const bad = floorViolations(localEdges())
  t.same(bad.filter(e => !PENDING.has(e)), [], 'core → clients → lib → plugins/domains → routes → app')
  for (const [edge, why] of PENDING) t.ok(bad.includes(edge), `pending edge still present (remove it from PENDING once gone): ${edge} (${why})`)
})

t.test('the order check catches an import that breaks it', async t => {
  t.same(floorViolations([
    ['clients/aria2/daemon.ts', 'lib/net/free-port.ts'],
    ['core/deadline.ts', 'config.ts'],
    ['app.ts', 'server.ts'],
    ['config.ts', 'lib/secrets.ts'],
    ['plugins/jobs.ts', 'domains/index.ts'],
    ['domains/index.ts', 'plugins/jobs.ts'],
    ['plugins/mcp/app-views.ts', 'routes/web.ts'],
    ['routes/health.ts', 'app.ts'],
    ['lib/ytdlp.ts', 'simulators/jellyfin.ts'],
    ['bot/main.ts', 'routes/health.ts']
  ]), [
    'clients/aria2/daemon.ts → lib/net/free-port.ts',
    'app.ts → server.ts',
    'config.ts → lib/secrets.ts',
    'plugins/jobs.ts → domains/index.ts',
    'domains/index.ts → plugins/jobs.ts',
    'plugins/mcp/app-views.ts → routes/web.ts',
    'routes/health.ts → app.ts',
    'lib/ytdlp.ts → simulators/jellyfin.ts'
  ], 'upward, sideways and into tooling are caught; core ↔ config.ts and the bot on lower floors are not')
  t.same(floorViolations([
    ['lib/setup/calls.ts', 'clients/setup-calls.ts'],
    ['clients/types.ts', 'core/keyed-cache.ts'],
    ['routes/api/dashboard/downloads.ts', 'domains/each-instance.ts'],
    ['app.ts', 'routes/web.ts'],
    ['simulators/qbittorrent.ts', 'clients/http.ts']
  ]), [], 'downward imports and tooling reading the source pass')
})

t.test('no two folders import each other', async t => {
  const pairs = new Set<string>()
  for (const [from, to] of localEdges()) {
    if (PENDING.has(`${from} → ${to}`)) continue
    const a = folder(from)
    const b = folder(to)
    if (a !== b) pairs.add(`${a} → ${b}`)
  }
  const mutual = [...pairs].filter(p => { const [a, b] = p.split(' → '); return a < b && pairs.has(`${b} → ${a}`) })
  t.same(mutual, [], 'folder pairs importing each other (the PENDING edges aside)')
})

t.test('a tool file imports no other tool file: what two tools share lives beside them (series.ts, movies.ts, …)', async t => {
  const bad = localEdges().filter(([from, to]) => /^domains\/[^/]+\/tools\//.test(from) && /^domains\/[^/]+\/tools\//.test(to))
  t.same(bad.map(([from, to]) => `${from} → ${to}`), [])
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
