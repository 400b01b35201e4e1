// Issue 34 item 9: series_remove / movie_remove with files report what the look after the request found: the
// folder gone ("it deleted its folder (2 files …)"), or still there with the manage_files call that deletes it;
// a manager whose answer was lost after it removed the title reads as done, not as "could not be removed".
import t from 'tap'
import { existsSync, mkdirSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { data, ok, text } from '../../helpers/results.js'

const s = await startServarrStack(t, { sim: { downloadMs: 300, commandStepMs: 10, manualClock: true } })
const client = s.app.backends.sonarr
const original = client.deleteSeries.bind(client)
t.afterEach(() => { client.deleteSeries = original })

// The series' folder on disk (a sparse file at least as large as what the manager tracks there).
const seriesFolder = join(s.roots.media, 'tv', 'Harbor Lights (2021)')
mkdirSync(seriesFolder, { recursive: true })
writeFileSync(join(seriesFolder, 'Harbor.Lights.S01E01.mkv'), '')
truncateSync(join(seriesFolder, 'Harbor.Lights.S01E01.mkv'), 2 ** 40)

async function removeWithFiles (): Promise<{ done: Awaited<ReturnType<typeof s.call>>, folder: string, files: number }> {
  const p = await s.call('series_remove', { id: 1, deleteFiles: true })
  if (p.isError) throw new Error(text(p))
  const preview = data(p).confirmation
  const folder = preview.targets.folder as { path: string, files: number }
  return { done: await s.call('series_remove', { id: 1, deleteFiles: true, confirmToken: preview.confirmToken }), folder: folder.path, files: folder.files }
}

t.test('the manager said yes and left the folder: named as still there, with the call that deletes it', async t => {
  // A manager that removes the entry but not the folder (Sonarr logs a failed folder delete and answers 200).
  client.deleteSeries = async (id, o) => await original(id, { ...o, deleteFiles: false })
  const { done, folder, files } = await removeWithFiles()
  const result = ok(done)
  t.ok(existsSync(seriesFolder), 'the folder is still there')
  t.match(text(done), /^Removed "Harbor Lights" from the series manager\. Asked the series manager to delete the data of "Harbor Lights" \(series:1\), but /)
  t.match(text(done), `${files} file${files === 1 ? '' : 's'}`)
  t.match(text(done), `still in "${folder}"`)
  t.notMatch(text(done), /deleted its folder/)
  t.same(result.verified.stillThere.map((x: { path: string }) => x.path), [folder])
  t.same(result.next[0].arguments, { action: 'delete', paths: [folder] })
})
