// Hostile input to series_import: overriding the episode of a file must not silently replace the episode file
// the library already has, and a library folder (another title's files) is no import source. Runnable alone.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { startServarrStack } from '../helpers/servarr-sims.js'
import { errorText, ok } from '../helpers/results.js'

t.setTimeout(120_000)
const s = await startServarrStack(t, { sim: { downloadMs: 200, commandStepMs: 10 }, config: { TORRENT_CLIENT_URL: 'http://127.0.0.1:9' } })
const lib = s.sonarr.state.library
const harbor = [...lib.series.values()].find(x => x.title === 'Harbor Lights')!
const withFile = (lib.bySeries.get(harbor.id) ?? []).find(e => e.episodeFileId > 0)!
const existing = lib.files.get(withFile.episodeFileId)!

t.test('replacing an existing episode file needs the preview and a confirmToken', async t => {
  const folder = join(s.roots.downloads, 'replacement')
  mkdirSync(folder)
  writeFileSync(join(folder, 'unnamed-video.mkv'), 'video')
  const args = { path: join(folder, 'unnamed-video.mkv'), id: harbor.id, seasonNumber: withFile.seasonNumber, episodeNumber: withFile.episodeNumber, importMode: 'copy' }
  const preview = ok(await s.call('series_import', args))
  t.ok(preview.confirmation?.confirmToken, 'a preview, not an import')
  t.match(preview.confirmation.summary, /REPLACES 1 existing library file/)
  t.equal(preview.confirmation.targets.replacements[0].replaces[0], join(s.roots.media, existing.path.slice('/data/'.length)))
  t.equal(lib.episodes.get(withFile.id)!.episodeFileId, existing.id, 'nothing changed yet')
  const done = ok(await s.call('series_import', { ...args, confirmToken: preview.confirmation.confirmToken }))
  t.equal(done.imported.length, 1)
  t.not(lib.episodes.get(withFile.id)!.episodeFileId, existing.id, 'the confirmed call replaced it')
})

t.test('a library folder is refused as a source; a library file named explicitly needs confirmation', async t => {
  const seriesFolder = join(s.roots.media, harbor.path.slice('/data/'.length))
  mkdirSync(seriesFolder, { recursive: true })
  writeFileSync(join(seriesFolder, 'Harbor.Lights.S01E01.720p.HDTV.x264-GRP.mkv'), 'video')
  t.match(errorText(await s.call('series_import', { path: seriesFolder })), /folder in the library.*series_rescan/)
  const preview = ok(await s.call('series_import', { path: join(seriesFolder, 'Harbor.Lights.S01E01.720p.HDTV.x264-GRP.mkv'), importMode: 'copy' }))
  t.ok(preview.confirmation?.confirmToken)
  t.equal(preview.confirmation.targets.sourceInLibrary, true)
  t.ok(existsSync(join(seriesFolder, 'Harbor.Lights.S01E01.720p.HDTV.x264-GRP.mkv')))
})

t.test('the import tools are annotated destructive', async t => {
  for (const name of ['series_import', 'movie_import']) t.equal(s.app.tools.get(name)?.annotations.destructiveHint, true, name)
})
