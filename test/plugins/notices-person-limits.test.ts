// Issue 36 item 7 for "it's ready" notices: what a person other than the owner asked for or follows is named to them
// only when their own Jellyfin user may open it (lib/people/notice-limits.ts); the owner is told as before. A person
// whose Jellyfin user cannot be checked is told nothing: their request stays open and the log says why.
import t from 'tap'
import { Writable } from 'node:stream'
import { buildTestApp } from '../helpers/build.js'
import { KID_PEOPLE, KID_URLS, restrictKiddo } from '../helpers/kiddo.js'
import { oauthLogin } from '../helpers/oauth-client.js'
import { importAndList, prepareGrab, SHOW } from '../helpers/ready-flow.js'
import { ok } from '../helpers/results.js'
import { startFakeLlm } from '../helpers/fake-llm.js'
import { startServarrStack } from '../helpers/servarr-sims.js'
import type { Target } from '../../lib/notices/types.js'

t.test('a kid is not told that a TV-MA show they asked for or follow is ready; the parent is, and an allowed one reaches the kid', async t => {
  const lines: Array<{ msg: string, problems?: string[] }> = []
  const stream = new Writable({ write (chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done() } })
  const s = await startServarrStack(t, {
    jellyfin: true,
    sim: { downloadMs: 1500, commandStepMs: 20 },
    config: { NOTIFY_PEOPLE: KID_PEOPLE, NOTIFY_URLS: KID_URLS },
    build: { plugins: { notices: { intervalMs: 3_600_000 } }, logger: { level: 'warn', stream } }
  })
  restrictKiddo(s.jellyfin!)
  const notices = s.app.notices
  const grab = await prepareGrab(s)
  const grabbed = ok(await s.call('series_grab', grab))
  const result = { isError: false, text: '', structured: grabbed }
  const seriesId = grab.id as number
  // The web chat records each asker with the person it signed in as (routes/api/chat.ts); the owner's has none.
  await notices.record('oauth:parent', 'series_grab', result)
  await notices.record('oauth:kid', 'series_grab', result, 'kid')
  await notices.record('oauth:teen', 'series_grab', result, 'teen')
  await notices.store.follow('oauth:kid', seriesId, SHOW.title, notices.now(), undefined, 'kid')
  await notices.store.follow('oauth:parent', seriesId, SHOW.title, notices.now())
  await importAndList(s, seriesId)
  const show = [...s.jellyfin!.state.items.values()].find(i => i.kind === 'Series' && i.name === SHOW.title)!
  show.officialRating = 'TV-MA'

  await notices.checkNow()
  const texts = (owner: string) => notices.store.outbox(owner).map(n => n.text)
  t.match(texts('oauth:parent'), [/Northern Line" S01E02 "Undertow" is ready to watch/, /New episode of "Northern Line": S01E02/], 'the parent is told of the request and the follow')
  t.same(texts('oauth:kid'), [], 'the kid is told neither: Kiddo may not watch TV-MA')
  t.same(notices.store.openRequests('oauth:kid'), [], 'the kid\'s request is settled, not asked about again')
  t.ok(notices.store.follows('oauth:kid')[0]!.told.length > 0, 'the kid\'s follow marks the episode, so it is not judged again')
  t.same(texts('oauth:teen'), [], 'teen has no Jellyfin user: nothing is named to them')
  t.equal(notices.store.openRequests('oauth:teen').length, 1, 'their request stays open, for when the owner gives them one')
  const why = lines.flatMap(l => l.problems ?? [])
  t.ok(why.some(p => /"it's ready" notices for teen are held, not sent: teen has no media-server user in NOTIFY_PEOPLE/.test(p)), 'the log says why, in plain words')

  // Once Jellyfin rates it TV-PG, the kid's user may open it and a request of theirs is told.
  show.officialRating = 'TV-PG'
  const target: Target = { kind: 'series', seriesId, title: SHOW.title, seasonNumber: 1, episodeNumber: 2 }
  await notices.store.request('oauth:kid', target, new Date(0), 'kid')
  await notices.checkNow()
  t.match(texts('oauth:kid'), [/Northern Line" S01E02 "Undertow" is ready to watch/], 'an allowed title is named to the kid')
  t.same(s.jellyfin!.violations, [])
})

t.test('the web chat records and follows as the person signed in: a kid cannot follow a show their Jellyfin user may not see', async t => {
  const llm = await startFakeLlm('openai')
  t.teardown(llm.close)
  const { app, sims } = await buildTestApp(t, {
    sims: { jellyfin: true, sonarr: true },
    config: { NOTIFY_PEOPLE: KID_PEOPLE, NOTIFY_URLS: KID_URLS, LLM_PROVIDER_A_API_KEY: 'fake-llm-key-0123456789', LLM_PROVIDER_A_BASE_URL: llm.url }
  })
  const jf = restrictKiddo(sims.jellyfin)
  const [adult, family] = [...sims.sonarr.state.library.series.values()]
  jf.mature.providerIds = { Tvdb: String(adult!.tvdbId) }
  jf.family.providerIds = { Tvdb: String(family!.tvdbId) }
  const kid = (await oauthLogin(app, { person: 'kid' })).tokens.access_token
  const parent = (await oauthLogin(app, { person: 'parent' })).tokens.access_token
  const follow = async (token: string, title: string) =>
    (await app.inject({ method: 'POST', url: '/api/notices/command', headers: { authorization: `Bearer ${token}` }, payload: { text: `/follow ${title}` } })).json().reply as string
  t.match(await follow(kid, adult!.title), /^I could not find that show in the library: No series/, 'the kid cannot follow the TV-MA show')
  t.match(await follow(parent, adult!.title), /^🔔 You follow/, 'the parent can')
  t.match(await follow(kid, family!.title), /^🔔 You follow/, 'the kid follows a TV-PG show')
  t.same(app.notices.store.follows().map(f => [f.title, f.person]), [[adult!.title, undefined], [family!.title, 'kid']], 'the kid\'s follow is judged by their limits when it has news')

  // What the kid asks for in the chat is recorded with their person, so its notice is judged the same way.
  llm.script.push({ toolCalls: [{ name: 'series_search', args: { addTvdbId: SHOW.tvdbId, qualityProfile: 'HD-1080p', rootFolder: 'tv', monitor: 'all' } }] }, { text: 'Added.' })
  const chat = await app.inject({ method: 'POST', url: '/api/chat', headers: { authorization: `Bearer ${kid}` }, payload: { message: 'add Northern Line' } })
  t.match(chat.body, /event: tool_end[\s\S]*"ok":true/)
  t.same(app.notices.store.requests().map(r => [r.target.title, r.person]), [[SHOW.title, 'kid']])
})
