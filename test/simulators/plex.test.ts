// The Plex simulator's documented behaviours, checked from the outside the way Plex's clients meet them: XML by
// default and JSON on request, the X-Plex-Container paging headers, a scan that answers before it ends, and 401
// for a missing or wrong token (simulators/fidelity/plex.ts has the sources).
import t from 'tap'
import { createPlexSimulator } from '../../simulators/plex/index.js'
import { until } from '../helpers/until.js'

const TOKEN = 'plex-test-token'

t.test('Plex simulator', async t => {
  const sim = await createPlexSimulator({ token: TOKEN, scanMs: 200 })
  t.teardown(sim.close)
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${sim.url}${path}`, { method, headers: { 'x-plex-token': TOKEN, ...headers } })

  t.test('401 without the token or with a wrong one; /identity needs none', async t => {
    t.equal((await fetch(`${sim.url}/library/sections`)).status, 401)
    t.equal((await get('/library/sections', { 'x-plex-token': 'wrong' })).status, 401)
    t.equal((await fetch(`${sim.url}/library/sections?X-Plex-Token=${TOKEN}`)).status, 200, 'the token as a query parameter')
    t.equal((await fetch(`${sim.url}/identity`)).status, 200)
  })

  t.test('sessions name Plex players, never another server\'s apps', async t => {
    const body = await (await get('/status/sessions', { accept: 'application/json' })).json() as any
    t.ok(body.MediaContainer.Metadata.length > 0, 'someone is playing')
    for (const m of body.MediaContainer.Metadata) {
      t.match(m.Player.product, /^Plex /)
      t.notMatch(JSON.stringify(m.Player), /Jellyfin/)
    }
  })

  t.test('XML by default, JSON on Accept: application/json', async t => {
    const xml = await get('/library/metadata/' + sim.world.keyOf([...sim.state.items.values()].find(i => i.kind === 'Movie')!.id))
    t.match(xml.headers.get('content-type'), /xml/)
    const text = await xml.text()
    t.match(text, /^<\?xml[^>]*>\s*<MediaContainer size="1"><Video ratingKey="\d+"[^>]* type="movie"/)
    t.match(text, /<Media [^>]*><Part [^>]*file="\/data\/movies\//)
    const json = await get('/library/sections', { accept: 'application/json' })
    t.match(json.headers.get('content-type'), /json/)
    const body = await json.json() as any
    t.same(body.MediaContainer.Directory.map((d: any) => [d.title, d.type]), [['Movies', 'movie'], ['Shows', 'show'], ['Anime', 'show'], ['Music', 'artist']])
  })

  t.test('X-Plex-Container-Start/-Size page a list; size 0 counts', async t => {
    const page = (start: number, size: number) => get('/library/sections/1/all?type=1', { accept: 'application/json', 'x-plex-container-start': String(start), 'x-plex-container-size': String(size) })
    const first = await page(0, 10)
    const total = Number(first.headers.get('x-plex-container-total-size'))
    const a = (await first.json() as any).MediaContainer
    t.equal(a.Metadata.length, 10)
    t.equal(a.totalSize, total)
    t.ok(total > 10)
    const b = (await (await page(10, 10)).json() as any).MediaContainer
    t.equal(b.offset, 10)
    t.notOk(b.Metadata.some((m: any) => a.Metadata.some((n: any) => n.ratingKey === m.ratingKey)), 'pages do not overlap')
    const count = await page(0, 0)
    t.equal(count.headers.get('x-plex-container-total-size'), String(total))
    t.equal((await count.json() as any).MediaContainer.size, 0)
  })

  t.test('a section scan answers at once and runs in the background', async t => {
    const scan = await get('/library/sections/1/refresh')
    t.equal(scan.status, 200)
    const during = (await (await get('/library/sections', { accept: 'application/json' })).json() as any).MediaContainer.Directory
    t.equal(during[0].refreshing, true, 'the section is refreshing right after the call')
    t.equal(during[1].refreshing, false, 'only that section')
    const refreshing = async () => (await (await get('/library/sections', { accept: 'application/json' })).json() as any).MediaContainer.Directory[0].refreshing
    await until(async () => await refreshing() === false)
    t.pass('done later')
    t.equal((await get('/library/sections/99/refresh')).status, 404)
  })
})
