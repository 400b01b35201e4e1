// Issue 28 item 8, "a stuck download that needs a person": the background check reads the managers' stuck view
// (the Sonarr/Radarr simulators with a stuck queue item) and tells the household once per download, with the
// manager's reason and the call that fixes it; not again while it stays stuck, nor when the manager stops
// answering for a while; again after it recovered and got stuck again. It stops with the server, even mid-read,
// and without a channel for the event it never reads anything.
import t from 'tap'
import { startServarrStack, type ServarrStack } from '../../helpers/servarr-sims.js'
import { noticeReceiver } from '../../helpers/notice-receiver.js'
import { stuckAs } from '../../../simulators/servarr/stuck.js'
import { createSabnzbdSimulator } from '../../../simulators/sabnzbd/server.js'
import { buildTestApp } from '../../helpers/build.js'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { grabFirstEpisode } from '../../helpers/grabs.js'
import { startStaticServer } from '../../helpers/static-server.js'

const QUEUE = 'GET /api/v3/queue'
const CHECK_MS = 20
// batchMs 0: each notice goes out as soon as it is decided (a channel otherwise gathers a flood for 1 s of real
// time); every notice here is about one download, and what is judged is how many were told, not their batching.
const SAB_KEY = 'fedcba9876543210fedcba9876543210'
const REFUSED = 'http://127.0.0.1:9'
const OTHERS = { SERIES_MANAGER_URL: REFUSED, MOVIE_MANAGER_URL: REFUSED, TORRENT_CLIENT_URL: REFUSED }

async function stack (t: { teardown: (fn: () => unknown) => void }, events = '') {
  const household = await noticeReceiver()
  t.teardown(() => household.close())
  // The stuck view asks the torrent client about a grabbed torrent. One that answers every call at once (404): a
  // closed port is retried with back-off (clients/http.ts), so each round waited ~0.6 s until the breaker opened.
  const torrentClient = await startStaticServer()
  t.teardown(() => torrentClient.close())
  const s = await startServarrStack(t, {
    sim: { downloadMs: 600_000, queueRefreshMs: 5 },
    config: { NOTIFY_URLS: `json://${household.host}/hook`, NOTIFY_EVENTS: events, TORRENT_CLIENT_URL: torrentClient.url },
    build: { plugins: { notify: { checksMs: CHECK_MS, batchMs: 0 } } }
  })
  return { s, household }
}

/** Grabs the first release of an episode without a file and waits until the manager lists it. */
const grab = (s: ServarrStack) => grabFirstEpisode(s.app, s.sonarr, { tracked: true })

/** Lets the check read the series manager's queue `n` more times. */
async function rounds (s: Pick<ServarrStack, 'sonarr' | 'app'>, n: number) {
  const start = s.sonarr.requests.count(QUEUE)
  while (s.sonarr.requests.count(QUEUE) < start + n) await new Promise(resolve => setTimeout(resolve, 5))
  await s.app.notify.idle()
}

/** A stack whose grabbed download got stuck and was told, once (the check has read the queue twice since). */
async function toldOnce (t: Parameters<typeof stack>[0]) {
  const { s, household } = await stack(t)
  const item = await grab(s)
  item.stuck = stuckAs('sonarr', item.title, 'notUpgrade')
  await household.waitFor(1)
  await rounds(s, 2)
  return { s, household, item }
}

const bodies = (r: { received: Array<{ body: string }> }) => r.received.map(x => JSON.parse(x.body) as { title: string, message: string })

t.test('told once, not repeated, silent while the manager is down, told again after it recovered', async t => {
  const { s, household } = await stack(t)
  const item = await grab(s)
  await rounds(s, 3)
  t.equal(household.received.length, 0, 'a healthy download is nobody\'s business')

  item.stuck = stuckAs('sonarr', item.title, 'notUpgrade')
  await household.waitFor(1)
  await s.app.notify.idle()
  const [notice] = bodies(household)
  t.equal(notice!.title, 'A download needs a person')
  t.match(notice!.message, `"${item.title}" is stuck in the series manager (importFailed): Not an upgrade for existing episode file(s).`, 'names the title and the manager\'s own reason')
  t.match(notice!.message, `cancel_downloads {"action":"retry","ids":["series:${item.id}"]}`, 'and the call that retries it')
  t.match(s.app.audit.store.list({ action: 'notify.stuck', offset: 0, limit: 10 }), { total: 1 }, 'recorded in the audit trail')

  await rounds(s, 4)
  t.equal(household.received.length, 1, 'still stuck: not told again')

  // The manager stops answering; meanwhile the download recovers and gets stuck again, unseen.
  // (Three failed reads, fewer than open the client's circuit breaker.)
  const stopped = s.sonarr.faults.hits
  s.sonarr.faults.set('down', { match: /\/queue/, count: 3 })
  item.stuck = undefined
  while (s.sonarr.faults.hits < stopped + 3) await new Promise(resolve => setTimeout(resolve, 5))
  item.stuck = stuckAs('sonarr', item.title, 'notUpgrade')
  await s.app.notify.idle()
  t.equal(household.received.length, 1, 'a manager that does not answer produces no notice')
  await rounds(s, 3)
  t.equal(household.received.length, 1, 'back and still stuck: nothing was taken as recovered while it was away')

  item.stuck = undefined
  await rounds(s, 2)
  t.equal(household.received.length, 1, 'recovered: nothing to tell')
  item.stuck = stuckAs('sonarr', item.title, 'stalled')
  item.addedAt -= 31 * 60_000
  await household.waitFor(2)
  t.match(bodies(household)[1]!.message, `"${item.title}" is stuck in the series manager (stalled): The download is stalled with no connections.`, 'stuck again after recovering: told again')
  await rounds(s, 3)
  t.equal(household.received.length, 2)
})

t.test('a restart does not tell a still-stuck download again', async t => {
  const { s, household, item } = await toldOnce(t)
  const { app } = await s.restart()
  await rounds({ sonarr: s.sonarr, app }, 4)
  t.equal(household.received.length, 1, 'told once across the restart')
  item.stuck = undefined
  await rounds({ sonarr: s.sonarr, app }, 2)
  item.stuck = stuckAs('sonarr', item.title, 'notUpgrade')
  await household.waitFor(2)
  t.pass('recovered and stuck again after the restart: told again')
})

t.test('the check stops with the server, even while a manager keeps it waiting', async t => {
  const { s, household } = await stack(t)
  const item = await grab(s)
  item.stuck = stuckAs('sonarr', item.title, 'notUpgrade')
  // The queue answers in an hour, longer than any test may take: close returning at all is not held up by the read.
  s.sonarr.faults.set('slow', { match: /\/queue/, delayMs: 3_600_000 })
  const before = s.sonarr.faults.hits
  while (s.sonarr.faults.hits === before) await new Promise(resolve => setTimeout(resolve, 5))
  await s.app.close()
  const after = s.sonarr.requests.count(QUEUE) + s.sonarr.faults.hits
  await new Promise(resolve => setTimeout(resolve, CHECK_MS * 10))
  t.equal(s.sonarr.requests.count(QUEUE) + s.sonarr.faults.hits, after, 'no read after close')
  t.equal(household.received.length, 0)
})

t.test('without a channel for the event the managers are never read for it', async t => {
  const { s, household } = await stack(t, 'stuck=off')
  const item = await grab(s)
  item.stuck = stuckAs('sonarr', item.title, 'notUpgrade')
  const reads = s.sonarr.requests.count(QUEUE)
  await new Promise(resolve => setTimeout(resolve, CHECK_MS * 10))
  t.equal(s.sonarr.requests.count(QUEUE), reads, 'no background read of the queue')
  t.equal(household.received.length, 0)
})

t.test('a failed Usenet job is told once, with the downloader\'s reason and the retry call; managers that do not answer say nothing', async t => {
  const household = await noticeReceiver()
  t.teardown(() => household.close())
  const sab = await createSabnzbdSimulator({ apiKey: SAB_KEY })
  t.teardown(() => sab.close())
  const { app } = await buildTestApp(t, {
    config: roots => ({
      ...OTHERS,
      PATH_MAP: `/downloads=${roots.downloads}`,
      USENET_CLIENT_TYPE: 'sabnzbd',
      USENET_CLIENT_URL: sab.url,
      USENET_CLIENT_API_KEY: SAB_KEY,
      NOTIFY_URLS: `json://${household.host}/hook`
    }),
    build: { plugins: { notify: { checksMs: CHECK_MS, batchMs: 0 } } }
  })
  const job = sab.state.add('Movie.2021.1080p', 4 * 1024 * 1024, { outcome: 'missing articles' })
  sab.state.advance(3_000)
  await household.waitFor(1)
  const queueReads = () => sab.calls.filter(c => c.startsWith('queue') || c.startsWith('history')).length
  const reads = queueReads()
  while (queueReads() < reads + 6) await new Promise(resolve => setTimeout(resolve, 5))
  await app.notify.idle()
  t.equal(household.received.length, 1, 'told once')
  t.match(bodies(household)[0]!.message, `"Movie.2021.1080p" failed in SABnzbd: missing articles. Ask the assistant to retry it (cancel_downloads {"action":"retry","ids":["usenet:${job.nzo_id}"]}`)
})

t.test('damaged records of what was told and of downloads added by hand are set aside and reported, not written over (issue 35 item 11)', async t => {
  const { s, household } = await toldOnce(t)
  const dir = s.app.config.STATE_DIR
  writeFileSync(join(dir, 'stuck-notices.json'), '{"download:abc": ["series@def')
  writeFileSync(join(dir, 'added-downloads.json'), '[1, 2]')
  const { app } = await s.restart()
  await household.waitFor(2)
  await rounds({ sonarr: s.sonarr, app }, 2)
  t.equal(household.received.length, 2, 'a download still stuck is told once more, not again and again')
  const aside = (name: string) => readdirSync(dir).filter(f => f.startsWith(`${name}.corrupt-`))
  t.equal(aside('stuck-notices.json').length, 1, 'the damaged record of what was told is set aside')
  t.equal(readFileSync(join(dir, aside('stuck-notices.json')[0]!), 'utf8'), '{"download:abc": ["series@def', 'with its content as it was')
  t.equal(readFileSync(join(dir, aside('added-downloads.json')[0]!), 'utf8'), '[1, 2]')
  t.ok(JSON.parse(readFileSync(join(dir, 'stuck-notices.json'), 'utf8')), 'a new record is written beside it')
  const health = (await app.inject({ method: 'GET', url: '/health' })).json() as { warnings?: string[] }
  t.match(health.warnings, [/stuck downloads already told \(stuck-notices\.json\) could not be read .*set aside as stuck-notices\.json\.corrupt-\d+/, /downloads added by hand \(added-downloads\.json\) could not be read \(it is not a JSON object\).*set aside/])
  t.same(readdirSync(dir).filter(f => /\.tmp-/.test(f)), [], 'no temp file is left behind')
})
