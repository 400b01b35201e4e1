// The SABnzbd client against the simulator (sabnzbd/sabnzbd @ 5.0.1): an NZB added by upload, each job's state
// in our words through download and post-processing, the failure reasons from SABnzbd's fail_message, pause,
// resume, delete and retry, and a wrong key named by its variable.
import { test } from 'tap'
import { createSabnzbdClient } from '../../clients/usenet/sabnzbd.js'
import { createSabnzbdSimulator } from '../../simulators/sabnzbd/server.js'
import { nzbDocument } from '../helpers/nntp-server.js'
import { pathMapFor } from '../../core/path-map.js'

const KEY = '0123456789abcdef0123456789abcdef'
const NZB = Buffer.from(nzbDocument([{ name: 'Show.S01E01.7z', size: 4 * 1024 * 1024, segments: [{ messageId: 'a@x', bytes: 2 * 1024 * 1024 }, { messageId: 'b@x', bytes: 2 * 1024 * 1024 }] }]))

async function setup (t: { teardown: (fn: () => unknown) => void }, apiKey = KEY) {
  const sim = await createSabnzbdSimulator({ apiKey: KEY, completeDir: '/downloads/complete', bytesPerSecond: 1024 * 1024 })
  t.teardown(() => sim.close())
  const client = createSabnzbdClient({ url: sim.url, apiKey, pathMap: pathMapFor({ PATH_MAP: '' }) })
  t.teardown(() => client.close?.())
  return { sim, client, item: async (id: string) => (await client.items()).find(i => i.id === id) }
}

test('an uploaded NZB is downloaded, verified, unpacked and completed, each step in our words', async t => {
  const { sim, client, item } = await setup(t)
  const id = await client.addNzb('Show.S01E01.nzb', NZB, { category: 'tv' })
  t.match(id, /^SABnzbd_nzo_/)
  t.same(sim.calls, ['addfile'], 'the NZB was uploaded (mode=addfile), not handed over as a link')
  t.equal((await item(id))?.state, 'fetching')
  sim.state.advance(2_000)
  const half = await item(id)
  t.equal(half?.progress, 0.5)
  t.equal(half?.bytesPerSecond, 1024 * 1024, 'the program\'s speed is the downloading job\'s')
  t.ok(half?.etaSeconds === 1 || half?.etaSeconds === 2, 'time left: 2 MiB at 1 MiB/s, truncated as SABnzbd does')
  t.equal(half?.category, 'tv')
  sim.state.advance(2_000)
  t.equal((await item(id))?.state, 'verifying')
  sim.state.advance(1_000)
  t.equal((await item(id))?.state, 'unpacking')
  sim.state.advance(1_000)
  const done = await item(id)
  t.equal(done?.state, 'completed')
  t.equal(done?.list, 'history')
  t.equal(done?.path, '/downloads/complete/tv/Show.S01E01')
  t.equal(done?.downloadId, id, 'the managers know a SABnzbd job by its nzo_id')
})

test('failures carry their reason from SABnzbd\'s fail_message', async t => {
  const { sim, client, item } = await setup(t)
  const missing = sim.state.add('Missing', 4 * MiB(), { outcome: 'missing articles' })
  const repair = sim.state.add('Broken', MiB(), { outcome: 'repair failed', repair: true })
  const unpack = sim.state.add('Packed', MiB(), { outcome: 'unpack failed' })
  sim.state.advance(2_000)
  t.equal((await item(missing.nzo_id))?.failure, 'missing articles')
  sim.state.advance(2_000)
  t.equal((await item(repair.nzo_id))?.state, 'repairing', 'a job that needs par2 blocks is seen repairing')
  sim.state.advance(10_000)
  t.equal((await item(repair.nzo_id))?.failure, 'par2 repair failed')
  t.equal((await item(unpack.nzo_id))?.failure, 'unpack failed')
  t.equal((await item(unpack.nzo_id))?.state, 'failed')

  await client.retry(repair.nzo_id)
  t.equal((await item(repair.nzo_id))?.list, 'queue', 'retry puts a failed job back in the queue')
  await t.rejects(client.retry('SABnzbd_nzo_unknown'), { message: /SABnzbd refused "retry"/ })
})

test('a job with nothing on the servers, too few articles or a full disk in repair fails for that reason', async t => {
  const { sim, item } = await setup(t)
  const gone = sim.state.add('Gone', MiB(), { outcome: 'not on server' })
  const short = sim.state.add('Short', MiB(), { outcome: 'too few articles' })
  const full = sim.state.add('Full', MiB(), { outcome: 'repair disk full', repair: true })
  sim.state.advance(10_000)
  t.same([(await item(gone.nzo_id))?.failure, (await item(short.nzo_id))?.failure], ['missing articles', 'missing articles'])
  t.equal((await item(full.nzo_id))?.failure, 'disk full')
})

test('with the whole downloader paused, waiting and downloading jobs are paused, not queued', async t => {
  const { sim, client, item } = await setup(t)
  const first = await client.addNzb('First.nzb', NZB)
  const second = await client.addNzb('Second.nzb', NZB)
  sim.state.advance(1_000)
  sim.state.paused = true
  const items = await client.items()
  t.same(items.map(i => i.state), ['paused', 'paused'], 'SABnzbd still says Queued for each (build_queue)')
  t.notOk(items.some(i => i.bytesPerSecond !== undefined), 'nothing is downloading')
  sim.state.paused = false
  t.same([(await item(first))?.state, (await item(second))?.state], ['fetching', 'fetching'])
})

test('every word SABnzbd shows: held before the download, QuickCheck, Moving and Running after it', async t => {
  const { sim, item } = await setup(t)
  const held = (['Propagating', 'Checking', 'Grabbing'] as const).map(word => sim.state.add(word, MiB(), { heldAs: word }))
  const long = sim.state.add('Long', MiB(), { longPostProcessing: true })
  t.same(await Promise.all(held.map(async j => (await item(j.nzo_id))?.state)), ['queued', 'queued', 'queued'], 'held jobs wait, none downloads')
  t.equal((await item(long.nzo_id))?.state, 'fetching')
  const seen: string[] = []
  for (let i = 0; i < 16; i++) {
    sim.state.advance(500)
    const word = `${long.status}:${(await item(long.nzo_id))?.state}`
    if (seen.at(-1) !== word) seen.push(word)
  }
  t.same(seen, ['Downloading:fetching', 'QuickCheck:verifying', 'Extracting:unpacking', 'Moving:unpacking', 'Running:unpacking', 'Completed:completed'])
  sim.state.release(held[0]!.nzo_id)
  t.equal((await item(held[0]!.nzo_id))?.state, 'fetching', 'released, it downloads')
})

test('the simulator answers as SABnzbd 5.0.1: percentage, a file that is not an NZB, an unknown retry, POST for any mode', async t => {
  const { sim, client } = await setup(t)
  const api = async (query: string, init?: RequestInit) => await (await fetch(`${sim.url}/api?${query}&apikey=${KEY}&output=json`, init)).json() as Record<string, any>
  const job = sim.state.add('Half', 4 * MiB())
  t.equal((await api('mode=queue')).queue.slots[0].percentage, '0', 'nothing downloaded: "0" (build_queue 1651)')
  sim.state.advance(2_000)
  t.equal((await api('mode=queue')).queue.slots[0].percentage, '50')
  await t.rejects(client.addNzb('notes.nzb', Buffer.from('just text')), { message: /did not accept the NZB "notes\.nzb"/ })
  t.same(await api('mode=retry&value=SABnzbd_nzo_unknown'), { status: false, error: 'item does not exist' })
  const posted = await api('', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'mode=queue' })
  t.equal(posted.queue.slots[0].nzo_id, job.nzo_id, 'a POSTed form is read as the query is')
})

test('pause, resume and delete act on the jobs named', async t => {
  const { sim, client, item } = await setup(t)
  const a = sim.state.add('A', 10 * MiB())
  const b = sim.state.add('B', 10 * MiB())
  await client.pause([a.nzo_id])
  t.equal((await item(a.nzo_id))?.state, 'paused')
  t.equal((await item(b.nzo_id))?.state, 'fetching')
  await client.resume([a.nzo_id])
  t.equal((await item(a.nzo_id))?.state, 'fetching')
  await client.remove([b.nzo_id], { deleteData: false })
  t.equal(await item(b.nzo_id), undefined)
  t.ok(sim.calls.includes('queue delete'))
  await t.rejects(client.pause(['SABnzbd_nzo_gone']), { message: /SABnzbd refused "queue pause"/ })
})

test('a wrong API key is named by its variable; the probe says so', async t => {
  const { client } = await setup(t, 'wrong-key-0123456789abcdef012345')
  await t.rejects(client.items(), { message: /check USENET_CLIENT_API_KEY/ })
  const probe = await client.probe()
  t.equal(probe.service, 'SABnzbd')
  t.equal(probe.version, undefined)
  t.match(probe.error, /USENET_CLIENT_API_KEY/)
})

function MiB () { return 1024 * 1024 }
