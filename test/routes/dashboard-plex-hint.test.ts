// Issue 34 item 12: with Plex as the media server, a failed dashboard action names Plex's variables
// (MEDIA_SERVER_TOKEN), not Jellyfin's MEDIA_SERVER_API_KEY, which Plex never reads (docs/plex.md).
import t from 'tap'
import { createPlexSimulator } from '../../simulators/plex/index.js'
import { buildTestApp, TEST_INTERNAL_KEY } from '../helpers/build.js'
import { SIM_KEYS } from '../helpers/sim-app.js'

const auth = { authorization: `Bearer ${TEST_INTERNAL_KEY}` }

t.test('a Plex token the server refuses: the hint names MEDIA_SERVER_TOKEN', async t => {
  const sim = await createPlexSimulator({ token: SIM_KEYS.plex, scanMs: 5 })
  t.teardown(sim.close)
  const { app } = await buildTestApp(t, { web: true, config: { MEDIA_SERVER_TYPE: 'plex', MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_TOKEN: 'not-the-plex-token-000' } })
  for (const action of ['stop', 'message']) {
    const res = await app.inject({ method: 'POST', url: `/api/dashboard/sessions/abc/${action}`, headers: auth, ...(action === 'message' ? { payload: { text: 'hi' } } : {}) })
    t.equal(res.statusCode, 502, action)
    const body = res.json()
    t.match(body, { error: 'backend_error', hint: /MEDIA_SERVER_TOKEN/ }, action)
    t.notMatch(JSON.stringify(body), /MEDIA_SERVER_API_KEY/, `${action}: Jellyfin's variable is not named for Plex`)
    t.notMatch(JSON.stringify(body), /not-the-plex-token/, 'the token is never shown')
  }
})
