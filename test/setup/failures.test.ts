// Failures stay local: a backend that is down fails its own steps with the reason while the other steps
// run; a missing prerequisite skips the steps that need it, saying why. Driven through runSetup directly.
import t from 'tap'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildConfig } from '../../config.js'
import { runSetup } from '../../lib/setup/run.js'
import type { SetupLog, SetupRequest, StepResult } from '../../lib/setup/types.js'
import { startSetupStack, type SetupStack } from './stack.js'

const lines: string[] = []
const log: SetupLog = {
  info: (o, m) => { lines.push(`${m} ${JSON.stringify(o)}`) },
  warn: (o, m) => { lines.push(`${m} ${JSON.stringify(o)}`) },
  error: (o, m) => { lines.push(`${m} ${JSON.stringify(o)}`) }
}

async function run (stack: SetupStack, request: Partial<SetupRequest> = {}, config = stack.config) {
  const report = await runSetup(config, { configRoot: stack.configRoot, ...request }, log)
  return { report, by: Object.fromEntries(report.results.map(r => [r.step, r])) as Record<string, StepResult> }
}

t.test('a backend that is down fails its steps with the reason; the rest still runs', async t => {
  const stack = await startSetupStack(t)
  await stack.radarr.close()
  const { by } = await run(stack, { jellyfinAdmin: { token: stack.keys.jellyfin } })
  t.match(by['key.radarr'], { status: 'done' }, 'the key is read from its file, not from Radarr')
  t.match(by['download_client.radarr'], { status: 'failed', message: /^Radarr is unreachable at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\).*MOVIE_MANAGER_URL/ })
  t.match(by['root_folder.movies'], { status: 'failed', message: /^Not tried: Radarr is unreachable/ }, 'a dead backend is tried once per run')
  for (const step of ['download_client.sonarr', 'root_folder.tv', 'root_folder.anime', 'application.sonarr', 'application.radarr', 'indexer_proxy.challenge', 'library.movies', 'library.music']) {
    t.equal(by[step].status, 'done', `${step} still done`)
  }
  t.same(stack.violations(), [])
})

t.test('a wrong key, a 5xx and a refused write are failures with public reasons', async t => {
  const stack = await startSetupStack(t)
  writeFileSync(join(stack.configRoot, 'sonarr', 'config.xml'), `<Config><ApiKey>${'0'.repeat(32)}</ApiKey></Config>`)
  stack.prowlarr.faults.set('5xx', { status: 500, match: /indexerproxy/ })
  stack.radarr.state.rootFolders.push({ id: 1, path: '/data/movies-old' })
  rmSync(join(stack.roots.media, 'movies'), { recursive: true })
  const { by } = await run(stack, { steps: ['keys', 'download_client.sonarr', 'root_folder.movies', 'indexer_proxy'] })
  t.match(by['download_client.sonarr'], { status: 'failed', message: /Sonarr rejected the API key: check SERIES_MANAGER_API_KEY/ })
  t.match(by['indexer_proxy.challenge'], { status: 'failed', message: /Prowlarr failed \(HTTP 500\)/ })
  t.match(by['root_folder.movies'], { status: 'failed', message: /Radarr refused to add the root folder \/data\/movies: Folder '\/data\/movies' does not exist/ })
})

t.test('missing prerequisites skip with the reason', async t => {
  const stack = await startSetupStack(t, { TORRENT_CLIENT_PASSWORD: '' })
  rmSync(join(stack.configRoot, 'prowlarr'), { recursive: true })
  const { by, report } = await run(stack)
  t.match(by['key.prowlarr'], { status: 'failed', message: /prowlarr\/config\.xml was not found under the config root/ })
  t.match(by['key.jellyfin'], { status: 'skipped', message: /administrator credential/ })
  for (const step of ['application.sonarr', 'application.radarr', 'indexer_proxy.challenge']) {
    t.match(by[step], { status: 'skipped', message: /No Prowlarr API key is known.*INDEXER_MANAGER_API_KEY/ }, step)
  }
  for (const step of ['library.movies', 'library.tv', 'library.anime', 'library.music']) t.match(by[step], { status: 'skipped', message: /No Jellyfin API key/ }, step)
  t.match(by['download_client.sonarr'], { status: 'skipped', message: /TORRENT_CLIENT_PASSWORD/ })
  t.match(by['root_folder.tv'], { status: 'done' })
  t.same(report.keys, { sonarr: 'present', radarr: 'present', prowlarr: 'missing', jellyfin: 'missing' })
})

t.test('Jellyfin: wrong password and non-administrators fail; an admin token works without a session', async t => {
  const stack = await startSetupStack(t)
  let r = await run(stack, { steps: ['key.jellyfin'], jellyfinAdmin: { username: 'admin', password: 'nope' } })
  t.match(r.by['key.jellyfin'], { status: 'failed', message: /refused that username or password/ })
  r = await run(stack, { steps: ['key.jellyfin'], jellyfinAdmin: { username: 'family', password: 'family-password' } })
  t.match(r.by['key.jellyfin'], { status: 'failed', message: /not an administrator/ })
  t.equal(stack.jellyfin.accounts.sessions.size, 0, 'the non-admin session was signed out too')
  r = await run(stack, { steps: ['key.jellyfin', 'library.tv'], jellyfinAdmin: { token: stack.keys.jellyfin } })
  t.match(r.by['key.jellyfin'], { status: 'done', message: /Created/ })
  t.match(r.by['library.tv'], { status: 'done' })
  t.same(stack.violations(), [])
})

t.test('keys that cannot be stored turn their steps into failures', async t => {
  const stack = await startSetupStack(t)
  const blocker = join(stack.roots.base, 'not-a-dir')
  writeFileSync(blocker, '')
  const config = buildConfig({ ...stack.config, STATE_DIR: join(blocker, 'state') })
  const { by, report } = await run(stack, { steps: ['keys', 'root_folder.tv'] }, config)
  t.match(by['key.sonarr'], { status: 'failed', message: /Storing it in STATE_DIR failed \(ENOTDIR\)/ })
  t.match(by['root_folder.tv'], { status: 'done' }, 'wiring still uses the key found in this run')
  t.equal(report.restartRequired, false)
})

t.test('log lines carry no secrets', async t => {
  const text = lines.join('\n')
  t.ok(text.length > 0)
  t.notMatch(text, /[0-9a-f]{32}/, 'no key-shaped value in any log line')
  t.notMatch(text, /admin-password|family-password|qbt-test-password/)
})
