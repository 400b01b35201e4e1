import t from 'tap'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildTestApp } from '../../helpers/build.js'
import { INTERNAL_PRINCIPAL } from '../../../lib/principal.js'
import type { ToolCallResult, ToolContext } from '../../../plugins/tool-types.js'

const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
const data = (r: ToolCallResult) => r.structuredContent as Record<string, any>
const text = (r: ToolCallResult) => r.content.map(c => c.text).join('\n')

function put (root: string, rel: string, bytes = 10) {
  mkdirSync(join(root, rel, '..'), { recursive: true })
  writeFileSync(join(root, rel), Buffer.alloc(bytes))
}

t.test('whole-library summary: titles, files by kind and sizes per top folder', async t => {
  const { app, roots } = await buildTestApp(t)
  put(roots.media, 'tv/Show A/Season 01/Show A - S01E01.mkv', 100)
  put(roots.media, 'tv/Show A/Season 01/Show A - S01E01.en.srt', 5)
  put(roots.media, 'tv/Show B/Season 01/Show B - S01E01.mp4', 50)
  put(roots.media, 'movies/Heat (1995)/Heat (1995).mkv', 1000)
  put(roots.downloads, 'incoming/file.part', 7)
  const r = await app.tools.call('get_library_state', {}, ctx)
  t.notOk(r.isError, text(r))
  const by = Object.fromEntries(data(r).folders.map((f: any) => [f.folder, f]))
  t.same(Object.keys(by), ['anime', 'movies', 'music', 'tv', 'downloads'])
  t.match(by.tv, { titles: 2, files: 3, videoFiles: 2, subtitleFiles: 1, bytes: 155 })
  t.match(by.movies, { titles: 1, videoFiles: 1, bytes: 1000 })
  t.match(by.downloads, { titles: 1, files: 1, videoFiles: 0, bytes: 7 })
})

t.test('title snapshot: a down backend shows as unavailable, the rest still answer', async t => {
  const { app, roots } = await buildTestApp(t)
  put(roots.media, 'tv/Breaking Bad/Season 01/Breaking Bad - S01E01.mkv', 100)
  put(roots.downloads, 'Breaking.Bad.S01E02.1080p/Breaking.Bad.S01E02.1080p.mkv', 40)
  // The series manager answers (stubbed at the client edge); the media server has no API key, so it fails.
  const b = app.backends as any
  b.sonarr.listSeries = async () => [{ id: 7, title: 'Breaking Bad', year: 2008, monitored: true, path: join(roots.media, 'tv/Breaking Bad'), statistics: { episodeFileCount: 1, episodeCount: 62 } }]
  b.qbittorrent.list = async () => [{ hash: 'h', name: 'Breaking.Bad.S01E03.1080p', phase: 'downloading', state: 'downloading', progress: 0.42, contentPath: join(roots.downloads, 'Breaking.Bad.S01E03.1080p') }]
  b.pyload.queue = async () => { throw new Error('connection refused') }
  const r = await app.tools.call('get_library_state', { title: 'breaking bad', kind: 'series' }, ctx)
  t.notOk(r.isError, text(r))
  const d = data(r)
  t.equal(d.mediaServer.available, false)
  t.match(d.mediaServer.reason, /MEDIA_SERVER_API_KEY/)
  t.equal(d.directDownloads.available, false)
  t.equal(d.seriesManager.matches[0].monitored, true)
  t.equal(d.monitored, true)
  t.equal(d.downloading, true)
  t.equal(d.downloadProgress, 42)
  t.equal(d.inLibrary, true, 'video files on disk in the library count')
  t.same(d.disk.matches.map((m: any) => m.path).sort(), ['downloads/Breaking.Bad.S01E02.1080p', 'tv/Breaking Bad'])
  t.match(text(r), /Unavailable: mediaServer, directDownloads/)
})
