// Requests through Seerr with our tools: made as the person who asks (a chat user and the owner's clients as
// REQUESTS_USERS maps them, directly or through NOTIFY_PEOPLE; never by the chat id in Seerr's settings, which any
// Seerr user can edit), refused without a mapping (never made as the
// admin), Seerr's refusals told plainly; listed with who, what, seasons and 4K; approved or declined by an
// owner, a decline keeping its reason for the requester. The catalogue stays within its budget with Seerr.
import t from 'tap'
import { catalogueSize, CATALOGUE_TARGETS } from '../../../lib/tools/catalogue-size.js'
import { errorText, ok } from '../../helpers/results.js'
import { ALICE_TG, householdUsers, startSeerrWorld } from '../../helpers/seerr-world.js'

const PAPER_MOONS = 600001

t.test('a chat user requests as themselves; an owner sees and decides it', async t => {
  const w = await startSeerrWorld(t)
  const inRadarr = () => [...w.radarr.state.library.movies.values()].filter(m => m.tmdbId === PAPER_MOONS).length

  const unlinked = errorText(await w.callAs(999, 'movie_search', { addTmdbId: PAPER_MOONS }))
  t.match(unlinked, /not linked to a Seerr user.*never made as the Seerr admin.*add telegram:999=<your Seerr user id> to REQUESTS_USERS/)
  t.equal(w.seerr.state.requests.length, 0, 'nothing reached Seerr for an unlinked person')
  t.match(errorText(await w.callAs(444, 'movie_search', { addTmdbId: PAPER_MOONS })), /Seerr refused: carol may not make movie requests/)

  const asked = ok(await w.callAs(ALICE_TG, 'movie_search', { addTmdbId: PAPER_MOONS }))
  t.match(asked.requested, { title: 'Paper Moons', status: 'pending', requestedAs: 'alice', is4k: false })
  t.equal(w.seerr.state.requests[0].requestedBy, 2, 'Seerr holds it as Alice\'s request')
  t.equal(inRadarr(), 0, 'not added to the manager behind Seerr\'s back')
  t.match(errorText(await w.callAs(ALICE_TG, 'movie_search', { addTmdbId: PAPER_MOONS })), /already holds a movie request for "Paper Moons"/)
  t.match(errorText(await w.callAs(ALICE_TG, 'movie_search', { addTmdbId: 600002, uhd: true })), /alice may not make 4K movie requests/)

  // Issue 35 #10: asking for another person's request is not a key problem, and says so.
  const notYours = errorText(await w.callAs(444, 'download_status', { action: 'requests', requestId: asked.requested.requestId }))
  t.match(notYours, new RegExp(`Request ${asked.requested.requestId} is another person's, and Seerr shows carol only their own requests`))
  t.notMatch(notYours, /API key/)

  const listed = ok(await w.call('download_status', { action: 'requests' }))
  t.match(listed.items, [{ requestId: asked.requested.requestId, status: 'pending', mediaType: 'movie', title: 'Paper Moons', requestedBy: 'alice', is4k: false, seasons: [] }])
  t.match(errorText(await w.callAs(ALICE_TG, 'download_status', { action: 'approve', requestId: asked.requested.requestId })), /alice may not approve requests/)
  t.match(errorText(await w.call('download_status', { action: 'decline' })), /needs requestId/)

  const declined = ok(await w.call('download_status', { action: 'decline', requestId: asked.requested.requestId, reason: 'We already have it on disc' }))
  t.match(declined.items[0], { status: 'declined', decidedBy: 'owner', declineReason: 'We already have it on disc' })
  const hers = ok(await w.callAs(ALICE_TG, 'download_status', { action: 'requests' }))
  t.match(hers.items, [{ status: 'declined', declineReason: 'We already have it on disc' }], 'Alice sees why')
  t.equal(inRadarr(), 0)
})

t.test('approving lands the title in the manager; a series asks for its seasons', async t => {
  const w = await startSeerrWorld(t)
  const asked = ok(await w.callAs(ALICE_TG, 'movie_search', { addTmdbId: PAPER_MOONS })).requested
  const approved = ok(await w.call('download_status', { action: 'approve', requestId: asked.requestId }))
  t.match(approved.items[0], { status: 'approved', decidedBy: 'owner', title: 'Paper Moons' })
  t.ok(approved.items[0].movieId, 'the movie manager holds it, with its id')

  const show = ok(await w.call('series_search', { term: 'northern line' })).items[0]
  const series = ok(await w.callAs(ALICE_TG, 'series_search', { addTvdbId: show.tvdbId, seasons: [1] }))
  t.match(series.requested, { title: 'Northern Line', seasons: [1], status: 'pending' })
})

t.test('the owner\'s clients need an explicit mapping', async t => {
  const w = await startSeerrWorld(t, { requestUsers: 'telegram:555=3' })
  t.match(errorText(await w.call('movie_search', { addTmdbId: PAPER_MOONS })), /not linked to a Seerr user.*REQUESTS_USERS=owner=/)
  t.equal(w.seerr.state.requests.length, 0)
  t.match(ok(await w.callAs(555, 'movie_search', { addTmdbId: PAPER_MOONS })).requested, { requestedAs: 'bob', status: 'approved' }, 'REQUESTS_USERS maps a chat user explicitly')
  const size = catalogueSize(w.app.tools.list())
  t.equal(w.app.tools.list().length, 30)
  t.ok(size.modelVisible <= CATALOGUE_TARGETS.modelVisibleBytes, `model-visible ${size.modelVisible} B with Seerr`)
  t.ok(size.wire <= CATALOGUE_TARGETS.wireBytes, `wire ${size.wire} B with Seerr`)
})

t.test('a chat id two Seerr users give decides nothing; the operator\'s mapping does (issue 35 #9)', async t => {
  // Bob types Alice's Telegram id into his Seerr settings: before, the first user found (Alice or Bob) won.
  const users = householdUsers().map(u => u.username === 'bob' ? { ...u, telegramChatId: String(ALICE_TG) } : u)
  const w = await startSeerrWorld(t, { users, requestUsers: 'owner=1' })
  t.match(errorText(await w.callAs(ALICE_TG, 'movie_search', { addTmdbId: PAPER_MOONS })), new RegExp(`More than one Seerr user \\("alice", "bob"\\) gives your Telegram id ${ALICE_TG}.*telegram:${ALICE_TG}=<your Seerr user id> to REQUESTS_USERS`))
  t.equal(w.seerr.state.requests.length, 0, 'nothing was requested as anyone')

  const mapped = await startSeerrWorld(t, { users, requestUsers: `telegram:${ALICE_TG}=2` })
  t.match(ok(await mapped.callAs(ALICE_TG, 'movie_search', { addTmdbId: PAPER_MOONS })).requested, { requestedAs: 'alice' }, 'the owner\'s mapping decides')
})

t.test('a chat id one Seerr user gives alone decides nothing either; NOTIFY_PEOPLE and REQUESTS_USERS do (issue 35 #9)', async t => {
  // Bob types Dave's Telegram id (999, linked to nobody) into his Seerr settings: before, Dave's bot requests
  // were filed as Bob's (and spent Bob's auto-approval and quota).
  const users = householdUsers().map(u => u.username === 'bob' ? { ...u, telegramChatId: '999' } : u)
  const w = await startSeerrWorld(t, { users, requestUsers: 'owner=1' })
  const dave = errorText(await w.callAs(999, 'movie_search', { addTmdbId: PAPER_MOONS }))
  t.match(dave, /not linked to a Seerr user, so nothing was requested.*Seerr user "bob" gives your Telegram id 999 as chat id.*does not say who you are\. If that Seerr account is yours, ask the owner to confirm it by adding telegram:999=3 to REQUESTS_USERS\./)
  t.match(errorText(await w.callAs(ALICE_TG, 'movie_search', { addTmdbId: PAPER_MOONS })), /Seerr user "alice" gives your Telegram id 111.*adding telegram:111=2/, 'Alice\'s own chat id does not link her either')
  t.equal(w.seerr.state.requests.length, 0, 'nothing was requested as Bob or anyone')

  // The operator names Alice in NOTIFY_PEOPLE and maps that name: her requests are hers, whatever Seerr's settings say.
  const people = await startSeerrWorld(t, {
    users: householdUsers().map(u => u.username === 'bob' ? { ...u, telegramChatId: String(ALICE_TG) } : u),
    requestUsers: 'owner=1,alice=2',
    stack: { config: { NOTIFY_PEOPLE: `alice=telegram:${ALICE_TG}`, NOTIFY_URLS: 'alice=json://127.0.0.1:9' } }
  })
  t.match(ok(await people.callAs(ALICE_TG, 'movie_search', { addTmdbId: PAPER_MOONS })).requested, { requestedAs: 'alice' }, 'through her NOTIFY_PEOPLE name')
  t.equal(people.seerr.state.requests[0].requestedBy, 2)
  const unnamed = await startSeerrWorld(t, { requestUsers: 'owner=1', stack: { config: { NOTIFY_PEOPLE: `alice=telegram:${ALICE_TG}`, NOTIFY_URLS: 'alice=json://127.0.0.1:9' } } })
  t.match(errorText(await unnamed.callAs(ALICE_TG, 'movie_search', { addTmdbId: PAPER_MOONS })), /adding alice=2 to REQUESTS_USERS/, 'the entry to add is by her NOTIFY_PEOPLE name')
})
