// The Jellyfin simulator's per-user play data, as Jellyfin 10.11 answers it (simulators/jellyfin/user-data.ts):
// UserData on /Items for a named user, a series' Played computed from its episodes, the isPlayed filter's
// any-episode rule for series, MarkPlayed/MarkUnplayed/favourites, and who may read whose data.
import t from 'tap'
import { request } from 'undici'
import { createJellyfinSimulator } from '../../simulators/jellyfin/index.js'

const KEY = 'a11dfeedf00dfeedf00dfeedf00dfeed'
const auth = (token: string) => ({ authorization: `MediaBrowser Token="${token}"` })

t.test('play data per user: series Played from episodes, the isPlayed filter on series, favourites, access', async t => {
  const sim = await createJellyfinSimulator({ apiKey: KEY })
  t.teardown(() => sim.close())
  const call = async (method: 'GET' | 'POST' | 'DELETE', path: string, token = KEY) => {
    const res = await request(`${sim.url}${path}`, { method, headers: auth(token) })
    const text = await res.body.text()
    return { status: res.statusCode, body: text && res.headers['content-type']?.toString().includes('json') ? JSON.parse(text) : text }
  }
  const [admin, family] = sim.state.users
  const series = [...sim.state.items.values()].find(i => i.kind === 'Series' && [...sim.state.items.values()].filter(e => e.seriesId === i.id && e.kind === 'Episode').length > 1)!
  const episodes = [...sim.state.items.values()].filter(e => e.seriesId === series.id && e.kind === 'Episode')

  const noUser = await call('GET', `/Items?ids=${series.id}`)
  t.notOk('UserData' in noUser.body.Items[0], 'an API key without userId has no user, so no UserData')

  const one = await call('POST', `/UserPlayedItems/${episodes[0].id}?userId=${family.id}&datePlayed=2026-01-02T03:04:05.000Z`)
  t.match(one.body, { Played: true, PlayCount: 1, LastPlayedDate: '2026-01-02T03:04:05.000Z', IsFavorite: false })
  const seen = await call('GET', `/Items?ids=${series.id}&userId=${family.id}`)
  t.match(seen.body.Items[0].UserData, { Played: false, UnplayedItemCount: episodes.length - 1 }, 'a series is played only when no episode is left')
  const filtered = await call('GET', `/Items?recursive=true&includeItemTypes=Series&isPlayed=true&userId=${family.id}`)
  t.ok(filtered.body.Items.some((i: any) => i.Id === series.id), 'yet isPlayed=true with Series alone keeps it: one episode played is enough')

  await call('POST', `/UserPlayedItems/${series.id}?userId=${family.id}`)
  t.match((await call('GET', `/Items?ids=${series.id}&userId=${family.id}`)).body.Items[0].UserData, { Played: true, UnplayedItemCount: 0 }, 'marking the series marks every episode')
  t.match((await call('GET', `/Items?ids=${series.id}&userId=${admin.id}`)).body.Items[0].UserData, { Played: false }, 'another user\'s data is their own')
  const unplayed = await call('DELETE', `/UserPlayedItems/${episodes[0].id}?userId=${family.id}`)
  t.match(unplayed.body, { Played: false, PlayCount: 0 })
  t.notOk('LastPlayedDate' in unplayed.body, 'MarkUnplayed clears the last play')

  t.match((await call('POST', `/UserFavoriteItems/${series.id}?userId=${admin.id}`)).body, { IsFavorite: true })
  const favs = await call('GET', `/Items?recursive=true&isFavorite=true&userId=${admin.id}`)
  t.same(favs.body.Items.map((i: any) => i.Id), [series.id])

  t.equal((await call('GET', `/Items?userId=${'0'.repeat(31)}1`)).status, 404, 'an unknown user is 404')
  t.equal((await call('POST', `/UserPlayedItems/${'0'.repeat(32)}?userId=${family.id}`)).status, 404, 'an unknown item is 404')
  t.same(sim.violations, [], 'every request and answer matches the contract')
})

t.test('RecursiveItemCount comes with a user\'s data only, and never on a collection folder (Folder.FillUserDataDtoValues)', async t => {
  const sim = await createJellyfinSimulator({ apiKey: KEY })
  t.teardown(() => sim.close())
  const items = async (query: string) => {
    const res = await request(`${sim.url}/Items?${query}&fields=RecursiveItemCount`, { headers: auth(KEY) })
    return ((await res.body.json()) as { Items: Array<Record<string, unknown>> }).Items
  }
  const family = sim.state.users[1]
  const series = [...sim.state.items.values()].find(i => i.kind === 'Series')!
  const episodes = [...sim.state.items.values()].filter(e => e.seriesId === series.id && e.kind === 'Episode').length
  const library = [...sim.state.items.values()].find(i => i.kind === 'CollectionFolder')!
  t.match((await items(`ids=${series.id}&userId=${family.id}`))[0], { RecursiveItemCount: episodes }, 'a series counts its episodes, not its seasons')
  t.notOk('RecursiveItemCount' in (await items(`ids=${series.id}`))[0], 'without a user, none')
  t.notOk('RecursiveItemCount' in (await items(`ids=${library.id}&userId=${family.id}`))[0], 'a collection folder: none')
  t.same(sim.violations, [])
})
