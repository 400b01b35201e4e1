// The demo stack with Seerr is one world: a request the owner makes through our tools is approved at once (the
// owner is Seerr's admin), Seerr sends it to the stack's Radarr through Radarr's own API (checked against its
// contract), and the title is then in the movie manager; a member's request waits for approval. Without the
// option the stack has no Seerr and the tools make no requests.
import t from 'tap'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../../app.js'
import { demoConfig } from '../../scripts/demo-config.js'
import { startSimulatedStack } from '../../simulators/stack.js'
import { ok } from '../helpers/results.js'
import { toolContext } from '../helpers/sim-app.js'

const PAPER_MOONS = 600001

t.test('an owner\'s request lands in the stack\'s movie manager; a member\'s waits', async t => {
  const scratch = mkdtempSync(join(tmpdir(), 'msmcp-stack-seerr-'))
  const roots = { media: join(scratch, 'data'), downloads: join(scratch, 'downloads'), state: join(scratch, 'state') }
  for (const dir of Object.values(roots)) mkdirSync(dir, { recursive: true })
  const stack = await startSimulatedStack({ media: roots.media, downloads: roots.downloads }, { validate: true, seerr: true })
  const config = demoConfig({ LOG_LEVEL: 'silent' }, { port: 0, mediaRoot: roots.media, downloadsRoot: roots.downloads, stateDir: roots.state, internalKey: 'stack-seerr-test-key-0123456789abcdef', stack: stack.settings })
  const app = await buildApp(config, { logger: false })
  await app.ready()
  t.teardown(async () => { await app.close(); await stack.close(); rmSync(scratch, { recursive: true, force: true }) })

  const requested = ok(await app.tools.call('movie_search', { addTmdbId: PAPER_MOONS }, toolContext())).requested
  t.match(requested, { title: 'Paper Moons', status: 'approved', requestedAs: 'owner' })
  const inManager = ok(await app.tools.call('movie_status', { view: 'movie', id: PAPER_MOONS }, toolContext())).items[0]
  t.match(inManager, { title: 'Paper Moons', monitored: true }, 'Seerr added it to the movie manager')
  const alice = toolContext({ principal: { ...toolContext().principal, actor: 'telegram:111:111' } })
  t.match(ok(await app.tools.call('movie_search', { addTmdbId: 600002 }, alice)).requested, { requestedAs: 'alice', status: 'pending' })
  t.same(stack.violations(), [], 'Seerr\'s calls to Radarr keep to Radarr\'s API contract')
})

t.test('without the option there is no Seerr', async t => {
  const stack = await startSimulatedStack({ media: '/tmp/none-media', downloads: mkdtempSync(join(tmpdir(), 'msmcp-stack-noseerr-')) })
  t.teardown(() => stack.close())
  t.equal(stack.settings.REQUESTS_URL, undefined)
})
