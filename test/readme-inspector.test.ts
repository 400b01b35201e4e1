// The README's Inspector command works as printed: it is read out of the README, pointed at a test server
// on 127.0.0.1 (only the URL's host and port and KEY are replaced) and run with npx, as a user would.
import t from 'tap'
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { buildTestApp, TEST_INTERNAL_KEY } from './helpers/build.js'

const run = promisify(execFile)

/** The first `npx … inspector …` line of the README, split into words as a POSIX shell would (quotes only). */
function readmeInspectorCommand (): string[] {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  const line = readme.split('\n').find(l => /^npx .*@modelcontextprotocol\/inspector/.test(l.trim()))
  if (!line) throw new Error('README has no Inspector command line')
  return [...line.trim().matchAll(/"([^"]*)"|(\S+)/g)].map(m => m[1] ?? m[2])
}

t.test('the README prints a pinned Inspector version', async t => {
  const words = readmeInspectorCommand()
  t.match(words.find(w => w.includes('inspector')), /^@modelcontextprotocol\/inspector@\d+\.\d+\.\d+$/, 'an exact version')
  t.ok(words.includes('-y'), 'npx does not stop to ask')
})

t.test('the README\'s Inspector command lists the tools of a running server', async t => {
  const { app } = await buildTestApp(t)
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  const [cmd, ...args] = readmeInspectorCommand().map(w => w
    .replace('http://localhost:3000', base)
    .replace(/Bearer KEY$/, `Bearer ${TEST_INTERNAL_KEY}`))
  t.equal(cmd, 'npx')
  const { stdout } = await run(cmd, args, { timeout: 240_000, maxBuffer: 20 * 1024 * 1024, env: { ...process.env, npm_config_update_notifier: 'false' } })
  const listed = JSON.parse(stdout) as { tools: Array<{ name: string }> }
  t.same(listed.tools.map(x => x.name), app.tools.list().map(x => x.name))
})
