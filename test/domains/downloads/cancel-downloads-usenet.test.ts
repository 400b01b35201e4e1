// cancel_downloads on the Usenet client (SABnzbd simulator, sabnzbd 5.0.1): its jobs are listed with the rest,
// paused and resumed by id, and removed through the confirm; removing with data goes through the data check and
// the token binds what the preview showed.
import t from 'tap'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildTestApp } from '../../helpers/build.js'
import { data, errorText, ok } from '../../helpers/results.js'
import { createSabnzbdSimulator } from '../../../simulators/sabnzbd/server.js'

const KEY = 'fedcba9876543210fedcba9876543210'
const REFUSED = 'http://127.0.0.1:9'
const OTHERS = { SERIES_MANAGER_URL: REFUSED, MOVIE_MANAGER_URL: REFUSED, TORRENT_CLIENT_URL: REFUSED }

async function setup (t: { teardown: (fn: () => unknown) => void }) {
  const sim = await createSabnzbdSimulator({ apiKey: KEY })
  t.teardown(() => sim.close())
  const built = await buildTestApp(t, {
    config: roots => ({ ...OTHERS, PATH_MAP: `/downloads=${roots.downloads}`, USENET_CLIENT_TYPE: 'sabnzbd', USENET_CLIENT_URL: sim.url, USENET_CLIENT_API_KEY: KEY })
  })
  return { sim, ...built }
}

interface Item { id: string, source: string, title: string, status: string }
const items = (res: Awaited<ReturnType<Awaited<ReturnType<typeof setup>>['call']>>) => ok(res).items as Item[]

t.test('Usenet jobs are listed, paused and resumed by id, and removed only after the confirm', async t => {
  const { sim, call } = await setup(t)
  const a = sim.state.add('Show.S01E01.1080p', 8 * 1024 * 1024)
  const b = sim.state.add('Movie.2020.1080p', 8 * 1024 * 1024)
  sim.state.advance(1_000)

  const listed = await call('cancel_downloads', { source: 'usenet' })
  t.same(items(listed).map(i => [i.id, i.source, i.title]).sort(), [[`usenet:${a.nzo_id}`, 'usenet', a.name], [`usenet:${b.nzo_id}`, 'usenet', b.name]].sort())
  const all = data(await call('cancel_downloads', {}))
  t.equal(all.items.filter((i: Item) => i.source === 'usenet').length, 2, 'listed with the rest')
  t.match(all.warnings.join(' '), /Torrent client: qBittorrent is unreachable/, 'a queue that did not answer is named')

  const paused = await call('cancel_downloads', { action: 'pause', ids: [`usenet:${b.nzo_id}`] })
  t.same(ok(paused).changed.map((i: Item) => [i.id, i.status]), [[`usenet:${b.nzo_id}`, 'paused']], 'the state as SABnzbd reports it afterwards')
  t.equal(sim.state.find(b.nzo_id)?.status, 'Paused')
  ok(await call('cancel_downloads', { action: 'resume', ids: [`usenet:${b.nzo_id}`] }))
  t.equal(sim.state.find(b.nzo_id)?.status, 'Queued')
  t.match(errorText(await call('cancel_downloads', { action: 'pause', ids: ['series:3'] })), /takes usenet:<id> ids.*not series:3/)
  t.match(errorText(await call('cancel_downloads', { action: 'pause', ids: ['usenet:SABnzbd_nzo_gone'] })), /Not in SABnzbd's queue: usenet:SABnzbd_nzo_gone/)

  const preview = await call('cancel_downloads', { action: 'cancel', ids: [`usenet:${a.nzo_id}`], deleteFiles: false })
  const token = data(preview).confirmation.confirmToken as string
  t.ok(sim.state.find(a.nzo_id), 'the preview removed nothing')
  const done = await call('cancel_downloads', { action: 'cancel', ids: [`usenet:${a.nzo_id}`], deleteFiles: false, confirmToken: token })
  t.same(ok(done).removed.map((i: Item) => i.id), [`usenet:${a.nzo_id}`])
  t.notOk(sim.state.find(a.nzo_id), 'gone from SABnzbd')
  t.ok(sim.calls.includes('queue delete'))
})

t.test('a failed job is listed with its reason; removing it with data shows and binds the data check', async t => {
  const { sim, call, roots } = await setup(t)
  const failed = sim.state.add('Movie.2021.1080p', 4 * 1024 * 1024, { outcome: 'missing articles' })
  sim.state.advance(3_000)
  // Its folder as SABnzbd names it (/downloads/complete/_FAILED_…), here through PATH_MAP.
  const folder = join(roots.downloads, 'complete', `_FAILED_${failed.name}`)
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'part.rar'), Buffer.alloc(1000))

  const id = `usenet:${failed.nzo_id}`
  t.match(items(await call('cancel_downloads', { source: 'usenet' })), [{ id, status: 'failed: missing articles' }])
  const preview = await call('cancel_downloads', { action: 'cancel', ids: [id] })
  t.match(data(preview).confirmation.summary ?? preview.content[0].text, /1 file .*_FAILED_Movie\.2021\.1080p/)
  const token = data(preview).confirmation.confirmToken as string

  // A file more in the same folder is still the data the person agreed to delete (issue 34 item 10): the token holds.
  writeFileSync(join(folder, 'part2.rar'), Buffer.alloc(1000))
  const done = await call('cancel_downloads', { action: 'cancel', ids: [id], confirmToken: token })
  t.same(ok(done).removed.map((i: Item) => i.id), [id])
  t.notOk(sim.state.find(failed.nzo_id))
  t.ok(sim.calls.includes('history delete'))
})

t.test('a queued job names no data path: removing it with data is refused, without data it goes', async t => {
  const { sim, call } = await setup(t)
  const job = sim.state.add('Show.S02E01.1080p', 8 * 1024 * 1024)
  t.match(errorText(await call('cancel_downloads', { action: 'cancel', ids: [`usenet:${job.nzo_id}`] })), /its backend names no data path.*Next: cancel it and keep its data: cancel_downloads {"action":"cancel","ids":\["usenet:[^"]+"\],"deleteFiles":false}/)
  t.ok(sim.state.find(job.nzo_id))
  t.match(errorText(await call('cancel_downloads', { action: 'retry', ids: [`usenet:${job.nzo_id}`] })), /Not a failed job of the Usenet client: usenet:/)
})

t.test('retry of a failed job goes through the confirm to the program\'s own retry; nothing is deleted', async t => {
  const { sim, call } = await setup(t)
  const job = sim.state.add('Movie.2022.1080p', 4 * 1024 * 1024, { outcome: 'missing articles' })
  sim.state.advance(3_000)
  const id = `usenet:${job.nzo_id}`
  const preview = await call('cancel_downloads', { action: 'retry', ids: [id] })
  t.match(data(preview).confirmation.summary ?? preview.content[0].text, /download 1 failed job again .*failed: missing articles/)
  t.equal(sim.state.find(job.nzo_id)?.status, 'Failed', 'the preview changed nothing')
  const done = await call('cancel_downloads', { action: 'retry', ids: [id], confirmToken: data(preview).confirmation.confirmToken })
  t.match(ok(done).changed, [{ id, status: /^(queued|fetching)$/ }], 'back in the queue, as SABnzbd reports it')
  t.ok(sim.calls.includes('retry'))
  t.notOk(sim.calls.some(c => c.includes('delete')), 'nothing removed')
})
