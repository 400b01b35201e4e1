// Done-when of issue 28 (Seerr): with Seerr configured (simulated from its source, linked to the simulated
// Radarr), a request from the bot lands in Seerr as the right user, is approved by the owner, downloads, and
// is announced to that user once. A second household member whose Seerr already tells them on the same
// Telegram chat gets no second notice; a declined request tells its requester why.
import { statSync } from 'node:fs'
import t from 'tap'
import { startFakeBotApi } from '../helpers/fake-bot-api.js'
import { startFakeLlm } from '../helpers/fake-llm.js'
import { listenMcp } from '../helpers/mcp-client.js'
import { errorText, ok } from '../helpers/results.js'
import { householdUsers, startSeerrWorld, type SeerrWorld } from '../helpers/seerr-world.js'
import { startBot, type ToolServer } from '../bot/harness.js'
import { NOTIFY } from '../../clients/seerr/types.js'

const PAPER_MOONS = 600001
const PAPER_MOONS_II = 600002
const alice = { id: 111, first_name: 'Alice' }
const carol = { id: 444, first_name: 'Carol' }
const dave = { id: 999, first_name: 'Dave' }

/** The owner grabs a release of the movie, the download finishes, it is imported and the media server lists it. */
async function downloadAndList (w: SeerrWorld, tmdbId: number, title: string) {
  const rel = ok(await w.call('movie_releases', { id: tmdbId })).items.filter((r: any) => r.approved)
  ok(await w.call('movie_grab', { id: tmdbId, guid: rel[0].guid, indexerId: rel[0].indexerId }))
  let item: any
  for (let i = 0; i < 100 && item?.state !== 'importBlocked'; i++) {
    await new Promise(resolve => setTimeout(resolve, 50))
    item = ok(await w.call('movie_status', { view: 'queue', id: tmdbId })).items[0]
  }
  const file = ok(await w.call('movie_import', { path: item.outputPath })).imported[0].destinationPath as string
  const seen = file.replace(w.roots.media, '/data')
  w.jellyfin!.state.staged.push({ movie: { key: `m-${tmdbId}`, title, year: 2023, tmdbId, imdbId: '', genres: [], overview: '', runtimeMinutes: 100, studio: '', root: '/data/movies', path: seen.slice(0, seen.lastIndexOf('/')), file: seen, sizeBytes: statSync(file).size, quality: '1080p', inLibrary: true } })
  ok(await w.call('manage_library', { action: 'scan' }))
  for (let i = 0; i < 40; i++) {
    if (ok(await w.call('search_media', { query: title, types: ['Movie'] })).items.length > 0) return
    await new Promise(resolve => setTimeout(resolve, 25))
  }
  throw new Error('the media server did not list the movie')
}

t.test('a bot request goes through Seerr as its sender, is approved, downloads and is announced once', async t => {
  // Carol may request here, and her Seerr tells her on Telegram when a title is available.
  const users = householdUsers()
  Object.assign(users[3], { permissions: users[1].permissions, telegramTypes: NOTIFY.available })
  const w = await startSeerrWorld(t, { users, stack: { jellyfin: true, sim: { downloadMs: 600, commandStepMs: 20 } } })
  const server = { app: w.app, url: await listenMcp(w.app), roots: w.roots } as unknown as ToolServer
  const api = await startFakeBotApi()
  const llm = await startFakeLlm('openai', [
    { toolCalls: [{ name: 'movie_search', args: { addTmdbId: PAPER_MOONS } }] }, { text: 'Requested.' },
    { toolCalls: [{ name: 'movie_search', args: { addTmdbId: PAPER_MOONS } }] }, { text: 'That did not work.' },
    { toolCalls: [{ name: 'movie_search', args: { addTmdbId: PAPER_MOONS_II } }] }, { text: 'Requested.' }
  ])
  t.teardown(async () => { await api.close(); await llm.close() })
  const bot = await startBot(t, { api, server, llmUrl: llm.url })

  api.sendText(alice, 'please get Paper Moons')
  const reply = await api.waitFor(() => api.sentTo(alice.id).find(m => m.text.startsWith('Requested.')), undefined, 'the reply')
  t.equal(reply.text, 'Requested.\n\n🔔 I will tell you when "Paper Moons" is ready to watch.')
  t.match(w.seerr.state.requests, [{ requestedBy: 2, status: 1 }], 'Seerr holds a pending request made as Alice')

  // Dave has no Seerr account linked: refused, and nothing reaches Seerr.
  api.sendText(dave, 'get Paper Moons')
  await api.waitFor(() => api.sentTo(dave.id).find(m => m.text.startsWith('That did not work.')), undefined, 'Dave\'s reply')
  t.equal(w.seerr.state.requests.length, 1)

  api.sendText(carol, 'get Paper Moons II')
  await api.waitFor(() => api.sentTo(carol.id).find(m => m.text.startsWith('Requested.')), undefined, 'Carol\'s reply')
  const notices = bot.chatBot.internals.notices
  await notices.checkNow()
  const before = { alice: api.sentTo(alice.id).length, carol: api.sentTo(carol.id).length }

  // The owner approves both in our tools; Seerr sends them to Radarr.
  const listed = ok(await w.call('download_status', { action: 'requests' }))
  t.same(listed.items.map((r: any) => [r.title, r.requestedBy, r.status]), [['Paper Moons II', 'carol', 'pending'], ['Paper Moons', 'alice', 'pending']])
  for (const r of listed.items) ok(await w.call('download_status', { action: 'approve', requestId: r.requestId }))
  t.equal([...w.radarr.state.library.movies.values()].filter(m => m.tmdbId === PAPER_MOONS || m.tmdbId === PAPER_MOONS_II).length, 2, 'both landed in the movie manager')
  await notices.checkNow()
  t.equal(api.sentTo(alice.id).length, before.alice, 'nothing told before it is ready')

  await downloadAndList(w, PAPER_MOONS, 'Paper Moons')
  await downloadAndList(w, PAPER_MOONS_II, 'Paper Moons II')
  await notices.checkNow()
  await notices.checkNow()
  t.same(api.sentTo(alice.id).slice(before.alice).map(m => m.text), ['🎬 "Paper Moons" (2023) is ready to watch.'], 'Alice is told once')
  t.same(api.sentTo(carol.id).slice(before.carol).map(m => m.text), [], 'Seerr tells Carol on this chat already: no second notice')
  t.equal(notices.store.requests().length, 0, 'both requests are settled')
  t.match(ok(await w.call('download_status', { action: 'requests' })).items, [{ status: 'completed', availability: 'available' }, { status: 'completed', availability: 'available' }])
})

t.test('a declined request tells its requester why', async t => {
  const w = await startSeerrWorld(t)
  const server = { app: w.app, url: await listenMcp(w.app), roots: w.roots } as unknown as ToolServer
  const api = await startFakeBotApi()
  const llm = await startFakeLlm('openai', [{ toolCalls: [{ name: 'movie_search', args: { addTmdbId: PAPER_MOONS } }] }, { text: 'Requested.' }])
  t.teardown(async () => { await api.close(); await llm.close() })
  const bot = await startBot(t, { api, server, llmUrl: llm.url })
  api.sendText(alice, 'please get Paper Moons')
  await api.waitFor(() => api.sentTo(alice.id).find(m => m.text.startsWith('Requested.')), undefined, 'the reply')
  const [request] = ok(await w.call('download_status', { action: 'requests' })).items
  t.match(errorText(await w.call('download_status', { action: 'approve', requestId: request.requestId, reason: 'x' })), /reason goes with action "decline"/)
  ok(await w.call('download_status', { action: 'decline', requestId: request.requestId, reason: 'It is on the shelf, on disc' }))
  const before = api.sentTo(alice.id).length
  await bot.chatBot.internals.notices.checkNow()
  await bot.chatBot.internals.notices.checkNow()
  t.same(api.sentTo(alice.id).slice(before).map(m => m.text), ['🚫 Your request for "Paper Moons" was declined by owner: It is on the shelf, on disc'])
})
