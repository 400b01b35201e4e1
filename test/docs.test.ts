// The README is the user's page and the docs are linked from it: it stays short, no link is broken, every
// command it prints is run by CI (or says why it cannot be), and its tool table is the registry's catalogue.
import t from 'tap'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildTestApp } from './helpers/build.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')
const README = read('README.md')
const DOCS = readdirSync(join(ROOT, 'docs')).filter(f => f.endsWith('.md')).map(f => `docs/${f}`)

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchor = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-')

t.test('the README is the user\'s page: under 300 lines, with the sections a user needs', async t => {
  const lines = README.split('\n').length
  t.ok(lines < 300, `README has ${lines} lines`)
  for (const section of ['Quick start', 'Connect your client', 'The 30 tools', 'Configure', 'Deploy', 'Safety, in short', 'Troubleshooting', 'Documentation', 'Dependencies and why']) {
    t.match(README, new RegExp(`^## ${section.replace(/[()]/g, '\\$&')}$`, 'm'), section)
  }
})

t.test('every relative link in the README and the docs resolves, anchors included', async t => {
  for (const file of ['README.md', ...DOCS]) {
    const text = read(file)
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue
      const [path, hash] = target.split('#')
      const resolved = path ? resolve(ROOT, dirname(file), path) : join(ROOT, file)
      t.ok(existsSync(resolved), `${file}: ${target} exists`)
      if (hash && resolved.endsWith('.md') && existsSync(resolved)) {
        const headings = [...readFileSync(resolved, 'utf8').matchAll(/^#+ (.*)$/gm)].map(m => anchor(m[1]))
        t.ok(headings.includes(hash), `${file}: #${hash} is a heading of ${path || file}`)
      }
    }
  }
  for (const doc of DOCS) t.match(README, `](${doc})`, `${doc} is linked from the README`)
})

/** What runs each command the README prints, and the evidence in that file that it does. */
const RUN_BY: Array<{ command: RegExp, file: string, evidence: RegExp }> = [
  { command: /^npm ci && npm run demo$/, file: '.ci/run', evidence: /npm ci/ },
  { command: /^npm ci && npm run demo$/, file: 'test/entry-points.test.ts', evidence: /scripts', 'demo\.ts'/ },
  { command: /^npm test$/, file: '.ci/run', evidence: /^npm test /m },
  { command: /^npx -y @modelcontextprotocol\/inspector@/, file: 'test/readme-inspector.test.ts', evidence: /readmeInspectorCommand/ }
]
/** Commands CI cannot run, each with the reason. */
const NOT_RUN: Array<{ command: RegExp, why: string }> = [
  { command: /^claude mcp add /, why: 'Claude Code needs a signed-in Anthropic account to start' }
]

t.test('every command the README prints is run in CI, or says why it cannot be', async t => {
  const commands = [...README.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap(m => m[1].split('\n'))
    .map(l => l.replace(/\s+#.*$/, '').trim())
    .filter(Boolean)
  t.ok(commands.length >= 3)
  for (const command of commands) {
    const runners = RUN_BY.filter(r => r.command.test(command))
    const excused = NOT_RUN.find(r => r.command.test(command))
    t.ok(runners.length > 0 || excused, `${command}: run by a test, or excused`)
    for (const r of runners) t.match(read(r.file), r.evidence, `${command}: ${r.file} runs it`)
  }
})

t.test('the README\'s tool table is the registry\'s catalogue', async t => {
  const { app } = await buildTestApp(t)
  const table = README.slice(README.indexOf('| tool | title | kind |'), README.indexOf('## What it does'))
  const named = new Set<string>()
  for (const row of table.split('\n').filter(l => l.startsWith('|'))) {
    const [first, second] = row.split('|').slice(1, 3)
    for (const cell of first.includes('**') ? [second] : [first]) {
      for (const [, name] of (cell ?? '').matchAll(/`([a-z]+_[a-z_]+)`/g)) named.add(name)
    }
  }
  t.same([...named].sort(), app.tools.list().map(x => x.name).sort())
})
