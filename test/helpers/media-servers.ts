// The two media servers the media-server tool tests run against, behind one handle: start the simulator and the
// app, then find items in the shared seeded world and name them by the id the tools show (Jellyfin's GUID or
// Plex's ratingKey). One suite, two media servers: a test loops over MEDIA_SERVERS.
import type { SimItem, JellyfinState } from '../../simulators/jellyfin/state.js'
import { PLEX_VERSION } from '../../simulators/plex/index.js'
import { buildTestApp, type TestApp } from './build.js'
import type { BuildOptions } from '../../app.js'

/** What a test may change about the app: config overrides applied last, and build options. */
export interface StartOptions { config?: Record<string, unknown>, build?: BuildOptions }

export interface MediaServerUnderTest {
  app: TestApp<{}>['app']
  roots: TestApp<{}>['roots']
  ctx: TestApp<{}>['ctx']
  /** The seeded world both simulators render. */
  state: JellyfinState
  /** The id the tools show for an item of the world. */
  idOf: (item: SimItem) => string
  violations: () => string[]
  /** Records that a user played an item to the end (Jellyfin: its user data; Plex: a history row). */
  markPlayed: (userName: string, item: SimItem, when: Date) => void
}

export interface MediaServerKind { name: 'jellyfin' | 'plex', service: string, version: string, start: (t: { teardown: (fn: () => unknown) => void }, options?: StartOptions) => Promise<MediaServerUnderTest> }

export const MEDIA_SERVERS: MediaServerKind[] = [
  {
    name: 'jellyfin',
    service: 'Jellyfin',
    version: '10.11.11',
    async start (t, options) {
      const { app, roots, ctx, sims } = await buildTestApp(t, { sims: { jellyfin: true }, ...options })
      const sim = sims.jellyfin
      return {
        app,
        roots,
        ctx,
        state: sim.state,
        idOf: item => item.id,
        violations: () => sim.violations,
        markPlayed: (userName, item, when) => {
          const user = sim.state.users.find(u => u.name === userName)!
          sim.userData.set(user.id, item.id, { played: true, playCount: 1, lastPlayedDate: when.toISOString() })
        }
      }
    }
  },
  {
    name: 'plex',
    service: 'Plex',
    version: PLEX_VERSION,
    async start (t, options) {
      const { app, roots, ctx, sims } = await buildTestApp(t, { sims: { plex: true }, ...options })
      const sim = sims.plex
      return {
        app,
        roots,
        ctx,
        state: sim.state,
        idOf: item => String(sim.world.keyOf(item.id)),
        violations: () => sim.violations,
        markPlayed: (userName, item, when) => sim.world.play(userName, item.id, when)
      }
    }
  }
]
