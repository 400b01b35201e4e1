// plex.tv's shared_servers answer as the Plex client reads it: each share's user, token and restrictions, the
// filter strings as python-plexapi writes them (`key=v1%2Cv2|…`), XML entities, and what is not a list of shares.
import t from 'tap'
import { createPlexShares, parseShareFilter, sharedServerElements } from '../../clients/plex/shares.js'
import { shareAllows } from '../../lib/people/share-filters.js'

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<MediaContainer friendlyName="myPlex" machineIdentifier="abc" size="2">
  <SharedServer id="1" username="Kiddo &amp; Co" userID="7" accessToken="tok-7" allLibraries="0" filterMovies="contentRating=G%2CPG|label!=Scary" filterTelevision="contentRating!=TV-MA" filterMusic="">
    <Section id="1" key="1" title="Movies" type="movie" shared="1"/>
  </SharedServer>
  <SharedServer id="2" username="pending" userID="8" filterMovies="" />
</MediaContainer>`

t.test('the shares, their tokens and restrictions are read from the XML', async t => {
  const els = sharedServerElements(XML)
  t.equal(els.length, 2)
  t.equal(els[0]!.username, 'Kiddo & Co', 'entities are decoded')
  t.same(parseShareFilter('contentRating=G%2CPG|label!=Scary'), { ratings: ['G', 'PG'], notRatings: [], labels: [], notLabels: ['Scary'] })
  t.same(parseShareFilter('contentRating=de%2F12,PG-13'), { ratings: ['de/12', 'PG-13'], notRatings: [], labels: [], notLabels: [] }, 'a comma or an encoded one; values decoded')
  t.equal(parseShareFilter(''), undefined, 'no restriction')
  t.equal(parseShareFilter('genre=Horror'), undefined, 'an unknown key restricts nothing')
  t.throws(() => sharedServerElements('<html>sign in</html>'), /not a MediaContainer/)
})

t.test('a share is found by the user\'s account id; one without a token is no share; plex.tv is read once a minute', async t => {
  let reads = 0
  let now = 0
  const shares = createPlexShares({ ownerToken: 'owner', machineId: async () => 'abc', now: () => now, fetch: async (path, o) => { reads++; t.equal(path, '/api/servers/abc/shared_servers'); t.equal(o.headers['x-plex-token'], 'owner'); return XML } })
  const kid = await shares.of('7')
  t.equal(kid?.accessToken, 'tok-7')
  t.same(kid?.limits.contentFilters?.tv, { ratings: [], notRatings: ['TV-MA'], labels: [], notLabels: [] })
  t.equal(await shares.of('8'), undefined, 'a share with no token (pending) reads as none')
  t.equal(reads, 1)
  now = 61_000
  await shares.of('7')
  t.equal(reads, 2, 'read again after a minute')
})

t.test('a new title passes a share filter by its certification alone', async t => {
  const filter = { ratings: ['G', 'PG'], notRatings: [], labels: ['kids'], notLabels: ['scary'] }
  t.ok(shareAllows(filter, 'pg'))
  t.notOk(shareAllows(filter, 'R'))
  t.notOk(shareAllows(filter, ''), 'unrated: only chosen ratings (or labels it cannot have yet) pass')
  t.ok(shareAllows({ ratings: [], notRatings: ['R'], labels: [], notLabels: ['scary'] }, ''), 'exclusions alone let an unrated title through')
  t.notOk(shareAllows({ ratings: [], notRatings: ['R'], labels: [], notLabels: [] }, 'r'))
  t.ok(shareAllows(undefined, 'NC-17'), 'no filter')
})
