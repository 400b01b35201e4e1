// `npm run setup` end to end: scripts/setup.ts spawned (through the test loader) against the simulated stack, reading the
// same environment as the server; one line per step, exit 1 when a step failed, secrets never printed.
import t from 'tap'
import { spawn } from 'node:child_process'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { secretsPath } from '../../lib/setup/secrets-file.js'
import { TS_LOADER } from '../helpers/ts-child.js'
import { cliEnv, startSetupStack } from './stack.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

function cli (args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null, stdout: string, stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...TS_LOADER, join(ROOT, 'scripts', 'setup.ts'), ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', d => { stdout += d })
    child.stderr.on('data', d => { stderr += d })
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.on('error', reject)
    child.on('close', code => { clearTimeout(timer); resolve({ code, stdout, stderr }) })
  })
}

t.test('a full run, then a second one that finds everything done', async t => {
  const stack = await startSetupStack(t)
  const pwFile = join(stack.roots.base, 'jellyfin-password')
  writeFileSync(pwFile, 'admin-password\n', { mode: 0o600 })
  const env = cliEnv(stack.config)
  const args = ['--config-root', stack.configRoot, '--jellyfin-user', 'admin', '--jellyfin-password-file', pwFile]

  const first = await cli(args, env)
  t.equal(first.code, 0, first.stderr)
  const lines = first.stdout.split('\n').filter(l => /^(done|already_done|planned|skipped|failed)\s/.test(l))
  t.equal(lines.length, 16, 'one line per step')
  t.ok(lines.every(l => l.startsWith('done ')), first.stdout)
  t.match(first.stdout, /^done\s+key\.sonarr\s+Found the Sonarr key/m)
  t.match(first.stdout, /Keys: sonarr present, radarr present, prowlarr present, jellyfin present/)
  t.match(first.stdout, /Restart the tool server/)
  t.equal(statSync(secretsPath(stack.config.STATE_DIR)).mode & 0o777, 0o600)
  t.match(readFileSync(secretsPath(stack.config.STATE_DIR), 'utf8'), `SERIES_MANAGER_API_KEY=${stack.keys.sonarr}`)

  const second = await cli([...args, '--json'], env)
  t.equal(second.code, 0, second.stderr)
  const report = JSON.parse(second.stdout)
  t.ok(report.results.every((r: { status: string }) => r.status === 'already_done'), 'second run: all already done')

  for (const out of [first.stdout, first.stderr, second.stdout, second.stderr]) {
    for (const key of Object.values(stack.keys)) t.notOk(out.includes(key), 'no key printed')
    for (const k of stack.jellyfin.accounts.keys) t.notOk(out.includes(k.token), 'no Jellyfin key printed')
    t.notOk(out.includes('admin-password'), 'no password printed')
  }
  t.same(stack.violations(), [])
})

t.test('--only and --dry-run; a failed step exits 1; usage errors exit 2', async t => {
  const stack = await startSetupStack(t)
  const env = cliEnv(stack.config)
  const dry = await cli(['--config-root', stack.configRoot, '--only', 'key.sonarr,root_folders', '--dry-run'], env)
  t.equal(dry.code, 0, dry.stderr)
  t.match(dry.stdout, /^planned\s+key\.sonarr/m)
  t.match(dry.stdout, /^skipped\s+root_folder\.movies\s+No Radarr API key is known/m, 'the Radarr key step was not selected')
  t.notMatch(dry.stdout, /download_client/)
  t.equal(stack.sonarr.state.rootFolders.length, 0, 'dry run changed nothing')

  await stack.radarr.close()
  const failing = await cli(['--config-root', stack.configRoot, '--only', 'keys,root_folders'], env)
  t.equal(failing.code, 1)
  t.match(failing.stdout, /^failed\s+root_folder\.movies\s+Radarr is unreachable/m)
  t.match(failing.stdout, /^done\s+root_folder\.tv/m)

  const unknown = await cli(['--only', 'nope'], env)
  t.equal(unknown.code, 2)
  t.match(unknown.stderr, /Unknown setup step "nope"/)
  const badFlag = await cli(['--frobnicate'], env)
  t.equal(badFlag.code, 2)
  t.match(badFlag.stderr, /Usage: npm run setup/)
  const badConfig = await cli([], { ...env, SERIES_MANAGER_URL: 'not a url' })
  t.equal(badConfig.code, 78)
  t.match(badConfig.stderr, /SERIES_MANAGER_URL/)
})
