// cancel_downloads with two Usenet clients (USENET_CLIENT_INSTANCES; two SABnzbd simulators, sabnzbd 5.0.1): a
// job of the extra one has the id "usenet@news2:<job id>", and pause, resume, remove and retry reach that client
// only, even when the default one has a job with the same id. An unknown instance is named, with the real ones.
import t from 'tap'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildTestApp } from '../../helpers/build.js'
import { data, errorText, ok } from '../../helpers/results.js'
import { createSabnzbdSimulator } from '../../../simulators/sabnzbd/server.js'

const KEY = 'fedcba9876543210fedcba9876543210'
const KEY2 = '0123456789abcdef0123456789abcdef'
const REFUSED = 'http://127.0.0.1:9'
const OTHERS = { SERIES_MANAGER_URL: REFUSED, MOVIE_MANAGER_URL: REFUSED, TORRENT_CLIENT_URL: REFUSED }

async function setup (t: { teardown: (fn: () => unknown) => void }) {
  const first = await createSabnzbdSimulator({ apiKey: KEY })
  const second = await createSabnzbdSimulator({ apiKey: KEY2 })
  t.teardown(() => first.close())
  t.teardown(() => second.close())
  const built = await buildTestApp(t, {
    config: roots => ({
      ...OTHERS,
      PATH_MAP: `/downloads=${roots.downloads}`,
      USENET_CLIENT_TYPE: 'sabnzbd',
      USENET_CLIENT_URL: first.url,
      USENET_CLIENT_API_KEY: KEY,
      USENET_CLIENT_INSTANCES: 'news2',
      USENET_CLIENT_NEWS2_TYPE: 'sabnzbd',
      USENET_CLIENT_NEWS2_URL: second.url,
      USENET_CLIENT_NEWS2_API_KEY: KEY2
    })
  })
  return { first, second, ...built }
}

interface Item { id: string, source: string, title: string, status: string, instance?: string }

/** Gives the second simulator's job the first one's id: SABnzbd ids are each program's own, so two may meet. */
function sameId (job: { nzo_id: string }, as: { nzo_id: string }) {
  job.nzo_id = as.nzo_id
  return as.nzo_id
}

t.test('pause, resume and cancel on the extra Usenet client touch only it', async t => {
  const { first, second, call } = await setup(t)
  const a = first.state.add('Show.S01E01.1080p', 8 * 1024 * 1024)
  const id = sameId(second.state.add('Show.S01E01.720p', 8 * 1024 * 1024), a)

  const listed = ok(await call('cancel_downloads', { source: 'usenet' })).items as Item[]
  t.same(listed.map(i => [i.id, i.title, i.instance]).sort(), [[`usenet:${id}`, a.name, 'default'], [`usenet@news2:${id}`, 'Show.S01E01.720p', 'news2']].sort(), 'each job names its client; the extra one in its id')

  const paused = ok(await call('cancel_downloads', { action: 'pause', ids: [`usenet@news2:${id}`] }))
  t.same(paused.changed.map((i: Item) => [i.id, i.status]), [[`usenet@news2:${id}`, 'paused']])
  t.equal(second.state.find(id)?.status, 'Paused', 'paused on the second SABnzbd')
  t.equal(first.state.find(id)?.status, 'Queued', 'the first one\'s job with the same id is untouched')
  t.notOk(first.calls.some(c => c.includes('pause')), 'the first SABnzbd was not asked')
  ok(await call('cancel_downloads', { action: 'resume', ids: [`usenet@news2:${id}`] }))
  t.equal(second.state.find(id)?.status, 'Queued')

  const preview = await call('cancel_downloads', { action: 'cancel', ids: [`usenet@news2:${id}`], deleteFiles: false })
  const done = ok(await call('cancel_downloads', { action: 'cancel', ids: [`usenet@news2:${id}`], deleteFiles: false, confirmToken: data(preview).confirmation.confirmToken }))
  t.same(done.removed.map((i: Item) => i.id), [`usenet@news2:${id}`])
  t.notOk(second.state.find(id), 'gone from the second SABnzbd')
  t.ok(first.state.find(id), 'still in the first')
  t.notOk(first.calls.some(c => c.includes('delete')), 'the first SABnzbd was asked to delete nothing')
})

t.test('an id naming a Usenet client that is not configured is refused with the ones that are', async t => {
  const { first, second, call } = await setup(t)
  const a = first.state.add('Movie.2020.1080p', 8 * 1024 * 1024)
  for (const action of ['pause', 'cancel', 'retry']) {
    const text = errorText(await call('cancel_downloads', { action, ids: [`usenet@nope:${a.nzo_id}`] }))
    t.match(text, /No Usenet client named "nope".*configured ones are default, news2 \(USENET_CLIENT_INSTANCES\), with ids usenet:<job id>, usenet@news2:<job id>/, action)
  }
  t.equal(first.state.find(a.nzo_id)?.status, 'Queued')
  t.same(second.state.jobs, [])
})

t.test('removing a failed job with its data binds the instance: the token does not remove the other client\'s job', async t => {
  const { first, second, call, roots } = await setup(t)
  const a = first.state.add('Movie.2021.A', 4 * 1024 * 1024, { outcome: 'missing articles' })
  const id = sameId(second.state.add('Movie.2021.B', 4 * 1024 * 1024, { outcome: 'missing articles' }), a)
  first.state.advance(3_000)
  second.state.advance(3_000)
  const folderOf = (name: string) => join(roots.downloads, 'complete', `_FAILED_${name}`)
  for (const name of [a.name, 'Movie.2021.B']) {
    mkdirSync(folderOf(name), { recursive: true })
    writeFileSync(join(folderOf(name), 'part.rar'), Buffer.alloc(1000))
  }

  const preview = await call('cancel_downloads', { action: 'cancel', ids: [`usenet@news2:${id}`] })
  const summary = data(preview).confirmation.summary ?? preview.content[0].text
  t.match(summary, /_FAILED_Movie\.2021\.B/, 'the preview shows the second client\'s data')
  t.notMatch(summary, /_FAILED_Movie\.2021\.A/)
  const token = data(preview).confirmation.confirmToken as string

  // The same token for the default client's job with the same id is refused: nothing removed anywhere.
  t.match(errorText(await call('cancel_downloads', { action: 'cancel', ids: [`usenet:${id}`], confirmToken: token })), /arguments differ from the preview \(ids\)/)
  t.ok(first.state.find(id) && second.state.find(id), 'both jobs still there')

  const again = await call('cancel_downloads', { action: 'cancel', ids: [`usenet@news2:${id}`] })
  const done = ok(await call('cancel_downloads', { action: 'cancel', ids: [`usenet@news2:${id}`], confirmToken: data(again).confirmation.confirmToken }))
  t.same(done.removed.map((i: Item) => i.id), [`usenet@news2:${id}`])
  t.notOk(second.state.find(id), 'removed from the second SABnzbd')
  t.ok(second.calls.includes('history delete'), 'the second SABnzbd was asked to delete it')
  t.ok(first.state.find(id), 'the first one\'s job stays')
  t.notOk(first.calls.some(c => c.includes('delete')), 'the first SABnzbd was asked to delete nothing')
  t.ok(existsSync(folderOf(a.name)), 'and its data stays')
})

t.test('a failed job of the extra client is retried there', async t => {
  const { first, second, call } = await setup(t)
  const job = second.state.add('Movie.2022.1080p', 4 * 1024 * 1024, { outcome: 'missing articles' })
  second.state.advance(3_000)
  const id = `usenet@news2:${job.nzo_id}`
  const preview = await call('cancel_downloads', { action: 'retry', ids: [id] })
  t.match(data(preview).confirmation.summary ?? preview.content[0].text, /Ask SABnzbd "news2" to download 1 failed job again/)
  ok(await call('cancel_downloads', { action: 'retry', ids: [id], confirmToken: data(preview).confirmation.confirmToken }))
  t.ok(second.calls.includes('retry'))
  t.notOk(first.calls.includes('retry'))
})
