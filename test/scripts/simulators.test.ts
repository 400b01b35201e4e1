// `npm run simulators` (issue 34 #14): the simulated stack alone prints each backend's URL and key and the
// settings for a tool server on them; the printed keys open the printed URLs; Ctrl+C exits cleanly and leaves
// no scratch folder. `.env` (a household's real keys) is never committed.
import t from 'tap'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

t.test('.env is ignored by git', async t => {
  t.match(readFileSync(join(ROOT, '.gitignore'), 'utf8'), /^\.env$/m)
})

t.test('npm run simulators prints every backend with its URL and key, and the settings for a server on them', async t => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
  t.match(pkg.scripts.simulators, /tsx scripts\/simulators\.ts$/)
  t.match(readFileSync(join(ROOT, 'README.md'), 'utf8'), /`npm run simulators`/, 'documented')
  const tmp = mkdtempSync(join(tmpdir(), 'msmcp-sims-tmp-'))
  t.teardown(() => rmSync(tmp, { recursive: true, force: true }))
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp }
  for (const k of Object.keys(env)) if (k === 'NODE_OPTIONS' || k.startsWith('TAP') || k.startsWith('_TAPJS') || k === 'MEDIA_ROOT' || k === 'DOWNLOADS_ROOT') delete env[k]
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'simulators.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stderr.on('data', d => { out += d })
  const exited = new Promise<number | null>(resolve => child.on('close', resolve))
  t.teardown(() => { child.kill('SIGKILL') })
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', d => { out += d; if (/^Ready: /m.test(out)) resolve() })
    child.on('close', code => reject(new Error(`the simulators exited (${code}) before they were ready:\n${out}`)))
  })
  for (const label of ['media server', 'series manager', 'movie manager', 'indexer manager', 'direct-download manager', 'Usenet client']) {
    t.match(out, new RegExp(`${label} \\(\\w+ API\\)\\s+http://127\\.0\\.0\\.1:\\d+\\s+key \\w+`), `${label}: URL and key`)
  }
  const setting = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(out)?.[1]
  for (const key of ['MEDIA_ROOT', 'DOWNLOADS_ROOT', 'SERIES_MANAGER_URL', 'SERIES_MANAGER_API_KEY', 'DOWNLOAD_MANAGER_URL', 'PATH_MAP']) t.ok(setting(key), `${key} is printed as a setting`)
  const status = await fetch(`${setting('SERIES_MANAGER_URL')}/api/v3/system/status`, { headers: { 'X-Api-Key': setting('SERIES_MANAGER_API_KEY')! } })
  t.equal(status.status, 200, 'the printed key opens the printed series manager')
  child.kill('SIGINT')
  t.equal(await exited, 0, 'a clean exit on Ctrl+C')
  t.same(readdirSync(tmp).filter(name => !name.startsWith('tsx-')), [], 'no scratch folder left')
})
