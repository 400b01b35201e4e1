// The polite search loop (check_jobs start: "search-loop") on the series and movie manager simulators: at most
// SEARCH_LOOP_PER_HOUR searches per manager in an hour, titles searched recently skipped (also after a restart),
// cancellable, and stopped before the disk would fall below DISK_MIN_FREE_GIB. The job's clock is injected
// (buildApp plugins.jobs now/sleep): the hour passes when the test says so, never in real time.
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { data, text } from '../../helpers/results.js'
import { HOUR } from '../../../lib/library/search-loop.js'
import type { JobRecord } from '../../../core/job-types.js'

// Two manager stacks and a restart: minutes on a loaded machine.
t.setTimeout(360_000)

const GiB = 1024 ** 3

/** A clock the test moves: each sleep the job asks for waits until the test lets it go (or the job is cancelled). */
function testClock () {
  let at = Date.parse('2026-11-20T20:00:00Z')
  let waiting: ((ms: number) => void) | undefined
  const asked: Array<{ ms: number, go: () => void }> = []
  return {
    now: () => at,
    sleep: (ms: number, signal: AbortSignal) => new Promise<void>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true })
      asked.push({ ms, go: () => { at += ms; resolve() } })
      waiting?.(ms)
    }),
    /** Resolves at the job's next sleep (one already asked for and not let go counts). */
    nextSleep: () => new Promise<{ ms: number, go: () => void }>(resolve => {
      const pending = () => asked.at(-1)!
      if (asked.length > 0 && !(pending() as { done?: boolean }).done) { (pending() as { done?: boolean }).done = true; return resolve(pending()) }
      waiting = () => { waiting = undefined; (pending() as { done?: boolean }).done = true; resolve(pending()) }
    })
  }
}

const searches = (sim: { state: { commands: Map<number, { name: string, body: Record<string, unknown> }> } }, name: string) =>
  [...sim.state.commands.values()].filter(c => c.name === name).map(c => JSON.stringify(c.body[name === 'EpisodeSearch' ? 'episodeIds' : 'movieIds']))

t.test('three searches per manager in an hour, then it waits an hour; the titles searched are not searched again, also after a restart', async t => {
  const clock = testClock()
  const roomy = async () => ({ totalBytes: 100_000 * GiB, usedBytes: 0, freeBytes: 100_000 * GiB, usedPercent: 0 })
  const build = { plugins: { jobs: { now: clock.now, sleep: clock.sleep }, disk: { figures: roomy } } }
  const s = await startServarrStack(t, { config: { SEARCH_LOOP_PER_HOUR: 3 }, build })
  const started = await s.call('check_jobs', { start: 'search-loop' })
  t.notOk(started.isError, text(started))
  const job = data(started).items[0] as JobRecord
  t.match(text(started), /^Started: Job .* \(search-loop: Search for missing titles and upgrades, at most 3 searches per hour per manager\)/)

  const first = await clock.nextSleep()
  t.equal(first.ms, HOUR, 'the fourth search of a manager waits for the hour of its first to pass')
  const hourOne = { sonarr: searches(s.sonarr, 'EpisodeSearch'), radarr: searches(s.radarr, 'MoviesSearch') }
  t.equal(hourOne.sonarr.length, 3, `Sonarr was asked three EpisodeSearch commands, one episode each: ${hourOne.sonarr}`)
  t.equal(hourOne.radarr.length, 3, `Radarr was asked three MoviesSearch commands: ${hourOne.radarr}`)
  t.match((await s.call('check_jobs', { id: job.id })).structuredContent, { items: [{ status: 'running', message: /at most 3 searches per hour per manager, the next at 2026-11-20T21:00:00/ }] })
  const again = await s.call('check_jobs', { start: 'search-loop' })
  t.match(text(again), /^Already running, not started again: Job /)
  t.equal(data(again).items[0].id, job.id)

  // The hour passes: three more each, none searched before.
  first.go()
  const second = await clock.nextSleep()
  t.equal(second.ms, HOUR)
  const two = { sonarr: searches(s.sonarr, 'EpisodeSearch').slice(3), radarr: searches(s.radarr, 'MoviesSearch').slice(3) }
  t.equal(two.sonarr.length, 3)
  t.equal(two.radarr.length, 3)
  t.same(two.sonarr.filter(x => hourOne.sonarr.includes(x)), [], 'no episode searched twice')
  t.same(two.radarr.filter(x => hourOne.radarr.includes(x)), [], 'no movie searched twice')

  // A restart interrupts the job (as every job); a loop started again keeps the pace and skips what was searched.
  const restarted = await s.restart(build)
  const after = await restarted.call('check_jobs', { id: job.id })
  t.match(after.structuredContent, { items: [{ status: 'interrupted' }] })
  const before = { sonarr: searches(s.sonarr, 'EpisodeSearch').length, radarr: searches(s.radarr, 'MoviesSearch').length }
  const next = await restarted.call('check_jobs', { start: 'search-loop' })
  t.match(text(next), /^Started: /)
  const waits = await clock.nextSleep()
  t.equal(waits.ms, HOUR, 'still within the second hour: it waits before searching again')
  t.same({ sonarr: searches(s.sonarr, 'EpisodeSearch').length, radarr: searches(s.radarr, 'MoviesSearch').length }, before, 'no search over the cap after the restart')
  waits.go()
  await clock.nextSleep()
  const three = searches(s.sonarr, 'EpisodeSearch').slice(before.sonarr)
  t.equal(three.length, 3)
  t.same(three.filter(x => [...hourOne.sonarr, ...two.sonarr].includes(x)), [], 'titles searched before the restart are skipped')

  // Cancelled while it waits: it ends as cancelled.
  const id = data(next).items[0].id
  const cancelled = await restarted.call('check_jobs', { id, cancel: true })
  t.notOk(cancelled.isError, text(cancelled))
  const ended = await restarted.app.jobs.wait(id, 30_000)
  t.equal(ended.status, 'cancelled')
})

t.test('it stops before the disk would fall below DISK_MIN_FREE_GIB by what the searches may bring', async t => {
  const clock = testClock()
  // 10 GiB floor, 11 GiB free: the first search (an episode or film of the library's typical size) would fit only when small.
  const figures = async () => ({ totalBytes: 100 * GiB, usedBytes: 89 * GiB, freeBytes: 11 * GiB, usedPercent: 89 })
  const s = await startServarrStack(t, { config: { SEARCH_LOOP_PER_HOUR: 50, DISK_MIN_FREE_GIB: 10 }, build: { plugins: { jobs: { now: clock.now, sleep: clock.sleep }, disk: { figures } } } })
  const started = await s.call('check_jobs', { start: 'search-loop' })
  const done = await s.app.jobs.wait(data(started).items[0].id, 60_000)
  t.equal(done.status, 'succeeded')
  const result = done.result as { stopped?: string, searchedCount: number, estimatedBytes: number }
  t.match(result.stopped, /^Stopped before searching .*: the library and downloads disk has 11\.0 GiB free, .* which would leave less than DISK_MIN_FREE_GIB \(10\.0 GiB\)/)
  t.ok(result.estimatedBytes <= 1 * GiB, `what was asked for fits in the 1 GiB above the floor (${result.estimatedBytes})`)
  t.equal(searches(s.sonarr, 'EpisodeSearch').length + searches(s.radarr, 'MoviesSearch').length, result.searchedCount)
})
