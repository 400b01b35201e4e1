// server_status and activity_log for a person other than the owner: what plays, the libraries and the media-server
// events are shown only where their own Jellyfin user may open the item (GET /Items/{id} as that user); the owner
// sees everything. Hidden entries are simply left out, never named.
import t from 'tap'
import { buildTestApp } from '../../helpers/build.js'
import { errorText, ok } from '../../helpers/results.js'
import { KID_PEOPLE, KID_URLS, personPrincipal, restrictKiddo } from '../../helpers/kiddo.js'

interface Status { libraries: Array<{ name: string }>, sessions: Array<{ device: string, nowPlaying?: { name: string } }> }
interface Log { items: Array<{ name: string, itemId?: string }> }

t.test('a restricted person is not shown what plays, libraries or events their Jellyfin user may not see', async t => {
  const { app, sims, ctx } = await buildTestApp(t, { sims: { jellyfin: true }, config: { NOTIFY_PEOPLE: KID_PEOPLE, NOTIFY_URLS: KID_URLS } })
  const jf = sims.jellyfin
  const titles = restrictKiddo(jf)
  const kid = ctx({ principal: personPrincipal('kid') })
  const owner = ctx({ principal: personPrincipal('parent', true) })
  const [tv, second] = jf.state.sessions
  tv!.nowPlayingId = titles.rated.id
  if (second) second.nowPlayingId = titles.fine.id
  jf.state.log({ name: `family is playing ${titles.rated.name}`, type: 'VideoPlayback', severity: 'Information', itemId: titles.rated.id })
  jf.state.log({ name: `family is playing ${titles.fine.name}`, type: 'VideoPlayback', severity: 'Information', itemId: titles.fine.id })

  const status = async (c: typeof kid) => ok(await app.tools.call('server_status', {}, c)) as unknown as Status
  const playing = (s: Status) => s.sessions.flatMap(x => x.nowPlaying ? [x.nowPlaying.name] : [])
  const mine = await status(kid)
  const theirs = await status(owner)
  t.ok(playing(theirs).includes(titles.rated.name), 'the owner sees the R movie playing')
  t.notOk(playing(mine).includes(titles.rated.name), 'the kid does not')
  t.ok(mine.sessions.some(s => s.device === tv!.deviceName), 'the session itself is still listed, without what it plays')
  if (second) t.ok(playing(mine).includes(titles.fine.name), 'a PG movie playing is shown to the kid')
  t.ok(theirs.libraries.some(l => l.name === 'Anime'), 'the owner sees the Anime library')
  t.same(mine.libraries.map(l => l.name).sort(), ['Movies', 'Shows'], 'the kid sees only their libraries')

  const log = async (c: typeof kid) => (ok(await app.tools.call('activity_log', { limit: 100 }, c)) as unknown as Log).items
  t.ok((await log(owner)).some(e => e.itemId === titles.rated.id), 'the owner\'s activity log has the R movie\'s playback')
  const kidLog = await log(kid)
  t.notOk(kidLog.some(e => e.itemId === titles.rated.id || e.name.includes(titles.rated.name)), 'the kid\'s does not name it')
  t.ok(kidLog.some(e => e.itemId === titles.fine.id), 'but has the PG movie\'s')
  t.ok(kidLog.some(e => e.itemId === undefined), 'and the events about no item')
  t.match(errorText(await app.tools.call('get_library_state', { title: titles.rated.name }, kid)), /answers the owner only\. Use search_media, series_status or movie_status/, 'get_library_state (downloads, files, folders) is the owner\'s')
  t.notOk((await app.tools.call('get_library_state', { title: titles.rated.name }, owner)).isError, 'the owner reads it')
  t.same(jf.violations, [])
})
