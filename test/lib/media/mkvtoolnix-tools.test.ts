// fix_subtitles and optimize_media on MKVs through the tool registry: the mkvtoolnix road when installed,
// and the ffmpeg road when MKVMERGE_PATH points nowhere, with the same result shape.
import t from 'tap'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildTestApp } from '../../helpers/build.js'
import { missingMediaTools, placeFixture } from '../../helpers/media-fixtures.js'
import { SPA_CUES_MS, missingMkvTools, placeMkvFixture, srtStartsMs } from '../../helpers/mkv-fixtures.js'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import { mkvExtractTrack, mkvIdentify, mkvToolsFor } from '../../../lib/media/mkvtoolnix.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { data, text } from '../../helpers/results.js'

const skip = missingMediaTools() ?? missingMkvTools()
const mkv = mkvToolsFor('mkvmerge')
const context = (progress: number[] = []): ToolContext => ({ principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async p => { progress.push(p) }, log: async () => {} })

async function extractText (file: string, trackId: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-mkv-x-'))
  try {
    await mkvExtractTrack(mkv, file, trackId, join(dir, 'track'))
    return readFileSync(join(dir, 'track'), 'utf8')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
const assStartsMs = (s: string) => [...s.matchAll(/^Dialogue: [^,]*,(\d+):(\d\d):(\d\d)\.(\d\d),/gm)]
  .map(m => ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + Number(m[4]) * 10)

async function fix (t: { teardown: (fn: () => unknown) => void }, overrides: Record<string, unknown>, place: (dir: string) => void, args: Record<string, unknown>) {
  const { app, roots } = await buildTestApp(t, { config: overrides })
  const season = join(roots.media, 'anime/Show/Season 01')
  place(season)
  const progress: number[] = []
  const preview = await app.tools.call('fix_subtitles', args, context())
  if (preview.isError) throw new Error(text(preview))
  const done = await app.tools.call('fix_subtitles', { ...args, confirmToken: data(preview).confirmation.confirmToken }, context(progress))
  return { season, done, progress }
}

t.test('fix_subtitles on an MKV: SRT where the ASS was, same language and flags, other tracks intact, cues exact', { skip }, async t => {
  const { season, done, progress } = await fix(t, {}, dir => { placeMkvFixture(join(dir, 'Show - S01E01.mkv')) }, { path: 'anime/Show', languages: ['es'] })
  t.notOk(done.isError, text(done))
  t.equal(data(done).job.status, 'succeeded', text(done))
  t.match(data(done).converted, [{ path: 'anime/Show/Season 01/Show - S01E01.mkv', changes: [/ass spa .* → SRT/] }])
  t.ok(progress.length > 0, 'progress flowed')
  const file = join(season, 'Show - S01E01.mkv')
  const id = await mkvIdentify(mkv, file)
  t.same(id.tracks.map(x => `${x.type}:${x.codecId}:${x.language}`), [
    'video:V_MPEG4/ISO/AVC:und', 'audio:A_AAC:eng', 'audio:A_AAC:jpn', 'subtitles:S_TEXT/UTF8:eng', 'subtitles:S_TEXT/UTF8:spa', 'subtitles:S_TEXT/ASS:fre'
  ])
  t.match(id.tracks[4], { name: 'Signs & Songs', default: true, forced: true })
  t.match(id.tracks[1], { default: true })
  t.same(srtStartsMs(await extractText(file, 4)), SPA_CUES_MS, 'cue starts unchanged to the millisecond')
  t.same(readdirSync(season), ['Show - S01E01.mkv'], 'no temp files left')
})

t.test('fix_subtitles keeps the stored cue times of an ffmpeg-made MKV too', { skip }, async t => {
  const original = join(mkdtempSync(join(tmpdir(), 'msmcp-mkv-o-')), 'o.mkv')
  t.teardown(() => rmSync(join(original, '..'), { recursive: true, force: true }))
  placeFixture(original)
  const before = assStartsMs(await extractText(original, 4))
  t.ok(before.length === 2, 'the fixture has two Spanish cues')
  const { season, done } = await fix(t, {}, dir => { placeFixture(join(dir, 'Show - S01E01.mkv')) }, { path: 'anime/Show', languages: ['es'] })
  t.equal(data(done).job.status, 'succeeded', text(done))
  t.same(srtStartsMs(await extractText(join(season, 'Show - S01E01.mkv'), 4)), before)
})

t.test('without mkvtoolnix fix_subtitles falls back to ffmpeg with the same result shape', { skip }, async t => {
  const missing = '/nonexistent/mkvtoolnix/mkvmerge'
  const a = await fix(t, {}, dir => { placeMkvFixture(join(dir, 'Show - S01E01.mkv')) }, { path: 'anime/Show' })
  const b = await fix(t, { MKVMERGE_PATH: missing }, dir => { placeMkvFixture(join(dir, 'Show - S01E01.mkv')) }, { path: 'anime/Show' })
  t.equal(data(b.done).job.status, 'succeeded', text(b.done))
  t.same(Object.keys(data(b.done)).sort(), Object.keys(data(a.done)).sort())
  t.same(data(b.done).converted, data(a.done).converted)
  const tracks = async (season: string) => (await mkvIdentify(mkv, join(season, 'Show - S01E01.mkv'))).tracks.map(x => `${x.type}:${x.codecId}:${x.language}`)
  t.same(await tracks(b.season), await tracks(a.season))
})

t.test('optimize_media strips MKV tracks through mkvmerge and keeps an audio track', { skip }, async t => {
  const { app, roots } = await buildTestApp(t)
  const file = placeMkvFixture(join(roots.media, 'movies/Film (2020)/Film (2020).mkv'))
  const args = { action: 'strip', path: 'movies/Film (2020)', audioLanguages: ['ja'], subtitleLanguages: ['es'] }
  const progress: number[] = []
  const preview = await app.tools.call('optimize_media', args, context())
  t.ok(data(preview).confirmation, text(preview))
  const done = await app.tools.call('optimize_media', { ...args, confirmToken: data(preview).confirmation.confirmToken }, context(progress))
  t.equal(data(done).job.status, 'succeeded', text(done))
  const id = await mkvIdentify(mkv, file)
  t.same(id.tracks.map(x => `${x.type}:${x.codecId}:${x.language}`), ['video:V_MPEG4/ISO/AVC:und', 'audio:A_AAC:jpn', 'subtitles:S_TEXT/ASS:spa'])
  t.match(id.tracks[2], { name: 'Signs & Songs', forced: true })
  t.ok(progress.length > 0)

  const refused = await app.tools.call('optimize_media', { action: 'strip', path: 'movies/Film (2020)', audioLanguages: ['en'] }, context())
  t.ok(refused.isError)
  t.match(text(refused), /without any audio track/)
  t.same((await mkvIdentify(mkv, file)).tracks.filter(x => x.type === 'audio').map(x => x.language), ['jpn'])
})
