// A household's day on the demo stack (simulators/stack.ts with the household, as `npm run demo` builds it): one
// show is added, grabbed, downloads, waits for its import, is imported, scanned, told ready, watched by everyone,
// marked leaving soon and cleaned up. After every step, every tool and dashboard panel that speaks of the title
// tells the same story: download_status, series_status (queue, stuck), get_library_state, search_media,
// show_details, server_status counts, and the dashboard's downloads and library panels.
import t, { type Test } from 'tap'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildDemoApp } from '../helpers/demo-app.js'
import { toolContext } from '../helpers/sim-app.js'
import { SHOW } from '../helpers/ready-flow.js'
import { ok } from '../helpers/results.js'
import { follow, nextOf } from '../helpers/follow-next.js'
import { recordNext } from '../helpers/next-recorder.js'

// Whole demo stacks on a shared 2-core machine: the file's limit is generous (a hang is still caught), never a speed test.
t.setTimeout(360_000)

// One day per media server: the same story on the simulated Jellyfin and the simulated Plex.
async function householdDay (t: Test, mediaServer: 'jellyfin' | 'plex') {
  // The downloads panel's 2 s cache is a refresh interval by design: read it fresh so each step compares content.
  // The library counts keep their default minute: a scan or a cleanup must drop them (see agree).
  const { app, roots, stack, key: KEY } = await buildDemoApp(t, {
    tree: 'no-ffmpeg',
    // The managers' clocks are the test's: the grabbed download (20 s on their clock) moves only when the test says.
    stack: tree => ({ validate: true, household: { sample: tree!.sample }, mediaServer, manualClock: true }),
    build: { plugins: { dashboard: { ttlMs: 0 } } }
  })
  // Every call an answer suggests during the day is followed once the day's story is told (issue 34 #8).
  const suggested = recordNext(app)

  type Row = Record<string, any>
  const call = async (name: string, args: Record<string, unknown> = {}) => ok(await app.tools.call(name, args, toolContext()))
  const panel = async (url: string) => (await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${KEY}` } })).json()
  const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))
  const jf = async (method: string, path: string) => {
    const res = await fetch(`${stack.settings.MEDIA_SERVER_URL}${path}`, { method, headers: { authorization: `MediaBrowser Token="${stack.settings.MEDIA_SERVER_API_KEY}"` } })
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`)
    const text = await res.text()
    return text ? JSON.parse(text) : undefined
  }
  /** Every user watched the show: through Jellyfin's play-state API, or as Plex play history of every episode. */
  async function watchedByEveryone (when: Date) {
    if (stack.plex) {
      const { state, world } = stack.plex
      const show = [...state.items.values()].find(i => i.kind === 'Series' && i.name === SHOW.title)!
      const episodes = [...state.items.values()].filter(i => i.kind === 'Episode' && i.seriesId === show.id)
      for (const account of world.accounts()) for (const e of episodes) world.play(account.id, e.id, when)
      return
    }
    const users: Row[] = (await jf('GET', '/Users')).filter((u: Row) => !u.Policy.IsDisabled)
    const [item] = (await jf('GET', `/Items?recursive=true&includeItemTypes=Series&searchTerm=${encodeURIComponent(SHOW.title)}`)).Items
    for (const u of users) await jf('POST', `/UserPlayedItems/${item.Id}?userId=${u.Id}&datePlayed=${encodeURIComponent(when.toISOString())}`)
  }
  const about = (r: Row) => String(r.about ?? '').startsWith(SHOW.title)
  const tvCount = (libraries: Row[]) => libraries.filter(l => l.collectionType === 'tvshows').reduce((n, l) => n + l.itemCount, 0)

  /** What is true of the title at each step of the day. */
  type Step = 'added' | 'downloading' | 'importBlocked' | 'imported' | 'listed' | 'removed'

  let seriesId = 0
  let baseShows = 0
  /** Other watched series of the household that the same cleanup removed. */
  let othersRemoved = 0
  let folder = ''

  /** Reads every tool and panel that speaks of the title and asserts they tell the story of `step`. */
  async function agree (t: Test, step: Step): Promise<{ download?: Row }> {
    const queued = step === 'downloading' || step === 'importBlocked'
    const onServer = step === 'listed'
    const downloads = (await call('download_status', { limit: 100 })).items.filter(about)
    const dashboard = (await panel('/api/dashboard/downloads')).items.filter(about)
    const state = await call('get_library_state', { title: SHOW.title, kind: 'series' })
    const found = (await call('search_media', { query: SHOW.title, types: ['Series'] })).items
    const stuck = (await call('series_status', { view: 'stuck', limit: 100 })).items.filter((r: Row) => r.seriesId === seriesId)
    const server = await call('server_status')
    const library = await panel('/api/dashboard/library')

    t.equal(downloads.length, queued ? 1 : 0, `${step}: download_status ${queued ? 'lists' : 'does not list'} the download`)
    t.equal(dashboard.length, queued ? 1 : 0, `${step}: the dashboard's downloads panel ${queued ? 'lists' : 'does not list'} it`)
    // The demo runs without a torrent client: a download not seen anywhere is unknown (absent), never "false".
    t.equal(state.torrents.available, false)
    t.equal(state.downloading, step === 'downloading' ? true : undefined, `${step}: get_library_state downloading ${step === 'downloading' ? 'true' : 'unknown'}`)
    t.equal(state.importBlocked, step === 'importBlocked', `${step}: get_library_state importBlocked`)
    t.equal(state.managerHasFiles, step === 'imported' || step === 'listed', `${step}: get_library_state managerHasFiles`)
    t.equal(state.readyToWatch, onServer, `${step}: get_library_state readyToWatch`)
    t.equal(state.knownToManagers, step !== 'removed', `${step}: get_library_state knownToManagers`)
    t.equal(found.length, onServer ? 1 : 0, `${step}: search_media ${onServer ? 'lists' : 'does not list'} the show`)
    t.equal(tvCount(server.libraries), baseShows + (onServer ? 1 : 0) - othersRemoved, `${step}: server_status counts the show ${onServer ? 'in' : 'out'}`)
    // The dashboard keeps library counts for a minute (routes/api/dashboard/snapshot.ts); a scan or a cleanup drops them.
    t.equal(tvCount(library.libraries), tvCount(server.libraries), `${step}: the dashboard's library panel counts as server_status does`)
    t.equal(stuck.length, step === 'importBlocked' ? 1 : 0, `${step}: series_status stuck ${step === 'importBlocked' ? 'lists' : 'does not list'} it`)
    if (step !== 'removed') {
      const queue = (await call('series_status', { view: 'queue', id: seriesId })).items
      t.equal(queue.length, queued ? 1 : 0, `${step}: series_status queue ${queued ? 'lists' : 'does not list'} it`)
      if (queued) {
        const [d, q, p] = [downloads[0], queue[0], dashboard[0]]
        t.equal(d.id, q.downloadId.toLowerCase(), `${step}: one download, one id`)
        t.equal(p.id, `series:${d.id}`, `${step}: the dashboard names the same download`)
        for (const s of [d.state, q.state, p.state]) t.equal(s, step, `${step}: every view says ${step}`)
        if (step === 'downloading') t.ok(d.progressPercent > 0 && d.progressPercent < 100 && p.progress > 0 && p.progress < 100, 'with its progress')
        return { download: d }
      }
    }
    if (onServer) {
      const details = await call('show_details', { seriesId: found[0].id, season: 1 })
      t.match(JSON.stringify(details), /Undertow|"episodeNumber":2/, 'show_details lists the imported episode')
    }
    if (step === 'removed') t.notOk(existsSync(folder), 'its folder is gone from the disk')
    return {}
  }

  async function until (what: string, check: () => Promise<boolean>, tries = 200, ms = 50) {
    for (let i = 0; i < tries; i++) {
      if (await check()) return
      await sleep(ms)
    }
    throw new Error(`waited in vain: ${what}`)
  }

  await t.test(`a household's day with one show (${mediaServer})`, async t => {
    baseShows = tvCount((await call('server_status')).libraries)
    const added = (await call('series_search', { addTvdbId: SHOW.tvdbId, qualityProfile: 'HD-1080p', rootFolder: 'tv', monitor: 'all' })).added
    seriesId = added.seriesId
    folder = added.path
    await t.test('added', t => agree(t, 'added'))

    const pick = (await call('series_releases', { id: seriesId, seasonNumber: 1, episodeNumber: 2 })).items[0]
    const grab = await app.tools.call('series_grab', { id: seriesId, seasonNumber: 1, episodeNumber: 2, guid: pick.guid, indexerId: pick.indexerId }, toolContext())
    // The web chat records a grab as the credential's request (plugins/notices.ts).
    t.equal(await app.notices.record('internal', 'series_grab', { isError: false, text: '', structured: grab.structuredContent }), '"Northern Line" S01E02')
    let first = 0
    stack.advanceClock(5_000)
    await t.test('downloading', async t => { first = (await agree(t, 'downloading')).download!.progressPercent })
    stack.advanceClock(5_000)
    await t.test('the download progresses', async t => {
      t.ok((await agree(t, 'downloading')).download!.progressPercent > first, 'further than before')
    })

    stack.advanceClock(10_000)
    await until('the download finishes', async () => (await call('series_status', { view: 'queue', id: seriesId })).items[0]?.state === 'importBlocked')
    await t.test('finished, the import is blocked', t => agree(t, 'importBlocked'))

    // The stuck view's suggested call is followed as given (issue 34 #8): "only needs an import" must import.
    const blocked = (await call('series_status', { view: 'queue', id: seriesId })).items[0]
    const suggested = nextOf(await app.tools.call('series_status', { view: 'stuck' }, toolContext())).filter(c => c.arguments.path === blocked.outputPath)
    t.match(suggested, [{ tool: 'series_import', arguments: { path: blocked.outputPath, id: seriesId, idType: 'seriesId' } }])
    const [imported] = await follow(t, (tool, args) => app.tools.call(tool, args, toolContext()), suggested)
    t.equal(ok(imported).imported.length, 1, 'the suggested import imported the episode')
    await app.notices.checkNow()
    await t.test('imported, not yet scanned', async t => {
      await agree(t, 'imported')
      const notices = await panel('/api/notices')
      t.same(notices.notices, [], 'no ready notice while the media server does not list it')
      t.same(notices.waitingFor, ['"Northern Line" S01E02'])
    })

    ok(await app.tools.call('manage_library', { action: 'scan' }, toolContext()))
    await until('the scan lists the show', async () => (await call('search_media', { query: SHOW.title, types: ['Series'] })).items.length > 0)
    await app.notices.checkNow()
    await t.test('scanned: ready, and told so', async t => {
      await agree(t, 'listed')
      const notices = await panel('/api/notices')
      t.match(notices.notices, [{ text: /Northern Line.*S01E02.*ready to watch/ }], 'the ready notice fired')
      t.same(notices.waitingFor, [])
    })

    await watchedByEveryone(new Date(Date.now() - 120 * 86_400_000))
    const args = { categories: ['watched'], watchedDays: 90 }
    const marked = await app.tools.call('cleanup_server', args, toolContext())
    await t.test('watched by everyone, marked leaving soon', async t => {
      t.match(marked.content[0].text, new RegExp(`marked leaving soon[^]*"${SHOW.title}"`))
      await agree(t, 'listed')
    })

    const marksFile = join(roots.state, 'leaving-soon.json')
    const marks = JSON.parse(readFileSync(marksFile, 'utf8')) as Record<string, { markedAt: string }>
    for (const m of Object.values(marks)) m.markedAt = new Date(Date.now() - 8 * 86_400_000).toISOString()
    writeFileSync(marksFile, JSON.stringify(marks))
    const preview = await app.tools.call('cleanup_server', args, toolContext())
    const targets = (preview.structuredContent as Row).confirmation?.targets as Row[]
    t.ok(targets?.some(x => x.name === SHOW.title), `proposed for deletion: ${preview.content[0].text}`)
    const done = await app.tools.call('cleanup_server', { ...args, confirmToken: (preview.structuredContent as Row).confirmation.confirmToken }, toolContext())
    t.notOk(done.isError, done.content[0].text)
    const removed = (done.structuredContent as Row).removed as Row[]
    t.ok(removed.some(x => x.name === SHOW.title), 'cleanup removed it')
    othersRemoved = removed.filter(x => String(x.id).startsWith('series:') && x.name !== SHOW.title).length
    await until('the media server drops it', async () => (await call('search_media', { query: SHOW.title, types: ['Series'] })).items.length === 0)
    await t.test('cleaned up: gone everywhere', t => agree(t, 'removed'))
    t.same(stack.violations(), [], 'every call kept to the services\' API contracts')
  })
  await t.test('every call an answer suggested during the day, followed', t => suggested.followAll(t))
}

for (const mediaServer of ['jellyfin', 'plex'] as const) await t.test(`on the simulated ${mediaServer}`, t => householdDay(t, mediaServer))
