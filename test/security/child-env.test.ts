// Finding 12.13: ffprobe, ffmpeg, mkvmerge, the downloaders and every other child inherited the server's
// whole environment, backend keys included. Every child now gets the minimal environment (core/process/env.ts):
// a stand-in program prints what it received, and a static check finds every spawn site in the code base.
import t, { type Test } from 'tap'
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runProcess, startDaemon } from '../../core/process/index.js'
import { probeMedia } from '../../lib/media/probe.js'
import { runFfmpeg } from '../../lib/media/ffmpeg-run.js'
import { SECRET_KEYS } from '../../config.js'

const SECRET_NAME = /KEY|TOKEN|SECRET|PASS|PASSWORD|PASSPHRASE|CREDENTIAL|AUTH/i
const planted: Record<string, string> = {
  MEDIA_SERVER_API_KEY: 'planted-media-key',
  INTERNAL_API_KEY: 'planted-internal-key',
  OAUTH_APPROVAL_PASSPHRASE: 'planted-passphrase',
  TORRENT_CLIENT_PASSWORD: 'planted-password',
  SOME_OTHER_TOKEN: 'planted-token',
  http_proxy: 'http://planted-proxy:3128',
  no_proxy: '*'
}
for (const [k, v] of Object.entries(planted)) process.env[k] = v
t.teardown(() => { for (const k of Object.keys(planted)) delete process.env[k] })

const dir = mkdtempSync(join(tmpdir(), 'child-env-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))
/** A stand-in for a media tool: writes its environment to a file, then fails like a broken tool would. */
function standIn (name: string): { path: string, env: () => Record<string, string> } {
  const path = join(dir, name)
  const out = join(dir, `${name}.env`)
  writeFileSync(path, `#!/bin/sh\nenv -0 > "${out}"\nexit 1\n`)
  chmodSync(path, 0o755)
  return { path, env: () => parseEnv(readFileSync(out, 'utf8'), '\0') }
}

/**
 * `env` output as variables. tap's process-info hook adds its own _TAPJS_* variables to every child the test
 * process starts (one holds a newline-separated list of test files): the test runner's, not the server's.
 */
function parseEnv (text: string, separator: string): Record<string, string> {
  const entries = text.split(separator).filter(l => l.includes('=')).map(l => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)])
  return Object.fromEntries(entries.filter(([k]) => !k.startsWith('_TAPJS_')))
}

function assertMinimal (t: Test, env: Record<string, string>, who: string) {
  const text = JSON.stringify(env)
  for (const value of Object.values(planted)) t.notOk(text.includes(value), `${who}: no planted value`)
  t.same(Object.keys(env).filter(k => SECRET_NAME.test(k)), [], `${who}: no secret-named variable`)
  t.notOk('http_proxy' in env || 'no_proxy' in env, `${who}: no inherited proxy settings that could route around the URL guard`)
  t.ok(env.PATH, `${who}: PATH still passes`)
}

t.test('ffprobe and ffmpeg get the minimal environment', async t => {
  const ffprobe = standIn('ffprobe')
  await t.rejects(probeMedia(ffprobe.path, join(dir, 'x.mkv')))
  assertMinimal(t, ffprobe.env(), 'ffprobe')
  const ffmpeg = standIn('ffmpeg')
  await t.rejects(runFfmpeg(ffmpeg.path, ['-i', 'x']))
  assertMinimal(t, ffmpeg.env(), 'ffmpeg')
})

t.test('runProcess and startDaemon: extra variables are added, the server\'s own never pass', async t => {
  const res = await runProcess('env', ['-0'], { env: { HOME: '/tmp/child-home' } })
  const env = parseEnv(res.stdout, '\0')
  assertMinimal(t, env, 'runProcess')
  t.equal(env.HOME, '/tmp/child-home')
  const daemon = await startDaemon('env', [], { label: 'env' })
  await daemon.exited
  t.notMatch(daemon.outputTail(), /planted-/, 'startDaemon')
})

// Production code: everything but tests, simulators and the benchmark.
const root = fileURLToPath(new URL('../../', import.meta.url))
const SKIP = new Set(['node_modules', 'test', 'simulators', 'bench', 'dist', '.git', 'web', 'tap-snapshots'])
function sources (d: string): string[] {
  return readdirSync(d).flatMap(name => {
    const p = join(d, name)
    if (SKIP.has(name) || name.startsWith('.')) return []
    if (statSync(p).isDirectory()) return sources(p)
    return p.endsWith('.ts') ? [p] : []
  })
}

/** The argument list of the call whose opening parenthesis is at `open` (quotes skipped, parentheses balanced). */
function callText (text: string, open: number): string {
  let depth = 0
  let quote = ''
  for (let i = open; i < text.length; i++) {
    const c = text[i]
    if (quote) { if (c === '\\') i++; else if (c === quote) quote = ''; continue }
    if (c === "'" || c === '"' || c === '`') quote = c
    else if (c === '(') depth++
    else if (c === ')' && --depth === 0) return text.slice(open, i + 1)
  }
  return text.slice(open)
}

t.test('static: every spawn site builds the child environment with childEnv', async t => {
  const files = sources(root)
  t.ok(files.length > 100, 'the scan sees the code base')
  const sites: string[] = []
  const offenders: string[] = []
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    const rel = relative(root, file)
    if (/from 'node:child_process'/.test(text)) {
      // Each call of a child_process function must pass env: childEnv(...) in its own argument list.
      for (const m of text.matchAll(/(?<![.\w])(spawn|spawnSync|execFile|execFileSync|exec|execSync|fork|run)\(/g)) {
        if (m[1] === 'run' && !/promisify\(execFile\)/.test(text)) continue
        sites.push(rel)
        if (!/env: childEnv\(/.test(callText(text, m.index + m[0].length - 1))) offenders.push(`${rel}: ${m[1]}(…) without env: childEnv(…)`)
      }
    }
    // runProcess and startDaemon build the environment themselves; nobody hands them this process's.
    if (/env:\s*(\{\s*\.\.\.)?process\.env\b/.test(text)) offenders.push(`${rel}: passes process.env to a child`)
  }
  t.same(offenders, [], 'every child gets the minimal environment')
  t.ok(sites.includes('core/process/run.ts') && sites.includes('core/process/daemon.ts') && sites.includes('lib/library/find-scan.ts'), `spawn sites found: ${[...new Set(sites)].join(', ')}`)
  for (const key of SECRET_KEYS) t.notOk(readFileSync(join(root, 'core/process/env.ts'), 'utf8').includes(`'${key}'`), `${key} is not passed through`)
})
