// Each backend down in turn: for every read tool and view, with one backend (media server, series manager,
// movie manager, indexer manager, torrent client, Usenet client, direct-download manager, request manager)
// unreachable, hung, or answering 401,
// the answer names it and states nothing about what it holds ("Nothing is downloading.", "not known to the
// managers", "Libraries: none", 0 sessions…), and no tool that reads several sources fails whole for one.
// Every other backend is up: the simulators (simulators/stack.ts) and a real qbittorrent-nox. The backend that is
// down gets a client with short deadlines (the production clients built with a 300 ms read deadline), so a
// hung backend costs little. One app per backend serves its three ways down, each with a fresh client; a call
// that took no look at that client the first way (a proxy counts every look) is not asked again the other ways.
import t, { type Test } from 'tap'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { pathMapFor } from '../../core/path-map.js'
import { createJellyfinClient } from '../../clients/jellyfin/client.js'
import { createSonarrClient } from '../../clients/servarr/sonarr.js'
import { createRadarrClient } from '../../clients/servarr/radarr.js'
import { createProwlarrClient } from '../../clients/prowlarr/client.js'
import { createQbittorrentClient } from '../../clients/qbittorrent/client.js'
import { createPyloadClient } from '../../clients/pyload/client.js'
import { createSabnzbdClient } from '../../clients/usenet/sabnzbd.js'
import { createSeerrClient } from '../../clients/seerr/client.js'
import type { Config } from '../../config.js'
import { startSimulatedStack } from '../../simulators/stack.js'
import { buildTestApp, makeRoots } from '../helpers/build.js'
import { toolContext } from '../helpers/sim-app.js'
import { QBT_PASSWORD, startQbittorrent, swarmUnavailable } from '../helpers/qbt-swarm.js'
import { checkArguments, nextOf } from '../helpers/follow-next.js'
import { recordNext } from '../helpers/next-recorder.js'
import { callText } from '../../lib/answers/next-calls.js'

const DEADLINE_MS = 300
type Mode = 'unreachable' | 'hung' | '401'
type Backend = 'media server' | 'series manager' | 'movie manager' | 'indexer manager' | 'torrent client' | 'Usenet client' | 'pyLoad' | 'request manager'
const MODES: Mode[] = ['unreachable', 'hung', '401']
/** An answer's opening in an assertion's message: a whole-library answer is megabytes, and tap parses every message. */
const brief = (text = '') => text.length > 120 ? `${text.slice(0, 120)}…` : text

/** Each backend: the name its answers carry, its URL variable, its client built on a URL with short deadlines. */
const BACKENDS: Record<Backend, { service: string, urlVar: keyof Config, key: string, client: (c: Config, url: string) => { close?: () => Promise<void> } }> = {
  'media server': { service: 'Jellyfin', urlVar: 'MEDIA_SERVER_URL', key: 'mediaServer', client: (c, url) => createJellyfinClient({ ...c, MEDIA_SERVER_URL: url }, { deadlineMs: DEADLINE_MS, pathMap: pathMapFor(c) }) },
  'series manager': { service: 'Sonarr', urlVar: 'SERIES_MANAGER_URL', key: 'sonarr', client: (c, url) => createSonarrClient({ baseUrl: url, apiKey: c.SERIES_MANAGER_API_KEY, urlVar: 'SERIES_MANAGER_URL', keyVar: 'SERIES_MANAGER_API_KEY', pathMap: pathMapFor(c), deadlineMs: DEADLINE_MS, readDeadlineMs: DEADLINE_MS }) },
  'movie manager': { service: 'Radarr', urlVar: 'MOVIE_MANAGER_URL', key: 'radarr', client: (c, url) => createRadarrClient({ baseUrl: url, apiKey: c.MOVIE_MANAGER_API_KEY, urlVar: 'MOVIE_MANAGER_URL', keyVar: 'MOVIE_MANAGER_API_KEY', pathMap: pathMapFor(c), deadlineMs: DEADLINE_MS, readDeadlineMs: DEADLINE_MS }) },
  'indexer manager': { service: 'Prowlarr', urlVar: 'INDEXER_MANAGER_URL', key: 'prowlarr', client: (c, url) => createProwlarrClient({ ...c, INDEXER_MANAGER_URL: url }, { deadlineMs: DEADLINE_MS }) },
  'torrent client': { service: 'qBittorrent', urlVar: 'TORRENT_CLIENT_URL', key: 'torrent', client: (c, url) => createQbittorrentClient({ url, username: c.TORRENT_CLIENT_USERNAME, password: c.TORRENT_CLIENT_PASSWORD, downloadsRoot: c.DOWNLOADS_ROOT, pathMap: pathMapFor(c), deadlineMs: DEADLINE_MS }) },
  'Usenet client': { service: 'SABnzbd', urlVar: 'USENET_CLIENT_URL', key: 'usenet', client: (c, url) => createSabnzbdClient({ url, apiKey: c.USENET_CLIENT_API_KEY, pathMap: pathMapFor(c), deadlineMs: DEADLINE_MS }) },
  pyLoad: { service: 'pyLoad', urlVar: 'DOWNLOAD_MANAGER_URL', key: 'pyload', client: (c, url) => createPyloadClient({ url, apiKey: c.DOWNLOAD_MANAGER_API_KEY, downloadsRoot: c.DOWNLOADS_ROOT, pathMap: pathMapFor(c), deadlineMs: DEADLINE_MS }) },
  'request manager': { service: 'Seerr', urlVar: 'REQUESTS_URL', key: 'seerr', client: (c, url) => createSeerrClient({ ...c, REQUESTS_URL: url }, { deadlineMs: DEADLINE_MS }) }
}

/** What an answer must not say while that backend is down: each claims something only it could tell. */
const CLAIMS: Record<Backend, RegExp | undefined> = {
  'media server': /not listed by the media server|Libraries: none|\b0 active session|\b0 user/,
  'series manager': /not known to the managers|no files in the managers|not monitored|not downloading|Nothing is downloading\.|No downloads in the queues\./,
  'movie manager': /not known to the managers|no files in the managers|not monitored|not downloading|Nothing is downloading\.|No downloads in the queues\./,
  'indexer manager': undefined,
  'torrent client': /not downloading|Nothing is downloading\.|No downloads in the queues\./,
  'Usenet client': /not downloading|Nothing is downloading\.|No downloads in the queues\./,
  pyLoad: /not downloading|Nothing is downloading\.|No finished packages\./,
  'request manager': /No requests|\b0 requests?\b|nobody has asked/i
}

interface Call { tool: string, args: Record<string, unknown>, reads: Backend[], multi?: boolean }
const ALL_DOWNLOADS: Backend[] = ['series manager', 'movie manager', 'torrent client', 'Usenet client', 'pyLoad']

/** Every read tool and view. `reads`: the backends it asks; `multi`: it answers from several sources (never fails whole for one). */
function calls (ids: { series: number, movie: number, item: string }): Call[] {
  const series = (view: string, extra: Record<string, unknown> = {}): Call => ({ tool: 'series_status', args: { view, ...extra }, reads: ['series manager'] })
  const movies = (view: string, extra: Record<string, unknown> = {}): Call => ({ tool: 'movie_status', args: { view, ...extra }, reads: ['movie manager'] })
  return [
    { tool: 'server_status', args: {}, reads: ['media server'], multi: true },
    { tool: 'activity_log', args: {}, reads: ['media server'] },
    { tool: 'activity_log', args: { view: 'server' }, reads: [] },
    { tool: 'search_media', args: { query: 'a' }, reads: ['media server'] },
    { tool: 'show_details', args: { seriesId: ids.item }, reads: ['media server'] },
    { tool: 'get_library_state', args: { title: 'Severance' }, reads: ['media server', ...ALL_DOWNLOADS], multi: true },
    { tool: 'get_library_state', args: {}, reads: [] },
    { tool: 'manage_files', args: { action: 'list', path: 'tv' }, reads: [] },
    { tool: 'check_jobs', args: {}, reads: [] },
    { tool: 'download_status', args: {}, reads: ALL_DOWNLOADS, multi: true },
    { tool: 'download_status', args: { action: 'finished' }, reads: ['pyLoad'] },
    { tool: 'download_status', args: { action: 'requests' }, reads: ['request manager'] },
    { tool: 'cancel_downloads', args: { action: 'list' }, reads: ['series manager', 'movie manager', 'torrent client', 'Usenet client'], multi: true },
    series('library'), series('series', { id: ids.series, idType: 'seriesId' }), series('season', { id: ids.series, idType: 'seriesId', seasonNumber: 1 }),
    series('calendar'), series('missing'), series('queue'), series('stuck'), series('history'),
    movies('library'), movies('calendar'), movies('missing'), movies('queue'), movies('stuck'), movies('history'),
    // Last: interactive search and lookups keep their long command deadlines, so they come once the circuit is open.
    { tool: 'series_search', args: { term: 'line' }, reads: ['series manager'] },
    { tool: 'movie_search', args: { term: 'moon' }, reads: ['movie manager'] },
    { tool: 'series_releases', args: { id: ids.series, idType: 'seriesId', seasonNumber: 1 }, reads: ['series manager'] },
    { tool: 'movie_releases', args: { id: ids.movie, idType: 'movieId' }, reads: ['movie manager'] }
  ]
}

/** A backend that is down the given way; its URL and a close. */
async function downBackend (mode: Mode) {
  const held: ServerResponse[] = []
  const server = createServer((_req, res) => {
    if (mode === 'hung') { held.push(res); return }
    res.writeHead(401, { 'content-type': 'text/plain' }).end('Unauthorized')
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const close = () => new Promise<void>(resolve => { for (const res of held) res.destroy(); server.closeAllConnections(); server.close(() => resolve()) })
  if (mode === 'unreachable') await close()
  return { url, close: mode === 'unreachable' ? async () => {} : close }
}

/**
 * The client with every look at it counted (a property read, an `in`): a tool call that took no look at the
 * client of the backend that is down answers the same however that backend is down.
 */
function watched<C extends object> (client: C) {
  let looks = 0
  const look = () => { looks++ }
  const proxy = new Proxy(client, {
    get: (target, p, receiver) => { look(); return Reflect.get(target, p, receiver) },
    has: (target, p) => { look(); return Reflect.has(target, p) },
    ownKeys: target => { look(); return Reflect.ownKeys(target) }
  })
  return { client: proxy, looks: () => looks }
}

const skip = await swarmUnavailable()
// Eight backends, three ways each, every read tool: longer than tap's default per-file timeout on a loaded machine.
t.setTimeout(400_000)
t.test('each backend down in turn', { skip, timeout: 400_000 }, async t => {
  const roots = makeRoots()
  t.teardown(roots.cleanup)
  const stack = await startSimulatedStack({ media: roots.media, downloads: roots.downloads }, { usenet: true, seerr: true })
  t.teardown(stack.close)
  const qbt = await startQbittorrent(join(roots.base, 'qbt'), { downloadDir: roots.downloads })
  t.teardown(() => qbt.stop())
  const base = { ...stack.settings, TORRENT_CLIENT_URL: qbt.url, TORRENT_CLIENT_PASSWORD: QBT_PASSWORD }
  // One app for everything up, then one per backend down, on the same roots and state dir.
  const build = async (t: Test, settings: Record<string, unknown>) => await buildTestApp(t, { roots, config: settings })
  const call = async (app: FastifyInstance, c: Call) => await app.tools.call(c.tool, c.args, toolContext())

  // Ids the id-taking views need, read while everything is up; and every call answers then.
  const { app: healthy } = await build(t, base)
  // What the answers suggest with everything up is followed before the backends go down in turn (issue 34 #8).
  const suggested = recordNext(healthy)
  const structured = async (tool: string, args: Record<string, unknown>) => (await healthy.tools.call(tool, args, toolContext())).structuredContent as any
  const ids = {
    series: (await structured('series_status', { view: 'library', limit: 1 })).items[0].seriesId,
    movie: (await structured('movie_status', { view: 'library', limit: 1 })).items[0].movieId,
    item: (await structured('search_media', { types: ['Series'], limit: 1 })).items[0].id
  }
  for (const c of calls(ids)) {
    const res = await call(healthy, c)
    t.notOk(res.isError, `all up: ${c.tool} ${JSON.stringify(c.args)} answers: ${brief(res.content[0]?.text)}`)
  }
  // A few of each kind: the library's health suggests a rescan for every title whose files are not all known.
  await t.test('every call suggested with everything up, followed', t => suggested.followAll(t, { sample: 3 }))
  await healthy.close()

  // A suggested call is refused for its arguments or not whatever the backends say (the registry checks them
  // before the tool runs): each distinct one is sent once in the file.
  const argumentsChecked = new Set<string>()
  for (const backend of Object.keys(BACKENDS) as Backend[]) {
    const b = BACKENDS[backend]
    await t.test(backend, async t => {
      // The app's own client of this backend is on a closed port; each way down swaps in a fresh client with short
      // deadlines (its own circuit breaker), so no way down inherits another's state.
      const closed = await downBackend('unreachable')
      const { app, config } = await build(t, { ...base, [b.urlVar]: closed.url })
      const clients = app.backends as unknown as Record<string, object>
      const own = clients[b.key]!
      /** Calls that took no look at the client in an earlier way down: the same answer in every way, asked once. */
      const untouched = new Set<string>()
      for (const mode of MODES) {
        await t.test(`${backend} ${mode}`, async t => {
          const down = await downBackend(mode)
          t.teardown(down.close)
          const fresh = b.client(config, down.url)
          t.teardown(async () => { clients[b.key] = own; await fresh.close?.() })
          const { client, looks } = watched(fresh)
          clients[b.key] = client
          for (const c of calls(ids)) {
            const what = `${c.tool} ${JSON.stringify(c.args)}`
            if (untouched.has(what)) continue
            const before = looks()
            const res = await call(app, c)
            if (looks() === before && !c.reads.includes(backend)) untouched.add(what)
            // Every call it suggests takes the arguments it was given (issue 34 #8), backend down or not.
            const next = nextOf(res).filter(n => !argumentsChecked.has(callText(n)))
            for (const n of next) argumentsChecked.add(callText(n))
            await checkArguments(t, (tool, args) => call(app, { tool, args } as Call), next)
            const text = res.content.map(x => x.text).join('\n')
            if (c.reads.includes(backend)) {
              t.ok(text.includes(b.service), `${what} names ${b.service}: ${brief(text)}`)
              if (c.multi) t.notOk(res.isError, `${what} answers from the other sources: ${brief(text)}`)
              const claim = CLAIMS[backend]
              if (claim && !res.isError) t.notMatch(text, claim, `${what} says nothing about what ${b.service} holds`)
            } else {
              t.notOk(res.isError, `${what} does not read ${b.service} and still answers: ${brief(text)}`)
            }
          }
          if (mode !== MODES[0]) t.comment(`${untouched.size} calls that took no look at ${b.service}'s client while it was ${MODES[0]} were not asked again`)
        })
      }
    })
  }
})
