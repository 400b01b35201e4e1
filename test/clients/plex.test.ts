// The Plex client's watch state for the watched cleanup, against the Plex simulator: each account's plays come from
// the server's play history (read with the owner's token), a show counts as watched only when every episode on
// disk was played, and the keep label stands in for a favourite.
import t from 'tap'
import { createPlexClient } from '../../clients/plex/client.js'
import { createPlexSimulator } from '../../simulators/plex/index.js'

t.test('Plex play data per account', async t => {
  const sim = await createPlexSimulator({ token: 'owner-token' })
  t.teardown(sim.close)
  const client = createPlexClient({ MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_TOKEN: 'owner-token' }, { keepLabel: 'keep' })
  t.teardown(() => client.close())
  const { state, world } = sim
  const users = await client.users()
  t.same(users.map(u => [u.name, u.isAdmin]), [['admin', true], ['family', false]], 'server accounts, the owner as administrator, no system account')
  const [admin, family] = users
  const movie = [...state.items.values()].find(i => i.kind === 'Movie')!
  const show = [...state.items.values()].find(i => i.kind === 'Series')!
  const episodes = [...state.items.values()].filter(i => i.kind === 'Episode' && i.seriesId === show.id)
  t.ok(episodes.length >= 2)
  const key = (id: string) => String(world.keyOf(id))

  world.play('family', movie.id, new Date('2026-01-02T03:04:05Z'))
  world.play('admin', episodes[0].id, new Date('2026-02-01T00:00:00Z'))
  for (const e of episodes) world.play('family', e.id, new Date('2026-03-01T00:00:00Z'))
  world.labels.set(movie.id, ['Keep'])

  const familyMovie = await client.titleSeenBy(family.id, key(movie.id))
  t.match(familyMovie, { kind: 'Movie', played: true, lastPlayed: '2026-01-02T03:04:05.000Z', favorite: true })
  t.match(await client.titleSeenBy(admin.id, key(movie.id)), { played: false, favorite: true }, 'another account\'s play is not admin\'s; the keep label keeps it for everyone')
  t.notOk((await client.titleSeenBy(admin.id, key(movie.id)))?.lastPlayed)
  t.match(await client.titleSeenBy(admin.id, key(show.id)), { kind: 'Series', played: false, lastPlayed: '2026-02-01T00:00:00.000Z' }, 'one episode of several is not the show')
  t.match(await client.titleSeenBy(family.id, key(show.id)), { played: true }, 'every episode on disk played')
  t.equal(await client.lastEpisodePlay(admin.id, key(show.id)), '2026-02-01T00:00:00.000Z')
  t.equal(await client.titleSeenBy(family.id, '999999'), undefined, 'an unknown title')
  const all = await client.titlesSeenBy(family.id)
  t.equal(all.complete, true)
  t.equal(all.titles.length, [...state.items.values()].filter(i => i.kind === 'Movie' || i.kind === 'Series').length, 'every movie and show is read, page by page')
  t.ok(all.titles.find(x => x.itemId === key(movie.id))?.tmdbId, 'with its catalogue ids')
})
