// The demo's household (simulators/household.ts) is one world whose numbers add up and whose flows can be shown:
// every file a manager lists is on the disk with the size the manager reports, the queues hold a download in
// progress, one waiting for its import (the tree's The Matrix folder) and one that failed, and the play history
// gives the watched cleanup its candidates. Built as `npm run demo` builds it.
import t from 'tap'
import { existsSync, statfsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { buildDemoApp } from '../helpers/demo-app.js'
import { ok } from '../helpers/results.js'
import { until } from '../helpers/until.js'

const { app, roots, stack, ctx } = await buildDemoApp(t, { tree: 'no-ffmpeg', stack: tree => ({ validate: true, household: { sample: tree!.sample } }) })
const call = async (name: string, args: Record<string, unknown> = {}) => ok(await app.tools.call(name, args, ctx()))
const api = async (base: string, key: string, path: string) => (await fetch(`${base}/api/v3${path}`, { headers: { 'x-api-key': key } })).json() as Promise<any>
const real = (seen: string) => seen.replace(/^\/data/, roots.media).replace(/^\/downloads/, roots.downloads)

t.test('every file a manager lists is on the disk with the size the manager reports, and the library fits the disk', async t => {
  const movies = await api(stack.settings.MOVIE_MANAGER_URL, stack.settings.MOVIE_MANAGER_API_KEY, '/moviefile?movieId=1')
  const all = await api(stack.settings.MOVIE_MANAGER_URL, stack.settings.MOVIE_MANAGER_API_KEY, '/movie')
  t.ok(movies.length > 0)
  let total = 0
  for (const m of all.filter((x: any) => x.hasFile)) {
    const [file] = await api(stack.settings.MOVIE_MANAGER_URL, stack.settings.MOVIE_MANAGER_API_KEY, `/moviefile?movieId=${m.id}`)
    t.ok(existsSync(real(file.path)), `${m.title}: its file is on the disk`)
    t.equal(file.size, statSync(real(file.path)).size, `${m.title}: the manager reports the file's real size`)
    total += m.sizeOnDisk
  }
  const series = await api(stack.settings.SERIES_MANAGER_URL, stack.settings.SERIES_MANAGER_API_KEY, '/series')
  total += series.reduce((n: number, s: any) => n + s.statistics.sizeOnDisk, 0)
  const fs = statfsSync(roots.media)
  t.ok(total < fs.blocks * fs.bsize, `the libraries (${total} B) fit on the disk they are on`)
})

t.test('the queues hold a download in progress, one waiting for its import and one that failed', async t => {
  const rows = (await call('download_status', {})).items as Array<Record<string, any>>
  const progressing = rows.find(r => r.source === 'series' && r.state === 'downloading' && r.progressPercent > 0 && r.progressPercent < 100)
  t.ok(progressing, 'a series download is in progress')
  const matrix = rows.find(r => /The\.Matrix\.1999/.test(r.name ?? r.title ?? ''))
  t.ok(matrix, 'The Matrix is listed, finished and waiting for its import')
  const stuck = (await call('movie_status', { view: 'stuck' })).items as Array<Record<string, any>>
  t.ok(stuck.some(s => /Matrix/.test(JSON.stringify(s))), 'the stuck view shows The Matrix')
  const failed = (await call('series_status', { view: 'stuck' })).items as Array<Record<string, any>>
  t.ok(failed.some(s => /failed/i.test(JSON.stringify(s))), 'the stuck view shows the failed download')
})

t.test('The Matrix imports from the tree\'s finished download, and a scan lists it', async t => {
  const imported = (await call('movie_import', { path: join(roots.downloads, 'complete', 'The.Matrix.1999.1080p.BluRay'), importMode: 'copy' })).imported
  t.ok(imported.length >= 1, 'imported into the movie manager')
  ok(await app.tools.call('manage_library', { action: 'scan' }, ctx()))
  await until(async () => (await call('search_media', { query: 'The Matrix', types: ['Movie'] })).items.length > 0, 25)
  t.pass('the media server lists The Matrix after its scan')
})

t.test('the play history gives the watched cleanup its candidates', async t => {
  const first = await app.tools.call('cleanup_server', { categories: ['watched'], watchedDays: 90 }, ctx())
  t.notOk(first.isError, first.content[0].text)
  t.match(first.content[0].text, /marked leaving soon/, 'titles every user watched long ago are marked')
})
