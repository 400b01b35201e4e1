// A plex.tv simulator for tests: the one plex.tv call this server makes, GET /api/servers/{machineIdentifier}/
// shared_servers, answered from a Plex simulator's shares. plex.tv is an outside service, so the server reads it
// through the URL guard; tests resolve plex.tv to a public address and route the connection here with `dispatcher`
// (the guard's check still runs). Rows: simulators/fidelity/plex.ts.
import Fastify from 'fastify'
import net from 'node:net'
import { Agent } from 'undici'
import { attachFaults, type FaultSwitch } from '../faults.js'
import { attachRequestLog, type RequestLog } from '../request-log.js'
import { attachRouteList } from '../route-list.js'
import { listenLocal } from '../shared-http.js'
import { toXml } from './render.js'
import { filterString } from './shares.js'
import type { PlexSimulator } from './index.js'

export interface PlexTvSimulator {
  url: string
  /** Connects every request to this simulator, whatever host the URL names (for the server's plex.tv reads). */
  dispatcher: Agent
  faults: FaultSwitch
  requests: RequestLog
  close: () => Promise<void>
}

export async function createPlexTvSimulator (opts: { plex: PlexSimulator, ownerToken: string }): Promise<PlexTvSimulator> {
  const { plex } = opts
  const app = Fastify({ logger: false })
  const faults = attachFaults(app)
  const requests = attachRequestLog(app)
  attachRouteList(app, 'Plex')

  // GET /api/servers/{machineIdentifier}/shared_servers with the owner's token (plexapi/myplex.py : 96 FRIENDINVITE,
  // read by MyPlexUser.get_token, : 1232-1237): XML, one SharedServer per user the server is shared with, carrying
  // userID, username, the user's accessToken for this server, allLibraries, the filter strings (myplex.py :
  // 736-743) and a Section per library with shared="1" or "0" (myplex.py : 1301-1324 Section). A wrong token: 401.
  app.get('/api/servers/:machine/shared_servers', async (req, reply) => {
    if (req.headers['x-plex-token'] !== opts.ownerToken) return reply.code(401).type('text/html').send('<html><body><h1>401 Unauthorized</h1></body></html>')
    if ((req.params as { machine: string }).machine !== plex.machineIdentifier) return reply.code(404).type('text/html').send('<html><body><h1>404 Not Found</h1></body></html>')
    const accounts = plex.world.accounts()
    const shared = plex.shares.all().map(s => ({
      id: s.accountId * 10,
      username: accounts.find(a => a.id === s.accountId)?.name ?? '',
      userID: s.accountId,
      accessToken: s.accessToken,
      name: 'mediastack-sim',
      owned: 1,
      allLibraries: s.libraries ? 0 : 1,
      filterAll: '',
      filterMovies: filterString(s.filterMovies),
      filterMusic: filterString(s.filterMusic),
      filterPhotos: '',
      filterTelevision: filterString(s.filterTelevision),
      Section: plex.state.libraries.map((l, i) => ({ id: i + 1, key: i + 1, title: l.name, shared: !s.libraries || s.libraries.includes(l.itemId) ? 1 : 0 }))
    }))
    return reply.type('text/xml; charset=utf-8').send(toXml({ friendlyName: 'myPlex', identifier: 'com.plexapp.plugins.myplex', machineIdentifier: plex.machineIdentifier, size: shared.length, SharedServer: shared }))
  })

  const url = await listenLocal(app)
  const port = Number(new URL(url).port)
  const dispatcher = new Agent({ connect: (_o, done) => { const s = net.connect({ host: '127.0.0.1', port }, () => done(null, s)); s.once('error', err => done(err, null)) } })
  let closing: Promise<void> | undefined
  return { url, dispatcher, faults, requests, close: () => (closing ??= Promise.all([dispatcher.close(), app.close()]).then(() => undefined)) }
}
