// With Plex as the media server, setup's Jellyfin steps (the key and the libraries) are skipped, saying what to do
// instead, and send nothing to the media server.
import t from 'tap'
import { createServer } from 'node:http'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { runSetup } from '../../lib/setup/run.js'
import { checkPlexToken } from '../../lib/setup/plex-token.js'
import { createPlexSimulator, PLEX_VERSION } from '../../simulators/plex/index.js'
import type { SetupLog } from '../../lib/setup/types.js'
import { makeRoots, testConfig } from '../helpers/build.js'

const log: SetupLog = { info: () => {}, warn: () => {}, error: () => {} } as unknown as SetupLog

t.test('Plex: key.jellyfin is skipped with what to do instead', async t => {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  let asked = 0
  const server = createServer((_req, res) => { asked++; res.statusCode = 401; res.end() })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => server.close())
  const { port } = server.address() as { port: number }
  const config = testConfig(roots, { MEDIA_SERVER_TYPE: 'plex', MEDIA_SERVER_URL: `http://127.0.0.1:${port}`, MEDIA_SERVER_TOKEN: 'plex-owner-token' })
  const report = await runSetup(config, { configRoot: roots.base, steps: ['key.jellyfin'], jellyfinAdmin: { username: 'admin', password: 'pw' } }, log)
  t.equal(report.results.length, 1)
  for (const r of report.results) t.match(r, { status: 'skipped', message: /media server is Plex.*MEDIA_SERVER_TOKEN/ }, r.step)
  t.equal(asked, 0, 'nothing was sent to the media server')
})

t.test('Plex: the library steps check the token and add the missing sections over MEDIA_ROOT as Plex sees it, once', async t => {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  mkdirSync(join(roots.media, 'music'), { recursive: true })
  const sim = await createPlexSimulator({ token: 'the-owner-token' })
  t.teardown(sim.close)
  sim.state.libraries.splice(0)
  const steps = ['library.movies', 'library.tv', 'library.anime', 'library.music']
  const bad = await runSetup(testConfig(roots, { MEDIA_SERVER_TYPE: 'plex', MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_TOKEN: 'a-wrong-token' }), { configRoot: roots.base, steps }, log)
  t.match(bad.results[0], { status: 'failed', message: /refused MEDIA_SERVER_TOKEN \(401\)/ })
  t.equal(sim.state.libraries.length, 0, 'nothing added with a wrong token')
  const config = testConfig(roots, { MEDIA_SERVER_TYPE: 'plex', MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_TOKEN: 'the-owner-token', PATH_MAP: `/data=${roots.media}` })
  const first = await runSetup(config, { configRoot: roots.base, steps }, log)
  t.match(first.results, [
    { step: 'library.movies', status: 'done', message: /Added the Plex section "Movies" \(movies\) over \/data\/movies/ },
    { step: 'library.tv', status: 'done', message: /"TV Shows" \(tvshows\) over \/data\/tv/ },
    { step: 'library.anime', status: 'skipped', message: /no anime library kind/ },
    { step: 'library.music', status: 'done', message: /"Music" \(music\) over \/data\/music/ }
  ])
  t.same(sim.state.libraries.map(l => [l.name, l.collectionType, l.locations]), [['Movies', 'movies', ['/data/movies']], ['TV Shows', 'tvshows', ['/data/tv']], ['Music', 'music', ['/data/music']]])
  const again = await runSetup(config, { configRoot: roots.base, steps }, log)
  t.same(again.results.map(r => r.status), ['already_done', 'already_done', 'skipped', 'already_done'])
  t.equal(sim.state.libraries.length, 3, 'run twice, added once')
})

t.test('Plex: the setup status checks the token against the server and never shows it', async t => {
  const sim = await createPlexSimulator({ token: 'the-owner-token' })
  t.teardown(sim.close)
  const good = await checkPlexToken({ MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_TOKEN: 'the-owner-token' })
  t.same(good, { reachable: true, version: PLEX_VERSION })
  const bad = await checkPlexToken({ MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_TOKEN: 'a-wrong-token' })
  t.match(bad, { reachable: true, error: /refused MEDIA_SERVER_TOKEN \(401\)/ })
  t.notMatch(JSON.stringify(bad), /a-wrong-token/)
  t.match(await checkPlexToken({ MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_TOKEN: '' }), { reachable: false, error: /set MEDIA_SERVER_TOKEN/ })
})
