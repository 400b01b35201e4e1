// The demo stack is one world: a file the series manager imports is listed by the media server after the next
// library scan (as a real scan finds new files), with nothing handed to the media server by the test. The managers'
// clocks are the test's (manualClock): the grabbed download finishes when the test moves them, not 20 s later.
import t from 'tap'
import { buildDemoApp } from '../helpers/demo-app.js'
import { toolContext } from '../helpers/sim-app.js'
import { SHOW } from '../helpers/ready-flow.js'
import { ok } from '../helpers/results.js'
import { until } from '../helpers/until.js'

const { app, stack } = await buildDemoApp(t, { tree: 'no-ffmpeg', stack: { validate: true, manualClock: true } })
const call = async (name: string, args: Record<string, unknown> = {}) => ok(await app.tools.call(name, args, toolContext()))
/** The managers' download time when a stack does not set one (simulators/servarr/core.ts, addQueueItem). */
const DEFAULT_DOWNLOAD_MS = 20_000

async function listed (): Promise<boolean> {
  return (await call('search_media', { query: SHOW.title, types: ['Series'] })).items.length > 0
}

/** Whether the media server's libraries are idle: a scan started by a POST /Library/Refresh has ended. */
async function scanIdle (): Promise<boolean> {
  const res = await fetch(`${stack.settings.MEDIA_SERVER_URL}/Library/VirtualFolders`, { headers: { authorization: `MediaBrowser Token="${stack.settings.MEDIA_SERVER_API_KEY}"` } })
  const libraries = await res.json() as Array<{ RefreshStatus?: string }>
  return libraries.every(l => l.RefreshStatus !== 'Active')
}

/** Asks the media server to scan, waits for the scan to end, then asks whether the show is listed. */
async function scanned (): Promise<boolean> {
  ok(await app.tools.call('manage_library', { action: 'scan' }, toolContext()))
  await until(scanIdle, 25)
  return await listed()
}

t.test('an imported episode is listed after a scan, and not before', async t => {
  const added = (await call('series_search', { addTvdbId: SHOW.tvdbId, qualityProfile: 'HD-1080p', rootFolder: 'tv', monitor: 'all' })).added
  const pick = (await call('series_releases', { id: added.seriesId, seasonNumber: 1, episodeNumber: 2 })).items[0]
  await call('series_grab', { id: added.seriesId, seasonNumber: 1, episodeNumber: 2, guid: pick.guid, indexerId: pick.indexerId })
  stack.advanceClock(DEFAULT_DOWNLOAD_MS)
  let item: Record<string, any> | undefined
  await until(async () => {
    item = (await call('series_status', { view: 'queue', id: added.seriesId })).items[0]
    return item?.state === 'importBlocked'
  }, 50)
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
