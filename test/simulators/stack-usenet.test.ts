// The simulated stack (and so `npm run demo`) with the SABnzbd simulator as its Usenet client: download_status
// lists the household's Usenet jobs with the rest, the failed one with its reason, get_library_state counts them,
// and /health shows SABnzbd.
import t from 'tap'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildDemoApp } from '../helpers/demo-app.js'
import { ok } from '../helpers/results.js'
import { toolContext } from '../helpers/sim-app.js'

t.test('the demo stack\'s Usenet client shows in download_status and /health', async t => {
  const { app } = await buildDemoApp(t, {
    stack: (_, roots) => {
      const sample = join(roots.base, 'sample.mp4')
      writeFileSync(sample, 'sample video bytes')
      return { household: { sample }, usenet: true }
    }
  })

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
