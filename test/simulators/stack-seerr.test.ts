// The demo stack with Seerr is one world: a request the owner makes through our tools is approved at once (the
// owner is Seerr's admin), Seerr sends it to the stack's Radarr through Radarr's own API (checked against its
// contract), and the title is then in the movie manager; a member's request waits for approval. Without the
// option the stack has no Seerr and the tools make no requests.
import t from 'tap'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSimulatedStack } from '../../simulators/stack.js'
import { buildDemoApp } from '../helpers/demo-app.js'
import { ok } from '../helpers/results.js'
import { toolContext } from '../helpers/sim-app.js'

const PAPER_MOONS = 600001

t.test('an owner\'s request lands in the stack\'s movie manager; a member\'s waits', async t => {
  const { app, stack } = await buildDemoApp(t, { stack: { validate: true, seerr: true } })

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
