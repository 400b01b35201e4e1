// Issue 27: the stuck notice also watches the torrents a person added with download_add, against the real
// torrent clients (a magnet of a swarm nobody serves really never gets its metadata). Told once, after the
// 30-minute grace, to the person who added it (the owner for an MCP caller), with the call that removes it; not
// again while it stays stuck; again after it recovered (paused) and got stuck again; nothing while the client
// does not answer, and what was told is kept. A torrent download_add did not start is not this check's. An .nzb
// job download_add started that fails is told to the person who added it too; a torrent whose data is gone (a real
// Transmission error after a verify) is told at once.
import t from 'tap'
import net from 'node:net'
import { randomBytes } from 'node:crypto'
import { Agent } from 'undici'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { stuckDownloadsCheck, STUCK_NOTICES_FILE } from '../../../domains/downloads/stuck-notices.js'
import { buildTestApp, makeRoots } from '../../helpers/build.js'
import { noticeReceiver } from '../../helpers/notice-receiver.js'
import { makeTorrent, waitFor } from '../../helpers/qbt-swarm.js'
import { readTorrentFile } from '../../../clients/qbittorrent/torrent-file.js'
import { addedDownloads } from '../../../domains/downloads/added-record.js'
import { startTorrentClient, torrentClientKinds } from '../../helpers/torrent-clients.js'
import { startStaticServer } from '../../helpers/static-server.js'
import { createSabnzbdSimulator } from '../../../simulators/sabnzbd/server.js'
import { fetchGuarded } from '../../../lib/url-guard/fetch-guarded.js'
import { until } from '../../helpers/until.js'

const MINUTE = 60_000
// Every app here has notify's batchMs 0: a notice goes out as soon as it is decided, not after a second of real time
// gathering a flood; what is judged is who was told and how often, not the batching.
const closed = 'http://127.0.0.1:9'
const ctxOf = (actor?: string): ToolContext => ({
  principal: actor ? { ...INTERNAL_PRINCIPAL, actor } : INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {}
})
const messages = (r: { received: Array<{ body: string }> }) => r.received.map(x => (JSON.parse(x.body) as { message: string }).message)

for (const { kind, skip } of await torrentClientKinds()) {
  t.test(`a magnet added by hand that stalls in ${kind} is told to the person who added it`, { skip }, async t => {
    const roots = makeRoots()
    t.teardown(() => roots.cleanup())
    const running = await startTorrentClient(kind, join(roots.base, 'client'), roots.downloads)
    let stopped = false
    t.teardown(() => stopped || running.stop())
    const [alice, bob, household] = await Promise.all([noticeReceiver(), noticeReceiver(), noticeReceiver()])
    t.teardown(() => Promise.all([alice.close(), bob.close(), household.close()]))
    // watchMs 0: no background rounds; the test runs each round itself, with the clock it chooses.
    const { app } = await buildTestApp(t, {
      roots,
      config: {
        ...running.env,
        DOWNLOAD_MANAGER_URL: closed,
        SERIES_MANAGER_URL: closed,
        MOVIE_MANAGER_URL: closed,
        NOTIFY_URLS: `json://${household.host}/hook alice=json://${alice.host}/hook bob=json://${bob.host}/hook`,
        NOTIFY_PEOPLE: 'alice=telegram:42 bob=owner',
        NOTIFY_EVENTS: 'stuck=person'
      },
      build: { plugins: { notify: { watchMs: 0, batchMs: 0 } } }
    })
    let clock = Date.now()
    const check = stuckDownloadsCheck(app, { now: () => clock })
    const round = async (laterMinutes: number) => {
      clock += laterMinutes * MINUTE
      await check(new AbortController().signal)
      await app.notify.idle()
    }

    const magnet = async (name: string, actor?: string) => {
      const hash = randomBytes(20).toString('hex')
      const res = await app.tools.call('download_add', { name, links: [`magnet:?xt=urn:btih:${hash}&dn=${name}`] }, ctxOf(actor))
      t.notOk(res.isError, res.content[0]!.text)
      await waitFor(`${name} in ${kind}`, async () => (await app.backends.torrent.list({ hashes: [hash] })).length ? true : undefined)
      return hash
    }
    const aliceHash = await magnet('Alices.Film.2021', 'telegram:-100:42')
    const ownerHash = await magnet('Owners.Show.S01')
    // Added in the client itself (as a manager's grab is): not in download_add's record, not this check's.
    const other = randomBytes(20).toString('hex')
    await running.client.addMagnet(`magnet:?xt=urn:btih:${other}&dn=Someone.Elses`)

    await round(0)
    await round(5)
    t.same([alice.received.length, bob.received.length, household.received.length], [0, 0, 0], 'a fresh magnet fetching its metadata is nobody\'s business yet')

    await round(30)
    t.equal(alice.received.length, 1, 'told to the person who added it, once')
    t.match(messages(alice)[0], `"Alices.Film.2021" is stuck in ${running.service}`)
    t.match(messages(alice)[0], /metadata has not arrived 30 minutes or more after it was added/)
    t.match(messages(alice)[0], `cancel_downloads {"action":"cancel","ids":["torrent:${aliceHash}"]}`)
    t.equal(bob.received.length, 1, 'an MCP caller\'s download goes to the owner')
    t.match(messages(bob)[0], '"Owners.Show.S01"')
    t.match(messages(bob)[0], `torrent:${ownerHash}`)
    t.notOk([...messages(alice), ...messages(bob)].some(m => m.includes('Someone.Elses')), 'a torrent download_add did not start is not told')
    t.equal(household.received.length, 0, 'stuck=person: the household channel is not used')

    await round(5)
    await round(5)
    t.equal(alice.received.length, 1, 'still stuck: not told again')

    await app.backends.torrent.pause([aliceHash])
    await waitFor('paused', async () => (await app.backends.torrent.list({ hashes: [aliceHash] }))[0]?.phase === 'paused' ? true : undefined)
    await round(5)
    await app.backends.torrent.resume([aliceHash])
    await waitFor('running again', async () => (await app.backends.torrent.list({ hashes: [aliceHash] }))[0]?.stall === 'noMetadata' ? true : undefined)
    await round(5)
    t.equal(alice.received.length, 2, 'recovered (paused), stuck again: told again')
    t.equal(bob.received.length, 1)

    await running.stop()
    stopped = true
    await round(5)
    await round(5)
    t.same([alice.received.length, bob.received.length, household.received.length], [2, 1, 0], 'the client did not answer: nothing told')
    const told = JSON.parse(readFileSync(join(roots.state, STUCK_NOTICES_FILE), 'utf8')) as Record<string, string[]>
    t.ok(told[`download:${aliceHash}`] && told[`download:${ownerHash}`], 'and nothing taken as recovered while it did not answer')
  })
}

t.test('an .nzb job a chat user added that fails is told to them', async t => {
  const SAB_KEY = 'fedcba9876543210fedcba9876543210'
  const sab = await createSabnzbdSimulator({ apiKey: SAB_KEY })
  t.teardown(() => sab.close())
  const web = await startStaticServer()
  t.teardown(() => web.close())
  const [alice, household] = await Promise.all([noticeReceiver(), noticeReceiver()])
  t.teardown(() => Promise.all([alice.close(), household.close()]))
  const { app } = await buildTestApp(t, {
    config: roots => ({
      SERIES_MANAGER_URL: closed,
      MOVIE_MANAGER_URL: closed,
      TORRENT_CLIENT_URL: closed,
      PATH_MAP: `/downloads=${roots.downloads}`,
      USENET_CLIENT_TYPE: 'sabnzbd',
      USENET_CLIENT_URL: sab.url,
      USENET_CLIENT_API_KEY: SAB_KEY,
      NOTIFY_URLS: `json://${household.host}/hook alice=json://${alice.host}/hook`,
      NOTIFY_PEOPLE: 'alice=telegram:42',
      NOTIFY_EVENTS: 'stuck=person+household'
    }),
    build: { logger: false, plugins: { notify: { watchMs: 0, batchMs: 0 } }, resolver: async () => [{ address: '93.184.216.34', family: 4 }] }
  })
  // The URL guard's checks run as they are; only its connections go to the local web server.
  const local = new Agent({ connect: (_o, done) => { const s = net.connect({ host: '127.0.0.1', port: web.port }, () => done(null, s)); s.once('error', err => done(err, null)) } })
  t.teardown(() => local.close())
  app.urlGuard.fetchGuarded = (url, o) => fetchGuarded(app.urlGuard.check, local, url, o)
  web.serve('/get/film.nzb', { body: '<?xml version="1.0"?><nzb xmlns="http://www.newzbin.com/DTD/2003/nzb"></nzb>', type: 'application/x-nzb' })

  const res = await app.tools.call('download_add', { name: 'Film.2021', links: ['http://indexer.example.com/get/film.nzb'] }, ctxOf('telegram:-100:42'))
  t.notOk(res.isError, res.content[0]!.text)
  const [id] = (res.structuredContent as { usenetIds: string[] }).usenetIds
  const job = sab.state.find(id!)!
  job.outcome = 'missing articles'
  sab.state.advance(60_000)
  const check = stuckDownloadsCheck(app)
  await check(new AbortController().signal)
  await check(new AbortController().signal)
  await app.notify.idle()
  t.equal(alice.received.length, 1, 'told once to the person who added it')
  t.match(messages(alice)[0], `failed in SABnzbd: missing articles. Ask the assistant to retry it (cancel_downloads {"action":"retry","ids":["usenet:${id}"]}`)
  t.equal(household.received.length, 1, 'and to the household, as stuck=person+household says')
})

/** One Transmission RPC call the contract has no use for (torrent-verify), with its session-id handshake. */
async function transmissionRpc (env: Record<string, string>, method: string, args: Record<string, unknown>) {
  const auth = `Basic ${Buffer.from(`${env.TORRENT_CLIENT_USERNAME}:${env.TORRENT_CLIENT_PASSWORD}`).toString('base64')}`
  let session = ''
  for (let i = 0; i < 2; i++) {
    const res = await fetch(env.TORRENT_CLIENT_URL!, { method: 'POST', headers: { authorization: auth, 'x-transmission-session-id': session }, body: JSON.stringify({ method, arguments: args }) })
    if (res.status === 409) { session = res.headers.get('x-transmission-session-id') ?? ''; continue }
    return await res.json() as { result: string }
  }
  throw new Error('no session id')
}

const transmission = (await torrentClientKinds()).find(k => k.kind === 'transmission')!
t.test('a torrent added by hand whose data is gone (Transmission error) is told at once', { skip: transmission.skip }, async t => {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const running = await startTorrentClient('transmission', join(roots.base, 'client'), roots.downloads)
  t.teardown(() => running.stop())
  const owner = await noticeReceiver()
  t.teardown(() => owner.close())
  // The server's own background check this time, every 50 ms: with stuck=person it must run at all.
  const { app } = await buildTestApp(t, {
    roots,
    config: {
      ...running.env,
      DOWNLOAD_MANAGER_URL: closed,
      SERIES_MANAGER_URL: closed,
      MOVIE_MANAGER_URL: closed,
      NOTIFY_URLS: `bob=json://${owner.host}/hook`,
      NOTIFY_PEOPLE: 'bob=owner',
      NOTIFY_EVENTS: 'stuck=person'
    },
    build: { plugins: { notify: { watchMs: 3_600_000, checksMs: 50, batchMs: 0 } } }
  })

  const folder = join(roots.downloads, 'Home.Video')
  const made = makeTorrent(folder, 'Home.Video.2019.mkv', 100_000)
  const hash = readTorrentFile(made.torrent).hash
  await app.backends.torrent.addTorrentFile(made.torrent, { savePath: folder })
  await addedDownloads(roots.state).add([`torrent:${hash}`], { by: 'owner', name: 'Home.Video', at: new Date().toISOString() })
  await waitFor('seeding', async () => (await app.backends.torrent.list({ hashes: [hash] }))[0]?.phase === 'seeding' ? true : undefined, 20_000)
  // Each round of the server's own check reads the torrent list once: the test counts those reads to know that
  // rounds ran (two, so one whole round began after the change), never a sleep.
  const torrent = app.backends.torrent
  const list = torrent.list.bind(torrent)
  let reads = 0
  torrent.list = async (...args) => { reads++; return await list(...args) }
  const someRounds = async () => { const from = reads; await until(() => reads >= from + 2); await app.notify.idle() }
  await someRounds()
  t.equal(owner.received.length, 0, 'seeding: nothing to tell')

  rmSync(made.file)
  t.equal((await transmissionRpc(running.env, 'torrent-verify', { ids: [hash] })).result, 'success')
  const broken = await waitFor('the error', async () => (await app.backends.torrent.list({ hashes: [hash] })).find(x => x.phase === 'error'), 20_000)
  await owner.waitFor(1)
  await someRounds()
  t.equal(owner.received.length, 1, 'an error is told at once, without the grace, and once')
  t.match(messages(owner)[0], `"Home.Video.2019.mkv" is stuck in Transmission (${broken.state}): the torrent client`)
  t.match(messages(owner)[0], `["torrent:${hash}"]`)
})
