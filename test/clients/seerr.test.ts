// The Seerr client against the Seerr simulator (linked to the simulated Radarr): requests made as a Seerr
// user through X-API-User with that user's permissions, quota and auto-approval; listing as a user or with
// the key; approve and decline; refusals told apart from a wrong key.
import t from 'tap'
import { createSeerrClient } from '../../clients/seerr/client.js'
import { SeerrRefused } from '../../clients/seerr/types.js'
import { SEERR_KEY, startSeerrWorld } from '../helpers/seerr-world.js'

const PAPER_MOONS = 600001
const PAPER_MOONS_II = 600002

const w = await startSeerrWorld(t)
const client = createSeerrClient({ REQUESTS_URL: w.seerr.url, REQUESTS_API_KEY: SEERR_KEY })
t.teardown(() => client.close())

const refusal = async (p: Promise<unknown>) => { try { await p; return 'made' } catch (err) { return err instanceof SeerrRefused ? err.reason : (err as Error).message } }

t.test('a request is made as the user named, with that user\'s rules', async t => {
  t.match(await client.probe(), { service: 'Seerr', configured: true, reachable: true, version: '3.1.0' })
  t.match(await createSeerrClient({ REQUESTS_URL: w.seerr.url, REQUESTS_API_KEY: '' }).probe(), { configured: false, reachable: false, error: 'Seerr is not configured: set REQUESTS_URL and REQUESTS_API_KEY.' })
  t.same((await client.users()).map(u => u.displayName), ['owner', 'alice', 'bob', 'carol'])
  t.match(await client.notificationSettings(2), { telegramEnabled: true, telegramChatId: '111', telegramTypes: 0 })

  const alice = await client.createRequest(2, { mediaType: 'movie', mediaId: PAPER_MOONS, is4k: false })
  t.match(alice, { status: 'pending', mediaType: 'movie', tmdbId: PAPER_MOONS, is4k: false, requestedBy: { id: 2, displayName: 'alice' } })
  t.equal([...w.radarr.state.library.movies.values()].find(m => m.tmdbId === PAPER_MOONS), undefined, 'a pending request is not sent to the manager')
  t.equal(await refusal(client.createRequest(3, { mediaType: 'movie', mediaId: PAPER_MOONS, is4k: false })), 'duplicate', 'an open request for the same movie is a duplicate')
  t.equal(await refusal(client.createRequest(4, { mediaType: 'movie', mediaId: PAPER_MOONS_II, is4k: false })), 'permission', 'Carol may not request')
  t.equal(await refusal(client.createRequest(2, { mediaType: 'movie', mediaId: PAPER_MOONS_II, is4k: true })), 'permission', 'Alice may not request 4K')

  const bob = await client.createRequest(3, { mediaType: 'movie', mediaId: PAPER_MOONS_II, is4k: false })
  t.match(bob, { status: 'approved', requestedBy: { displayName: 'bob' }, modifiedBy: { displayName: 'bob' } }, 'Bob\'s requests are auto-approved')
  const landed = (await client.requestById(bob.id)) as { managerId?: number }
  t.ok(landed.managerId, 'Seerr sent it to the manager and kept its id')
  t.equal(await refusal(client.createRequest(3, { mediaType: 'movie', mediaId: 600003, is4k: false })), 'quota', 'Bob has one movie of quota')
})

t.test('lists: a user sees their own, the key (the admin) sees all', async t => {
  const mine = await client.requests({ take: 10, skip: 0 }, 2)
  t.same(mine.items.map(r => r.requestedBy.displayName), ['alice'])
  const all = await client.requests({ take: 10, skip: 0 })
  t.equal(all.total, 2)
  t.same(all.items.map(r => r.requestedBy.displayName), ['bob', 'alice'], 'newest first')
  t.same((await client.requests({ take: 10, skip: 0, filter: 'pending' })).items.map(r => r.requestedBy.displayName), ['alice'])
  t.equal(await client.requestById(999), undefined)
})

t.test('approve and decline need Manage Requests', async t => {
  const [pending] = (await client.requests({ take: 1, skip: 0, filter: 'pending' })).items
  t.equal(await client.setStatus(pending.id, 'approve', 2), 'forbidden', 'Alice cannot approve her own request')
  t.equal(await client.setStatus(999, 'approve', 1), 'not-found')
  const approved = await client.setStatus(pending.id, 'approve', 1)
  t.match(approved, { status: 'approved', modifiedBy: { displayName: 'owner' } })
  t.ok([...w.radarr.state.library.movies.values()].find(m => m.tmdbId === PAPER_MOONS), 'approving sends it to the manager')
})

t.test('a wrong key is told apart from a refusal', async t => {
  const wrong = createSeerrClient({ REQUESTS_URL: w.seerr.url, REQUESTS_API_KEY: '0'.repeat(32) })
  t.teardown(() => wrong.close())
  await t.rejects(wrong.users(), { code: 'unauthorized', message: /REQUESTS_API_KEY/ })
  await t.rejects(wrong.createRequest(2, { mediaType: 'movie', mediaId: 600004, is4k: false }), { code: 'unauthorized', message: /REQUESTS_API_KEY/ })
  await t.rejects(client.createRequest(77, { mediaType: 'movie', mediaId: 600004, is4k: false }), { code: 'unauthorized' }, 'a Seerr user that does not exist')
})
