// The dashboard's media panels on Plex: now playing (with a transcode) and the library counts come from the
// simulated Plex through the same contract as Jellyfin.
import t from 'tap'
import { TEST_INTERNAL_KEY, buildTestApp } from '../helpers/build.js'

t.test('now playing and library panels read Plex', async t => {
  const { app, sims } = await buildTestApp(t, { sims: { plex: true } })
  const session = sims.plex.state.sessions.find(s => s.nowPlayingId)!
  session.playMethod = 'Transcode'
  session.isPaused = true
  const auth = { authorization: `Bearer ${TEST_INTERNAL_KEY}` }
  const playing = await app.inject({ method: 'GET', url: '/api/dashboard/now-playing', headers: auth })
  t.equal(playing.statusCode, 200, playing.body)
  const body = playing.json()
  t.equal(body.available, true, playing.body)
  t.equal(body.sessions.length, 1, 'Plex lists the playing session only')
  t.match(body.sessions[0], { user: 'family', device: 'Living Room TV', paused: true, transcoding: true }, 'paused and transcoding, as Plex says')
  const library = (await app.inject({ method: 'GET', url: '/api/dashboard/library', headers: auth })).json()
  t.ok(library.libraries.find((l: any) => l.name === 'Shows').itemCount > 0, 'library counts from Plex sections')
})
