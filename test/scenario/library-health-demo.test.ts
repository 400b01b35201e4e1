// The demo shows library health (issue 37): titles below their quality cutoff in both managers' upgrades view,
// and a month of imports that fills the disk, in server_status and on the dashboard (simulators/household-health.ts).
import t from 'tap'
import { buildDemoApp } from '../helpers/demo-app.js'
import { toolContext } from '../helpers/sim-app.js'
import { ok } from '../helpers/results.js'

// A demo stack and a search loop on a shared machine.
t.setTimeout(360_000)

const GiB = 1024 ** 3
let clock = Date.parse('2026-11-20T20:00:00Z')
// The demo disk as a household's: 400 GiB free, whatever the machine running the test has.
const figures = async () => ({ totalBytes: 4000 * GiB, usedBytes: 3600 * GiB, freeBytes: 400 * GiB, usedPercent: 90 })
const { app, stack, key } = await buildDemoApp(t, {
  tree: 'no-ffmpeg',
  stack: tree => ({ validate: true, household: { sample: tree!.sample } }),
  // The search loop's clock is the test's: an hour it would wait passes at once (never in real time).
  build: { plugins: { disk: { figures }, jobs: { now: () => clock, sleep: async (ms: number) => { clock += ms } } } }
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

t.test('the polite search loop on the demo searches the titles below cutoff in both managers', async t => {
  const started = await call('check_jobs', { start: 'search-loop' })
  t.notOk(started.isError, started.content[0].text)
  const id = ok(started).items[0].id
  // The demo's lists are short, and the hours between its searches pass at once: the loop ends.
  let job: { status: string, result?: unknown } = { status: 'running' }
  // No deadline of our own: the file's limit catches a loop that never ends, whatever the machine's speed.
  while (job.status === 'running' || job.status === 'queued') {
    job = ok(await call('check_jobs', { id })).items[0]
    if (job.status === 'running' || job.status === 'queued') await new Promise(resolve => setTimeout(resolve, 100))
  }
  t.equal(job.status, 'succeeded', 'the loop went through every list')
  // What the managers themselves now say: each title below cutoff was searched (lastSearchTime, as the real
  // EpisodeResource/MovieResource carry it). A manager runs its search commands from its own queue, after the loop
  // asked: wait for the stamps (the file's limit catches a search never run).
  for (const [url, key] of [['SERIES_MANAGER_URL', 'SERIES_MANAGER_API_KEY'], ['MOVIE_MANAGER_URL', 'MOVIE_MANAGER_API_KEY']] as const) {
    const belowCutoff = async () => {
      const res = await fetch(`${stack.settings[url]}/api/v3/wanted/cutoff?page=1&pageSize=50`, { headers: { 'X-Api-Key': stack.settings[key]! } })
      return (await res.json() as { records: Array<{ id: number, lastSearchTime?: string | null }> }).records
    }
    let records = await belowCutoff()
    t.ok(records.length > 0, `${url}: titles below cutoff`)
    while (records.some(r => !r.lastSearchTime)) {
      await new Promise(resolve => setTimeout(resolve, 100))
      records = await belowCutoff()
    }
    t.pass(`${url}: every title below cutoff was searched`)
  }
  t.match(JSON.stringify(job.result), /"why":"upgrade"/, 'the job names the upgrades it searched')
})
