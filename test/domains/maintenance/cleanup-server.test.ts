import t from 'tap'
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildTestApp } from '../../helpers/build.js'
import { INTERNAL_PRINCIPAL } from '../../../lib/principal.js'
import type { ToolCallResult, ToolContext } from '../../../plugins/tool-types.js'

const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
const data = (r: ToolCallResult) => r.structuredContent as Record<string, any>
const text = (r: ToolCallResult) => r.content.map(c => c.text).join('\n')
const old = new Date(Date.now() - 3 * 24 * 3600_000)

function put (root: string, rel: string, content = 'x') {
  mkdirSync(join(root, rel, '..'), { recursive: true })
  writeFileSync(join(root, rel), content)
  utimesSync(join(root, rel), old, old)
  utimesSync(join(root, rel, '..'), old, old)
}

/** Stubs the backends at the client edge: every reference source answers. */
function stubBackends (app: any, roots: { downloads: string, media: string }, over: Record<string, unknown> = {}) {
  const b = app.backends
  b.qbittorrent.list = async () => [
    { hash: 'aaa', name: 'Gone.Movie', state: 'stoppedUP', progress: 1, contentPath: join(roots.downloads, 'Gone.Movie') },
    { hash: 'bbb', name: 'Seeding', state: 'uploading', progress: 1, contentPath: join(roots.downloads, 'Seeding') },
    { hash: 'ccc', name: 'Just.Added', state: 'metaDL', progress: 0, contentPath: join(roots.downloads, 'Just.Added') }
  ]
  b.qbittorrent.remove = async (hashes: string[]) => { removedTorrents.push(...hashes) }
  b.pyload.queue = async () => []
  b.pyload.collector = async () => []
  b.sonarr.queue = async () => ({ records: [{ id: 1, outputPath: join(roots.downloads, 'Show.S01E01.1080p') }] })
  b.radarr.queue = async () => ({ records: [] })
  b.sonarr.listSeries = async () => []
  b.radarr.listMovies = async () => []
  Object.assign(b, over)
}
let removedTorrents: string[] = []

t.test('preview lists every target; the token removes exactly that list; referenced folders survive', async t => {
  const { app, roots } = await buildTestApp(t)
  removedTorrents = []
  stubBackends(app, roots)
  put(roots.media, 'tv/Show/Season 01/.Show - S01E01.mkv.0123456789ab.msmcp.tmp')
  put(roots.downloads, 'Show.S01E01.1080p/Show.S01E01.1080p.mkv') // hazard: still in the series manager's queue
  put(roots.downloads, 'Seeding/file.mkv') // referenced by a torrent
  put(roots.downloads, 'Forgotten.Thing/file.mkv')
  put(roots.downloads, 'fresh/file.mkv')
  utimesSync(join(roots.downloads, 'fresh/file.mkv'), new Date(), new Date())

  const preview = await app.tools.call('cleanup_server', {}, ctx)
  t.notOk(preview.isError, text(preview))
  const targets = data(preview).confirmation.targets
  t.same(targets.map((x: any) => `${x.category}:${x.name}`).sort(), [
    'downloadLeftovers:downloads/Forgotten.Thing',
    'orphanedTorrents:Gone.Movie',
    'temp:tv/Show/Season 01/.Show - S01E01.mkv.0123456789ab.msmcp.tmp'
  ])

  const done = await app.tools.call('cleanup_server', { confirmToken: data(preview).confirmation.confirmToken }, ctx)
  t.notOk(done.isError, text(done))
  t.equal(data(done).removed.length, 3)
  t.same(removedTorrents, ['aaa'], 'only the torrent whose data is gone, not the one still downloading metadata')
  t.notOk(existsSync(join(roots.downloads, 'Forgotten.Thing')))
  t.notOk(existsSync(join(roots.media, 'tv/Show/Season 01/.Show - S01E01.mkv.0123456789ab.msmcp.tmp')))
  t.ok(existsSync(join(roots.media, 'tv/Show/Season 01')), 'the season folder of a temp file stays')
  t.ok(existsSync(join(roots.downloads, 'Show.S01E01.1080p/Show.S01E01.1080p.mkv')), 'hazard: a folder a manager still refers to is not deleted')
  t.ok(existsSync(join(roots.downloads, 'Seeding/file.mkv')))
  t.ok(existsSync(join(roots.downloads, 'fresh/file.mkv')))
})

t.test('an unreachable manager means no leftover can be proved orphaned', async t => {
  const { app, roots } = await buildTestApp(t)
  stubBackends(app, roots)
  const b = app.backends as any
  b.sonarr.queue = async () => { throw new Error('Sonarr could not be reached') }
  put(roots.downloads, 'Show.S01E02/Show.S01E02.mkv')
  const preview = await app.tools.call('cleanup_server', { categories: ['downloadLeftovers'] }, ctx)
  t.ok(preview.isError)
  t.match(text(preview), /cannot prove them unreferenced while series manager queue/)
  t.ok(existsSync(join(roots.downloads, 'Show.S01E02/Show.S01E02.mkv')))
})

t.test('a target list that changed after the preview is refused', async t => {
  const { app, roots } = await buildTestApp(t)
  stubBackends(app, roots)
  put(roots.downloads, 'Old/a.mkv')
  const preview = await app.tools.call('cleanup_server', { categories: ['downloadLeftovers'] }, ctx)
  t.equal(data(preview).confirmation.targets.length, 1)
  put(roots.downloads, 'Old/b.mkv', 'more data')
  const done = await app.tools.call('cleanup_server', { categories: ['downloadLeftovers'], confirmToken: data(preview).confirmation.confirmToken }, ctx)
  t.ok(done.isError)
  t.ok(existsSync(join(roots.downloads, 'Old/a.mkv')))
})
