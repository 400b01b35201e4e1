// /api/dashboard over app.inject: auth and origin checks on every route, response shapes, graceful
// degradation when backends are down, now playing with stop/message against the Jellyfin simulator,
// downloads from the pyLoad simulator, and job cancel.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Value } from '@sinclair/typebox/value'
import { createJellyfinSimulator } from '../../simulators/jellyfin/index.js'
import { createPyloadSimulator } from '../../simulators/pyload/index.js'
import { DASHBOARD_ROUTES } from '../../routes/api/dashboard/routes.js'
import { ActivitySection, DownloadsSection, JobsSection, LibrarySection, NowPlayingSection, Snapshot } from '../../routes/api/dashboard/schemas.js'
import { buildTestApp, TEST_INTERNAL_KEY } from '../helpers/build.js'
import { oauthLogin, principalIdOf } from '../helpers/oauth-client.js'
import { SIM_KEYS } from '../helpers/sim-app.js'
import { freePort, sseReader } from '../helpers/web-app.js'
import { abortable, deferred } from '../plugins/jobs-helpers.js'

/** The second filesystem is /dev/shm (tmpfs); where it is the temp directory's filesystem the test cannot run. */
function twoFilesystemsSkip () {
  try {
    return statSync('/dev/shm').dev !== statSync(tmpdir()).dev ? false : '/dev/shm is on the temp directory\'s filesystem'
  } catch {
    return '/dev/shm is missing'
  }
}

const auth = { authorization: `Bearer ${TEST_INTERNAL_KEY}` }
const concrete = (url: string) => url.replace(':sessionId', 'abc').replace(':jobId', 'abc')

t.test('every route needs a bearer and refuses a foreign Origin', async t => {
  const { app } = await buildTestApp(t, { web: true })
  for (const r of Object.values(DASHBOARD_ROUTES)) {
    const url = concrete(r.url)
    const payload = r.method === 'POST' ? { text: 'hi' } : undefined
    const anon = await app.inject({ method: r.method, url, payload })
    t.equal(anon.statusCode, 401, `${r.method} ${r.url} without a token`)
    t.match(anon.headers['www-authenticate'], /^Bearer /)
    const bad = await app.inject({ method: r.method, url, payload, headers: { authorization: 'Bearer not-a-real-token-at-all' } })
    t.equal(bad.statusCode, 401, `${r.method} ${r.url} with a bogus token`)
    const foreign = await app.inject({ method: r.method, url, payload, headers: { ...auth, origin: 'https://evil.example' } })
    t.equal(foreign.statusCode, 403, `${r.method} ${r.url} from a foreign origin`)
    t.notOk(foreign.headers['access-control-allow-origin'])
  }
})

t.test('with every backend down the snapshot still answers, section by section', async t => {
  const { app, config } = await buildTestApp(t, { web: true, config: { MEDIA_SERVER_API_KEY: 'jf-secret-0123456789abcdef', DOWNLOAD_MANAGER_API_KEY: 'py-secret-0123456789abcdef', TORRENT_CLIENT_PASSWORD: 'qbt-secret-0123456789' } })
  await app.refreshBackendStatus()
  const res = await app.inject({ method: 'GET', url: '/api/dashboard', headers: { ...auth, origin: config.PUBLIC_URL } })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['access-control-allow-origin'], config.PUBLIC_URL, 'CORS answers the allowed origin')
  t.equal(res.headers['cache-control'], 'no-store')
  const body = res.json()
  t.ok(Value.Check(Snapshot, body), 'matches the Snapshot schema')
  t.ok(body.services.items.length >= 5, 'every backend has a tile')
  const jf = body.services.items.find((s: { name: string }) => s.name === 'Jellyfin')
  t.match(jf, { configured: true, reachable: false, error: String })
  t.same(body.downloads.items, [])
  t.same(body.downloads.sources.map((s: { service: string }) => s.service), ['Direct-download manager', 'Torrent client'])
  for (const s of body.downloads.sources) t.match(s, { available: false, reason: /.+/ }, `${s.service} unavailable with a reason`)
  t.match(body.nowPlaying, { available: false, reason: /Jellyfin/, sessions: [] })
  t.match(body.activity, { available: false, reason: /Jellyfin/, items: [] })
  t.match(body.library, { available: false, libraries: [] })
  t.match(body.library.disks, [{ root: 'both', available: true }], 'disk use needs no backend')
  t.equal(body.library.disks.length, 1, 'both roots on one filesystem: one disk, not two identical ones')
  t.ok(body.library.disks[0].totalBytes > 0)
  const df = Number(/(\d+)%/.exec(execFileSync('df', ['-P', config.MEDIA_ROOT], { encoding: 'utf8' }).trim().split('\n').pop()!)![1])
  t.ok(Math.abs(body.library.disks[0].usedPercent - df) <= 1 && Number.isInteger(body.library.disks[0].usedPercent), `disk use as df shows it (df ${df} %)`)
  for (const secret of ['jf-secret-0123456789abcdef', 'py-secret-0123456789abcdef', 'qbt-secret-0123456789', TEST_INTERNAL_KEY, config.MEDIA_ROOT]) {
    t.notOk(res.body.includes(secret), 'no secret and no local path in the answer')
  }
})

t.test('roots on two filesystems are two disks', { skip: twoFilesystemsSkip() }, async t => {
  const downloads = mkdtempSync(join('/dev/shm', 'msmcp-downloads-'))
  t.teardown(() => rmSync(downloads, { recursive: true, force: true }))
  const { app } = await buildTestApp(t, { web: true, config: { DOWNLOADS_ROOT: downloads } })
  const res = await app.inject({ method: 'GET', url: '/api/dashboard/library', headers: auth })
  t.match(res.json().disks, [{ root: 'media', available: true }, { root: 'downloads', available: true }])
  t.equal(res.json().disks.length, 2)
})

t.test('a missing media root is reported, not thrown', async t => {
  const { app } = await buildTestApp(t, { web: true, config: { MEDIA_ROOT: '/nonexistent/media-root-for-test' } })
  const res = await app.inject({ method: 'GET', url: '/api/dashboard/library', headers: auth })
  t.equal(res.statusCode, 200)
  t.match(res.json().disks[0], { root: 'media', available: false, reason: /MEDIA_ROOT \(ENOENT\)/ })
  t.notOk(res.body.includes('/nonexistent'), 'the path itself is not echoed')
})

t.test('against the Jellyfin simulator: now playing, stop, message, library counts, activity', async t => {
  const sim = await createJellyfinSimulator({ apiKey: SIM_KEYS.jellyfin, scanMs: 5 })
  t.teardown(sim.close)
  const { app } = await buildTestApp(t, { web: true, config: { MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_API_KEY: SIM_KEYS.jellyfin } })

  const playing = await app.inject({ method: 'GET', url: '/api/dashboard/now-playing', headers: auth })
  t.equal(playing.statusCode, 200)
  const np = playing.json()
  t.ok(Value.Check(NowPlayingSection, np))
  t.equal(np.available, true)
  t.equal(np.sessions.length, 1, 'only the session that plays something')
  const session = np.sessions[0]
  t.match(session, { user: 'family', device: 'Living Room TV', client: 'Jellyfin Android TV', item: { type: 'Episode' }, paused: false, transcoding: false })
  t.ok(session.progressPercent > 0 && session.progressPercent < 100)

  const msg = await app.inject({ method: 'POST', url: `/api/dashboard/sessions/${session.sessionId}/message`, headers: auth, payload: { text: 'Dinner is ready' } })
  t.equal(msg.statusCode, 200)
  t.same(msg.json(), { ok: true, message: 'Message sent.' })
  t.match(sim.state.messages, [{ sessionId: session.sessionId, text: 'Dinner is ready', header: 'Message' }])

  const empty = await app.inject({ method: 'POST', url: `/api/dashboard/sessions/${session.sessionId}/message`, headers: auth, payload: { text: '' } })
  t.equal(empty.statusCode, 400)
  t.match(empty.json(), { error: 'invalid_request', message: /text/, hint: String })
  const extra = await app.inject({ method: 'POST', url: `/api/dashboard/sessions/${session.sessionId}/message`, headers: auth, payload: { text: 'x', html: '<b>' } })
  t.equal(extra.statusCode, 400, 'unknown fields are refused')

  const stop = await app.inject({ method: 'POST', url: `/api/dashboard/sessions/${session.sessionId}/stop`, headers: auth })
  t.equal(stop.statusCode, 200)
  t.same(stop.json(), { ok: true, message: 'Playback stopped.' })
  const after = (await app.inject({ method: 'GET', url: '/api/dashboard/now-playing', headers: auth })).json()
  t.same(after.sessions, [], 'the stop shows at once (the cache was dropped)')

  const unknown = await app.inject({ method: 'POST', url: '/api/dashboard/sessions/0123456789abcdef/stop', headers: auth })
  t.equal(unknown.statusCode, 404)
  t.match(unknown.json(), { error: 'unknown_session', hint: String })
  const badId = await app.inject({ method: 'POST', url: '/api/dashboard/sessions/..%2F..%2Fetc/stop', headers: auth })
  t.equal(badId.statusCode, 400, 'a session id that is not an id never reaches the backend')

  const library = (await app.inject({ method: 'GET', url: '/api/dashboard/library', headers: auth })).json()
  t.ok(Value.Check(LibrarySection, library))
  t.equal(library.available, true)
  t.ok(library.libraries.length >= 2)
  const tv = library.libraries.find((l: { collectionType: string }) => l.collectionType === 'tvshows')
  t.ok(tv.itemCount > 0 && tv.episodeCount > tv.itemCount, 'series and episodes counted')

  const activity = (await app.inject({ method: 'GET', url: '/api/dashboard/activity', headers: auth })).json()
  t.ok(Value.Check(ActivitySection, activity))
  t.ok(activity.items.length > 0 && activity.items.length <= 20)
  t.match(activity.items[0].name, /finished playing/, 'newest first: the stop is on top')
  t.same(sim.violations, [], 'every call matched the Jellyfin contract')
})

t.test('a media server that is not configured makes actions answer 503 with the variable to set', async t => {
  const { app } = await buildTestApp(t, { web: true })
  const res = await app.inject({ method: 'POST', url: '/api/dashboard/sessions/abc/stop', headers: auth })
  t.equal(res.statusCode, 503)
  t.match(res.json(), { error: 'backend_unavailable', message: /MEDIA_SERVER_API_KEY/, hint: String })
})

t.test('downloads from the pyLoad simulator, with the torrent client down', async t => {
  const { mkdtempSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const sim = await createPyloadSimulator({ apiKey: 'py-key-0123456789abcdef', storageDir: mkdtempSync(join(tmpdir(), 'msmcp-pyload-')), linkDurationMs: 60_000 })
  t.teardown(sim.close)
  const { app } = await buildTestApp(t, { web: true, config: { DOWNLOAD_MANAGER_URL: sim.url, DOWNLOAD_MANAGER_API_KEY: 'py-key-0123456789abcdef' } })
  await app.backends.pyload.addPackage('Big Buck Bunny', ['https://files.example.org/bbb.mkv'])
  sim.state.advance(300) // under way, far from done (the simulator's clock, not the machine's)
  const res = await app.inject({ method: 'GET', url: '/api/dashboard/downloads', headers: auth })
  t.equal(res.statusCode, 200)
  const body = res.json()
  t.ok(Value.Check(DownloadsSection, body))
  t.match(body.sources, [{ service: 'Direct-download manager', available: true }, { service: 'Torrent client', available: false, reason: /.+/ }])
  t.equal(body.items.length, 1)
  t.match(body.items[0], { source: 'direct', name: 'Big Buck Bunny', state: 'downloading', id: /^direct:\d+$/ })
  t.ok(body.items[0].progress >= 0 && body.items[0].progress < 100)
  t.ok(body.items[0].speedBytesPerSecond > 0)
})

t.test('jobs: the caller\'s own are listed with progress, and a running one can be cancelled once', async t => {
  const { app } = await buildTestApp(t, { web: true })
  app.jobs.defineKind('test-dashboard', { concurrency: 2, queueLimit: 5 })
  const started = deferred()
  const running = app.jobs.start({
    kind: 'test-dashboard',
    owner: 'internal',
    description: 'Count to a hundred',
    run: async job => { job.progress(40, 'Counting'); started.resolve(undefined); await abortable(job.signal) }
  })
  const foreign = app.jobs.start({ kind: 'test-dashboard', owner: 'oauth:someone-else', description: 'Theirs', run: async job => abortable(job.signal) })
  const queued = app.jobs.start({ kind: 'test-dashboard', owner: 'internal', description: 'Waits', run: async job => abortable(job.signal) })
  await started.promise

  const list = (await app.inject({ method: 'GET', url: '/api/dashboard/jobs', headers: auth })).json()
  t.ok(Value.Check(JobsSection, list))
  t.match(list, { running: 1, queued: 1 })
  t.same(list.items.map((j: { id: string }) => j.id).sort(), [running.id, queued.id].sort(), 'only the jobs this credential started')
  t.match(list.items.find((j: { id: string }) => j.id === running.id), { status: 'running', progress: 40, message: 'Counting', startedByYou: true, cancellable: true })
  t.match(list.items.find((j: { id: string }) => j.id === queued.id), { status: 'queued', startedByYou: true, cancellable: true })

  const cancelQueued = await app.inject({ method: 'POST', url: `/api/dashboard/jobs/${queued.id}/cancel`, headers: auth })
  t.equal(cancelQueued.statusCode, 200)
  t.match(cancelQueued.json(), { job: { status: 'cancelled', cancellable: false }, message: /before it started/ })

  const cancel = await app.inject({ method: 'POST', url: `/api/dashboard/jobs/${running.id}/cancel`, headers: auth })
  t.equal(cancel.statusCode, 200)
  t.match(cancel.json(), { job: { id: running.id, cancellable: false }, message: /Cancelling/ })
  const done = await app.jobs.wait(running.id, 2_000)
  t.equal(done.status, 'cancelled')
  const again = await app.inject({ method: 'POST', url: `/api/dashboard/jobs/${running.id}/cancel`, headers: auth })
  t.equal(again.statusCode, 409)
  t.match(again.json(), { error: 'job_finished', message: /cancelled/ })
  const unknown = await app.inject({ method: 'POST', url: '/api/dashboard/jobs/nope/cancel', headers: auth })
  t.equal(unknown.statusCode, 404)
  t.match(unknown.json(), { error: 'unknown_job' })
  t.equal(app.jobs.get(foreign.id)?.status, 'running', 'the other credential\'s job ran on untouched')
})

// Issue 24.3: the dashboard's road follows the owner rule of tasks/cancel and check_jobs cancel.
t.test('jobs: another credential\'s job is neither listed, streamed nor cancelled; an OAuth sign-in sees its own', async t => {
  const { app, config } = await buildTestApp(t, { web: true, listenPort: await freePort(), dashboard: { tickMs: 60_000, jobFlushMs: 20 } })
  app.jobs.defineKind('test-dashboard', { concurrency: 3, queueLimit: 5 })
  const { tokens } = await oauthLogin(app)
  const signIn = { authorization: `Bearer ${tokens.access_token}` }
  const dashboardOwner = await principalIdOf(app, tokens.access_token)
  const start = (owner: string, description: string) => app.jobs.start({ kind: 'test-dashboard', owner, description, run: async job => abortable(job.signal) })
  const theirs = start('internal', 'the bot\'s job')
  const mine = start(dashboardOwner, 'the dashboard\'s job')

  const list = (await app.inject({ method: 'GET', url: '/api/dashboard/jobs', headers: signIn })).json()
  t.same(list.items.map((j: { id: string }) => j.id), [mine.id], 'the sign-in lists its own job only')
  t.match(list, { running: 1, queued: 0 }, 'and counts only its own')
  const snapshot = (await app.inject({ method: 'GET', url: '/api/dashboard', headers: signIn })).json()
  t.same(snapshot.jobs.items.map((j: { id: string }) => j.id), [mine.id], 'the snapshot too')
  const internal = (await app.inject({ method: 'GET', url: '/api/dashboard/jobs', headers: auth })).json()
  t.same(internal.items.map((j: { id: string }) => j.id), [theirs.id], 'the internal key lists the jobs it started')

  const refused = await app.inject({ method: 'POST', url: `/api/dashboard/jobs/${theirs.id}/cancel`, headers: signIn })
  t.equal(refused.statusCode, 404, 'a foreign job answers like an unknown one')
  t.match(refused.json(), { error: 'unknown_job', message: /started with this sign-in/, hint: /another application/ })
  t.equal(app.jobs.get(theirs.id)?.status, 'running', 'and keeps running')
  t.equal((await app.inject({ method: 'POST', url: `/api/dashboard/jobs/${mine.id}/cancel`, headers: auth })).statusCode, 404, 'the other way round as well')

  // The live stream carries job events of the caller's own jobs only.
  const res = await fetch(`${config.PUBLIC_URL}/api/dashboard/events`, { headers: signIn })
  const events = sseReader(res.body!)
  t.equal((await events.next()).event, 'snapshot')
  app.jobs.cancel(theirs.id)
  await app.jobs.wait(theirs.id, 5_000)
  t.equal((await app.inject({ method: 'POST', url: `/api/dashboard/jobs/${mine.id}/cancel`, headers: signIn })).statusCode, 200, 'the sign-in cancels its own job')
  await events.next(e => e.event === 'job' && e.data.id === mine.id && e.data.status === 'cancelled', 15_000)
  t.same(events.all.filter(e => e.event === 'job' && e.data.id !== mine.id), [], 'no event about the other credential\'s job')
  await app.close()
  await events.done
})
