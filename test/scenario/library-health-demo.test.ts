// The demo shows library health (issue 37): titles below their quality cutoff in both managers' upgrades view,
// and a month of imports that fills the disk, in server_status and on the dashboard (simulators/household-health.ts).
import t from 'tap'
import { buildDemoApp } from '../helpers/demo-app.js'
import { toolContext } from '../helpers/sim-app.js'
import { ok } from '../helpers/results.js'

const GiB = 1024 ** 3
// The demo disk as a household's: 400 GiB free, whatever the machine running the test has.
const figures = async () => ({ totalBytes: 4000 * GiB, usedBytes: 3600 * GiB, freeBytes: 400 * GiB, usedPercent: 90 })
const { app, stack, key } = await buildDemoApp(t, {
  tree: 'no-ffmpeg',
  stack: tree => ({ validate: true, household: { sample: tree!.sample } }),
  build: { plugins: { disk: { figures } } }
})
const call = async (name: string, args: Record<string, unknown> = {}) => await app.tools.call(name, args, toolContext())

t.test('titles below cutoff in both managers, with what their upgrades would need', async t => {
  const series = ok(await call('series_status', { view: 'upgrades' }))
  t.equal(series.total, 3, 'three episodes of one series')
  t.ok(series.items.every((r: { currentQuality: string, wantedQuality: string }) => r.currentQuality !== r.wantedQuality))
  t.ok(series.next.length > 0, 'the releases call for an exact size')
  const movies = await call('movie_status', { view: 'upgrades' })
  t.equal(ok(movies).total, 2)
  t.match(movies.content[0].text, /Upgrading these 2 (needs|frees) about .* \(0 from releases, 2 estimated\)/)
})

t.test('a month of imports fills the disk: server_status and the dashboard say roughly when', async t => {
  const res = await call('server_status')
  const [disk] = ok(res).diskFilling
  t.match(disk, { state: 'filling' })
  t.ok(disk.imports >= 20 && disk.daysLeft > 0, `${disk.imports} imports, ${disk.daysLeft} days left`)
  t.match(res.content[0].text, /Filling: the media and downloads disk fills by about .* a day .*: below DISK_MIN_FREE_GIB \(\d+ GiB\) in about/)
  const library = (await app.inject({ method: 'GET', url: '/api/dashboard/library', headers: { authorization: `Bearer ${key}` } })).json()
  t.match(library.disks[0], { filling: { state: 'filling' }, fillingSentence: /fills by about/ })
  t.same(stack.violations(), [], 'contract-conformant traffic')
})
