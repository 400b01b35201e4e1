// The demo stack is one world: a file the series manager imports is listed by the media server after the next
// library scan (as a real scan finds new files), with nothing handed to the media server by the test.
import t from 'tap'
import { buildDemoApp } from '../helpers/demo-app.js'
import { toolContext } from '../helpers/sim-app.js'
import { SHOW } from '../helpers/ready-flow.js'
import { ok } from '../helpers/results.js'

const { app } = await buildDemoApp(t, { tree: 'no-ffmpeg', stack: { validate: true } })
const call = async (name: string, args: Record<string, unknown> = {}) => ok(await app.tools.call(name, args, toolContext()))
const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

async function listed (): Promise<boolean> {
  return (await call('search_media', { query: SHOW.title, types: ['Series'] })).items.length > 0
}

async function scanned (): Promise<boolean> {
  ok(await app.tools.call('manage_library', { action: 'scan' }, toolContext()))
  for (let i = 0; i < 80; i++) {
    if (await listed()) return true
    await sleep(25)
  }
  return false
}

t.test('an imported episode is listed after a scan, and not before', async t => {
  const added = (await call('series_search', { addTvdbId: SHOW.tvdbId, qualityProfile: 'HD-1080p', rootFolder: 'tv', monitor: 'all' })).added
  const pick = (await call('series_releases', { id: added.seriesId, seasonNumber: 1, episodeNumber: 2 })).items[0]
  await call('series_grab', { id: added.seriesId, seasonNumber: 1, episodeNumber: 2, guid: pick.guid, indexerId: pick.indexerId })
  let item: Record<string, any> | undefined
  for (let i = 0; i < 400 && item?.state !== 'importBlocked'; i++) {
    await sleep(50)
    item = (await call('series_status', { view: 'queue', id: added.seriesId })).items[0]
  }
  t.equal(item?.state, 'importBlocked', 'the download finished and waits for its import')
  t.equal(await scanned(), false, 'a scan before the import finds nothing new')
  const imported = (await call('series_import', { path: item!.outputPath, importMode: 'copy' })).imported
  t.equal(imported.length, 1, 'the series manager imported the episode')
  t.equal(await listed(), false, 'not listed until the media server scans')
  t.equal(await scanned(), true, 'the next scan lists the show')
  const [show] = (await call('search_media', { query: SHOW.title, types: ['Series'] })).items
  const details = await call('show_details', { seriesId: show.id, season: 1 })
  t.match(JSON.stringify(details), /Undertow|S01E02|"episodeNumber":2/, 'with the imported episode')
})
