// Two series managers (the default one and "anime", each its own simulator on its own port): tool calls go
// to the named instance, a title held by one instance goes there, a call that could mean both is refused
// with the choices, unknown names are refused, completions offer both libraries' titles, and /health probes both.
import t from 'tap'
import { startServarrStack } from '../helpers/servarr-sims.js'
import { createSonarrSimulator } from '../../simulators/servarr/sonarr.js'
import { connectClient, listenMcp } from '../helpers/mcp-client.js'
import { forgetTitles } from '../../plugins/mcp/features/title-index.js'
import { errorText, ok } from '../helpers/results.js'

const anime = await createSonarrSimulator({ apiKey: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' })
t.teardown(() => anime.close())
const s = await startServarrStack(t, {
  config: { SERIES_MANAGER_INSTANCES: 'anime', SERIES_MANAGER_ANIME_URL: anime.url, SERIES_MANAGER_ANIME_API_KEY: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' }
})
const seriesOf = (sim: typeof anime, title: string) => [...sim.state.library.series.values()].find(x => x.title === title)!

t.test('the instance argument is published with its choices', async t => {
  const tool = s.app.tools.list().find(x => x.name === 'series_status')!
  t.match((tool.inputSchema.properties as any).instance.description, /^default or anime$/)
  t.notOk((s.app.tools.list().find(x => x.name === 'movie_status')!.inputSchema.properties as any).instance, 'one movie manager: unchanged')
  t.notOk((s.app.tools.list().find(x => x.name === 'download_status')!.inputSchema.properties as any).instance, 'one torrent client: unchanged')
  const taking = s.app.tools.list().filter(x => (x.inputSchema.properties as any).instance).map(x => ({ tool: x.name, instance: (x.inputSchema.properties as any).instance }))
  t.matchSnapshot(taking, 'the tools that take instance with an extra series manager, and the argument as published')
})

const NORTHERN_LINE = 400001 // in the catalogue, in neither library

t.test('a named instance answers from its own library, and takes the writes', async t => {
  const added = ok(await s.call('series_search', { addTvdbId: NORTHERN_LINE, qualityProfile: 'HD-1080p', rootFolder: 'tv', instance: 'anime' }))
  t.equal(added.instance, 'anime')
  t.ok(seriesOf(anime, 'Northern Line'), 'added to the anime series manager')
  t.notOk(seriesOf(s.sonarr, 'Northern Line'), 'not to the default one')
  const onAnime = ok(await s.call('series_status', { view: 'library', instance: 'anime' }))
  const onDefault = ok(await s.call('series_status', { view: 'library', instance: 'default' }))
  t.equal(onAnime.instance, 'anime')
  t.equal(onDefault.instance, 'default')
  t.equal(onAnime.total - onDefault.total, 1, 'the anime library holds the one series added there')
})

t.test('a title only one instance holds goes there, and the result says which', async t => {
  const r = await s.call('series_status', { view: 'series', id: NORTHERN_LINE, idType: 'tvdbId' })
  t.equal(ok(r).instance, 'anime')
  t.match(r.content[0]!.text, /series manager "anime"/)
})

t.test('completions offer the titles of every instance', async t => {
  forgetTitles(s.app)
  const { client } = await connectClient(await listenMcp(s.app))
  t.teardown(() => client.close())
  const done = await client.complete({ ref: { type: 'ref/resource', uri: 'library://{kind}/{title}' }, argument: { name: 'title', value: 'Northern L' }, context: { arguments: { kind: 'series' } } })
  t.ok(done.completion.values.includes('Northern Line'), 'the title only the anime series manager holds is offered')
})

t.test('a title both hold, or no title at all, is refused with the choices', async t => {
  const blade = seriesOf(s.sonarr, 'Blade of Dawn')
  t.match(errorText(await s.call('series_status', { view: 'series', id: blade.tvdbId, idType: 'tvdbId' })),
    /"Blade of Dawn" is in default; "Blade of Dawn" is in anime: this call could mean several series managers\. Call again with instance set to one of: default, anime/)
  t.match(errorText(await s.call('series_status', { view: 'library' })), /Several series managers are configured.*one of: default, anime/)
  t.match(errorText(await s.call('series_status', { view: 'library', instance: 'kids' })), /Unknown instance "kids": the series managers are default, anime/)
})

t.test('/health probes each instance by name', async t => {
  const services = (await s.app.refreshBackendStatus()).map(r => r.service)
  t.ok(services.includes('Sonarr'))
  t.ok(services.includes('Sonarr (anime)'))
  const res = await s.app.inject({ method: 'GET', url: '/health' })
  t.match(res.body, /Sonarr \(anime\)/)
  t.ok(res.json().caches.some((c: { instance: string }) => c.instance === 'Sonarr (anime)'), 'its list cache is shown apart, by name')
})

t.test('the instance is chosen once per call: a confirmed remove asks each instance once whether it holds the title', async t => {
  // Northern Line is only in the anime library, so every request the default series manager sees during these
  // calls is the one question "do you hold it?"; the preview and the confirmed run must not ask it again.
  const target = { id: NORTHERN_LINE, idType: 'tvdbId' }
  s.sonarr.requests.clear()
  const preview = ok(await s.call('series_remove', target))
  t.equal(s.sonarr.requests.all().length, 1, `the preview call asked the default instance once (${s.sonarr.requests.all().map(r => r.route).join(', ')})`)
  s.sonarr.requests.clear()
  const done = ok(await s.call('series_remove', { ...target, confirmToken: preview.confirmation.confirmToken }))
  t.equal(done.instance, 'anime')
  t.equal(s.sonarr.requests.all().length, 1, `the confirmed call asked the default instance once (${s.sonarr.requests.all().map(r => r.route).join(', ')})`)
  t.notOk(seriesOf(anime, 'Northern Line'), 'removed from the anime series manager')
})
