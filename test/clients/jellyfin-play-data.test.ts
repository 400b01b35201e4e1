// What the play-data client says a user has watched, against the Jellyfin simulator. Jellyfin answers a series'
// UserData.Played as "no episode left unplayed" (Folder.FillUserDataDtoValues, v10.11.11), which a series with no
// episode on disk is for every user: the client must not pass that on as watched.
import t from 'tap'
import { createJellyfinClient } from '../../clients/jellyfin/client.js'
import { titleSeenBy, titlesSeenBy } from '../../clients/jellyfin/play-data.js'
import { createJellyfinSimulator } from '../../simulators/jellyfin/index.js'

const KEY = 'a11dfeedf00dfeedf00dfeedf00dfeed'

t.test('a series with no episode on disk is not watched, though Jellyfin says Played', async t => {
  const sim = await createJellyfinSimulator({ apiKey: KEY })
  t.teardown(() => sim.close())
  const jf = createJellyfinClient({ MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_API_KEY: KEY })
  t.teardown(() => jf.close())
  const items = [...sim.state.items.values()]
  const [emptied, finished] = items.filter(i => i.kind === 'Series')
  const family = sim.state.users[1]
  const episodesOf = (id: string) => items.filter(i => i.kind === 'Episode' && i.seriesId === id)

  // Every episode of one series deleted through Jellyfin (LibraryManager.DeleteItem): the series item stays.
  for (const e of episodesOf(emptied.id)) {
    t.equal((await fetch(`${sim.url}/Items/${e.id}`, { method: 'DELETE', headers: { authorization: `MediaBrowser Token="${KEY}"` } })).status, 204)
  }
  // Every episode of the other one played by the family user.
  for (const e of episodesOf(finished.id)) sim.userData.set(family.id, e.id, { played: true, playCount: 1, lastPlayedDate: '2026-01-01T00:00:00.000Z' })

  const raw = await fetch(`${sim.url}/Items?ids=${emptied.id}&userId=${family.id}&fields=RecursiveItemCount`, { headers: { authorization: `MediaBrowser Token="${KEY}"` } })
  const [answered] = (await raw.json()).Items
  t.match(answered, { RecursiveItemCount: 0, UserData: { Played: true, UnplayedItemCount: 0 } }, 'the server calls the empty series played')

  const { titles } = await titlesSeenBy(jf, family.id)
  const byId = new Map(titles.map(x => [x.itemId, x]))
  t.equal(byId.get(emptied.id)?.played, false, 'no episode on disk: not watched')
  t.equal(byId.get(finished.id)?.played, true, 'every episode on disk played: watched')
  t.equal((await titleSeenBy(jf, family.id, emptied.id))?.played, false, 'the single-title read says the same')
  t.equal((await titleSeenBy(jf, sim.state.users[0].id, emptied.id))?.played, false, 'for every user')
  t.same(sim.violations, [], 'every request and answer matches the contract')
})
