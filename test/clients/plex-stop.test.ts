// Stopping a Plex stream against the Plex simulator: a server without the feature answers the terminate call 401
// "Server does not have the feature enabled" (plex-api-spec terminateSession, spec : 3815-3865), which must not
// be read as a wrong token; a wrong token still names MEDIA_SERVER_TOKEN.
import t from 'tap'
import { BackendError } from '../../core/errors.js'
import { createPlexClient } from '../../clients/plex/client.js'
import { createPlexSimulator } from '../../simulators/plex/index.js'

t.test('Plex stopPlayback: stopped, not allowed by the server, or a wrong token', async t => {
  const sim = await createPlexSimulator({ token: 'owner-token' })
  t.teardown(sim.close)
  const client = createPlexClient({ MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_TOKEN: 'owner-token' })
  t.teardown(() => client.close())
  const playing = () => sim.state.sessions.filter(s => s.nowPlayingId).map(s => s.id)
  const [first] = playing()
  t.ok(first, 'the seeded world plays a session')

  sim.features.stopPlayback = false
  const err = await client.stopPlayback(first!).catch(e => e)
  t.type(err, BackendError)
  t.match(err.message, /does not allow stopping streams/)
  t.notMatch(err.message, /MEDIA_SERVER_TOKEN|API key/, 'not taken for a wrong token')
  t.ok(playing().includes(first!), 'the stream plays on')

  sim.features.stopPlayback = true
  await client.stopPlayback(first!)
  t.notOk(playing().includes(first!), 'stopped')

  const wrong = createPlexClient({ MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_TOKEN: 'not-the-token' })
  t.teardown(() => wrong.close())
  await t.rejects(wrong.stopPlayback(first!), { code: 'unauthorized', message: /check MEDIA_SERVER_TOKEN/ })
})
