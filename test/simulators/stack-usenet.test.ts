// The simulated stack (and so `npm run demo`) with the SABnzbd simulator as its Usenet client: download_status
// lists the household's Usenet jobs with the rest, the failed one with its reason, get_library_state counts them,
// and /health shows SABnzbd.
import t from 'tap'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../../app.js'
import { demoConfig } from '../../scripts/demo-config.js'
import { startSimulatedStack } from '../../simulators/stack.js'
import { ok } from '../helpers/results.js'
import { toolContext } from '../helpers/sim-app.js'

t.test('the demo stack\'s Usenet client shows in download_status and /health', async t => {
  const scratch = mkdtempSync(join(tmpdir(), 'msmcp-stack-usenet-'))
  const roots = { media: join(scratch, 'data'), downloads: join(scratch, 'downloads'), state: join(scratch, 'state') }
  for (const d of [roots.media, roots.downloads, roots.state]) mkdirSync(d, { recursive: true })
  const sample = join(scratch, 'sample.mp4')
  writeFileSync(sample, 'sample video bytes')
  const stack = await startSimulatedStack({ media: roots.media, downloads: roots.downloads }, { household: { sample }, usenet: true })
  const config = demoConfig({ LOG_LEVEL: 'silent' }, { port: 0, mediaRoot: roots.media, downloadsRoot: roots.downloads, stateDir: roots.state, internalKey: 'stack-usenet-test-key-0123456789ab', stack: stack.settings })
  const app = await buildApp(config, { logger: false })
  await app.ready()
  t.teardown(async () => { await app.close(); await stack.close(); rmSync(scratch, { recursive: true, force: true }) })

  const status = ok(await app.tools.call('download_status', { limit: 100 }, toolContext()))
  const usenet = status.items.filter((i: { source: string }) => i.source === 'usenet')
  t.same(usenet.map((i: { name: string }) => i.name).sort(), ['Concert.2019.1080p', 'Nature.Documentary.S02E03.1080p.WEB', 'Old.Film.1954.720p.BluRay'])
  t.match(usenet.find((i: { name: string }) => i.name === 'Concert.2019.1080p'), { state: 'failed', reason: 'missing articles' })
  t.match(usenet.find((i: { name: string }) => i.name === 'Nature.Documentary.S02E03.1080p.WEB'), { state: 'fetching', bytesPerSecond: 2 * 1024 * 1024 })
  // get_library_state asks the Usenet client too: a title SABnzbd is fetching is downloading, not "not downloading".
  const nature = ok(await app.tools.call('get_library_state', { title: 'Nature Documentary' }, toolContext()))
  t.match(nature, { downloading: true, usenet: { available: true, matches: [{ name: 'Nature.Documentary.S02E03.1080p.WEB', state: 'fetching', phase: 'downloading' }] } })
  const concert = ok(await app.tools.call('get_library_state', { title: 'Concert' }, toolContext()))
  t.match(concert.usenet, { available: true, matches: [{ state: 'failed', reason: 'missing articles' }] }, 'a failed Usenet job is shown with its reason')
  t.not(concert.downloading, true, 'a failed Usenet job is not downloading')
  await app.refreshBackendStatus()
  t.match((await app.inject('/health')).json().backends.find((b: { service: string }) => b.service === 'SABnzbd'), { reachable: true, version: '5.0.1' })
})
