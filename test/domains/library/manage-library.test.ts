// manage_library through the registry: scan, create over a sandboxed folder with PATH_MAP, refresh.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { buildTestApp } from '../../helpers/build.js'
import { generateLibrary } from '../../../simulators/fixtures/library.js'
import { MEDIA_SERVERS } from '../../helpers/media-servers.js'
import { until } from '../../helpers/until.js'

for (const server of MEDIA_SERVERS) {
  t.test(`manage_library against the ${server.service} simulator`, async t => {
    const { app, roots, ctx, state, idOf, violations } = await server.start(t)
    const jf = { state }
    const call = (args: Record<string, unknown>) => app.tools.call('manage_library', args, ctx())
    /** Waits until the scan started after `before` scans has ended (the simulator counts each one as it ends). */
    const scanEnded = (before: number) => until(() => jf.state.scans > before)

    t.test('metadata is honest', async t => {
      const def = app.tools.get('manage_library')!
      t.same(def.annotations, { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false })
    })

    t.test('scan starts a scan that completes', async t => {
      const before = jf.state.scans
      const res = await call({ action: 'scan' })
      t.notOk(res.isError, res.content[0].text)
      t.match(res.structuredContent, { action: 'scan', started: true })
      await scanEnded(before)
      t.equal(jf.state.scans, before + 1)
      if (server.name === 'jellyfin') {
        const log = await app.tools.call('activity_log', { limit: 1 }, ctx())
        t.match((log.structuredContent as any).items[0].name, 'Scan Media Library completed')
      }
    })

    t.test('scan with a library name or a folder: Plex scans only that section (or folder), Jellyfin says it scans all', async t => {
      const other = generateLibrary({ seed: 99, movies: 2, series: 1, anime: 0, albums: 0 })
      // Titles of their own: the seeded world already holds the generator's titles.
      const [a, b] = other.movies.map((m, i) => ({ ...m, key: `scan-film-${i}`, title: `Scan Film ${i}`, path: `/data/movies/Scan Film ${i}`, file: `/data/movies/Scan Film ${i}/film.mkv`, inLibrary: true }))
      const show = { ...other.series[0], key: 'scan-show', title: 'Scan Show', path: '/data/tv/Scan Show', inLibrary: true }
      jf.state.staged.push({ movie: a }, { series: show })
      const listed = (title: string) => [...jf.state.items.values()].some(i => i.name === title)
      let scans = jf.state.scans
      const res = await call({ action: 'scan', name: 'movies' })
      t.notOk(res.isError, res.content[0].text)
      await scanEnded(scans)
      t.ok(listed(a.title), 'the named library\'s new film is listed')
      if (server.name === 'plex') {
        t.match(res.content[0].text, /Started a scan of the library "Movies"\./)
        t.notOk(listed(show.title), 'a show in another section waits for its own scan')
      } else {
        t.match(res.content[0].text, /Jellyfin scans every library at once: started a scan of every library, the library "Movies" included\./)
        t.ok(listed(show.title))
      }
      if (server.name === 'plex') {
        const folderA = a.path.replace('/data/', '')
        mkdirSync(join(roots.media, folderA), { recursive: true })
        jf.state.staged.push({ movie: b })
        scans = jf.state.scans
        const one = await call({ action: 'scan', path: folderA })
        t.notOk(one.isError, one.content[0].text)
        t.match(one.content[0].text, `(only ${roots.media}/${folderA})`)
        await scanEnded(scans)
        t.notOk(listed(b.title), 'a film outside the folder waits')
        scans = jf.state.scans
        const all = await call({ action: 'scan' })
        t.notOk(all.isError)
        await scanEnded(scans)
        t.ok(listed(b.title) && listed(show.title), 'a scan of everything lists the rest')
      }
      const unknown = await call({ action: 'scan', name: 'Cartoons' })
      t.match(unknown, { isError: true, content: [{ text: /No library named "Cartoons"\. Libraries: "Movies", .*action create/ }] })
      mkdirSync(join(roots.media, 'loose'))
      const outside = await call({ action: 'scan', path: 'loose' })
      t.match(outside, { isError: true, content: [{ text: /No library holds .*loose\. Libraries: / }] })
    })

    t.test('create maps our folder to the server\'s path and the library appears', async t => {
      mkdirSync(join(roots.media, 'docs'))
      const res = await call({ action: 'create', name: 'Documentaries', path: 'docs', collectionType: 'movies' })
      t.notOk(res.isError, res.content[0].text)
      t.match(res.structuredContent, { library: { name: 'Documentaries', collectionType: 'movies', path: `${roots.media}/docs`, serverPath: '/data/docs' } })
      t.same(jf.state.libraries.find(l => l.name === 'Documentaries')?.locations, ['/data/docs'], 'the media server got its own path')
      const status = (await app.tools.call('server_status', {}, ctx())).structuredContent as any
      t.same(status.libraries.find((l: any) => l.name === 'Documentaries').paths, [`${roots.media}/docs`], 'and it reads back as ours')
      const search = await app.tools.call('search_media', { library: 'documentaries' }, ctx())
      t.match(search.structuredContent, { library: 'Documentaries', total: 0 })
    })

    t.test('create over a folder with a comma in its name gives the server that one folder', async t => {
      mkdirSync(join(roots.media, 'Live, Unplugged'))
      const res = await call({ action: 'create', name: 'Concerts', path: 'Live, Unplugged', collectionType: 'music' })
      t.notOk(res.isError, res.content[0].text)
      t.same(jf.state.libraries.find(l => l.name === 'Concerts')?.locations, ['/data/Live, Unplugged'], 'not split into "/data/Live" and "Unplugged"')
    })

    t.test('create refuses what it should, saying what to do', async t => {
      mkdirSync(join(roots.media, 'kids'))
      mkdirSync(join(roots.media, 'tv', 'Extra Show'))
      mkdirSync(join(roots.downloads, 'incoming'))
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ action: 'create', name: 'Kids' }, /needs path, collectionType/],
        [{ action: 'create', name: 'Kids', path: 'kids', collectionType: 'cartoons' }, /collectionType must be one of "movies", "tvshows", "music", "mixed"/],
        [{ action: 'create', name: 'Movies', path: 'kids', collectionType: 'movies' }, /named "Movies" already exists\. Pick another name\. Next: list the libraries: server_status \{\}\./],
        [{ action: 'create', name: 'Extra', path: 'tv/Extra Show', collectionType: 'tvshows' }, /overlaps the library "Shows".*action scan/],
        [{ action: 'create', name: 'Kids', path: 'no-such-folder', collectionType: 'movies' }, /not an existing folder/],
        [{ action: 'create', name: 'Kids', path: 'downloads/incoming', collectionType: 'movies' }, /inside the media root/],
        [{ action: 'create', name: 'Kids', path: '../../etc', collectionType: 'movies' }, /\.\.|outside/],
        [{ action: 'create', name: 'Kids', path: '/etc', collectionType: 'movies' }, /outside|not inside|media and downloads/],
        [{ action: 'create', name: 'a/b', path: 'kids', collectionType: 'movies' }, /name/]
      ]
      const libsBefore = jf.state.libraries.length
      for (const [args, message] of cases) {
        const res = await call(args)
        t.equal(res.isError, true, JSON.stringify(args))
        t.match(res.content[0].text, message, JSON.stringify(args))
      }
      t.equal(jf.state.libraries.length, libsBefore, 'nothing was created')
    })

    t.test('refresh one item', async t => {
      const movie = [...jf.state.items.values()].find(i => i.kind === 'Movie')!
      const res = await call({ action: 'refresh', itemId: idOf(movie), replaceMetadata: true })
      t.notOk(res.isError, res.content[0].text)
      t.match(res.structuredContent, { action: 'refresh', item: { id: idOf(movie), name: movie.name, type: 'Movie' } })
      t.equal(jf.state.items.get(movie.id)?.refreshCount, 1)
      const unknown = await call({ action: 'refresh', itemId: server.name === 'plex' ? '999999' : '0123456789abcdef0123456789abcdef' })
      t.match(unknown.content[0].text, /No item with id .*\. Next: list the movies and series and their ids: search_media \{\}/)
      t.match(unknown.structuredContent, { next: [{ tool: 'search_media', arguments: {} }] })
      const missing = await call({ action: 'refresh' })
      t.match(missing.content[0].text, /needs itemId.*search_media/)
    })

    t.test('contract-clean', async t => { t.same(violations(), []) })
  })
}

t.test('a wrong key names MEDIA_SERVER_API_KEY', async t => {
  const { app, ctx } = await buildTestApp(t, { sims: { jellyfin: true }, config: { MEDIA_SERVER_API_KEY: 'wrong-key-here' } })
  const res = await app.tools.call('manage_library', { action: 'scan' }, ctx())
  t.match(res, { isError: true, content: [{ text: /MEDIA_SERVER_API_KEY/ }] })
  t.notMatch(JSON.stringify(res), /wrong-key-here/)
})

t.test('Plex: a wrong token names MEDIA_SERVER_TOKEN; a library kind Plex has not is refused, saying which it has', async t => {
  const { app, ctx } = await buildTestApp(t, { sims: { plex: true }, config: { MEDIA_SERVER_TOKEN: 'wrong-token-here' } })
  const res = await app.tools.call('manage_library', { action: 'scan' }, ctx())
  t.match(res, { isError: true, content: [{ text: /MEDIA_SERVER_TOKEN/ }] })
  t.notMatch(JSON.stringify(res), /wrong-token-here/)
  const good = await buildTestApp(t, { sims: { plex: true } })
  mkdirSync(join(good.roots.media, 'mixed'))
  const mixed = await good.app.tools.call('manage_library', { action: 'create', name: 'Everything', path: 'mixed', collectionType: 'mixed' }, good.ctx())
  t.match(mixed, { isError: true, content: [{ text: /Plex has no "mixed" library: use movies, tvshows or music/ }] })
  t.notOk(good.sims.plex.state.libraries.some(l => l.name === 'Everything'))
})
