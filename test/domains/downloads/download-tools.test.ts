// download_add, download_direct and download_status through the tool registry, with the pyLoad simulator,
// the real aria2c and yt-dlp, and a real temp media tree. Public-looking URLs pass the URL guard through a
// fake resolver; the downloaders connect through the URL guard's forward proxy, whose connector maps the
// public test address to the local static server (nothing leaves 127.0.0.1).
import { test } from 'tap'
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import net from 'node:net'
import { randomBytes } from 'node:crypto'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { createPyloadSimulator } from '../../../simulators/pyload/index.js'
import { buildTestApp, makeRoots } from '../../helpers/build.js'
import { sampleVideo, startStaticServer } from '../../helpers/static-server.js'
import { findExecutable } from '../../../core/process/index.js'

const KEY = 'pl_tools-test-key'
const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
const PUBLIC = '93.184.216.34'
const resolver = async (host: string) => host.endsWith('.example.com') ? [{ address: PUBLIC, family: 4 }] : host === 'sneaky.example.net' ? [{ address: '10.0.0.5', family: 4 }] : []

const HOSTILE = [
  'http://127.0.0.1:8000/x.mkv', 'http://localhost/x', 'http://[::1]/x', 'http://169.254.169.254/latest/meta-data',
  'http://10.0.0.1/x', 'file:///etc/passwd', 'ftp://files.example.com/x', 'http://user:pw@files.example.com/x',
  'http://sneaky.example.net/x', 'http://0x7f000001/x', 'http://files.example.com/a\nb', 'gopher://files.example.com/'
]

async function setup (t: { teardown: (fn: () => unknown) => void }) {
  const server = await startStaticServer()
  t.teardown(() => server.close())
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const sim = await createPyloadSimulator({ apiKey: KEY, storageDir: join(roots.downloads, 'pyload'), linkDurationMs: 100_000 })
  t.teardown(() => sim.close())
  const connect = (address: string) => net.connect({ host: '127.0.0.1', port: address === PUBLIC ? server.port : 9 })
  const { app, config } = await buildTestApp(t, {
    roots,
    config: { DOWNLOAD_MANAGER_URL: sim.url, DOWNLOAD_MANAGER_API_KEY: KEY, TORRENT_CLIENT_URL: 'http://127.0.0.1:9' },
    build: { resolver, plugins: { urlGuard: { connect } } }
  })
  return { app, config, sim, server, call: (name: string, args: unknown) => app.tools.call(name, args, ctx) }
}

test('download_add queues a package; every hostile link is refused before anything is queued', async t => {
  const { sim, call } = await setup(t)
  for (const url of HOSTILE) {
    const res = await call('download_add', { name: 'Pkg', links: ['https://files.example.com/ok.mkv', url] })
    t.equal(res.isError, true, url)
  }
  const badName = await call('download_add', { name: '../escape', links: ['https://files.example.com/ok.mkv'] })
  t.equal(badName.isError, true, 'package names are one safe segment')
  t.same(sim.calls, [], 'the direct-download manager received nothing')
  t.equal(sim.state.packages.size, 0)

  const ok = await call('download_add', { name: 'Night of the Living Dead (1968)', links: ['https://files.example.com/notld.mkv'] })
  t.notOk(ok.isError, ok.content[0].text)
  t.equal((ok.structuredContent as { packageId: number }).packageId, 1)
  sim.state.advance(30_000)
  const q = await call('download_status', {})
  const data = q.structuredContent as { items: Array<{ source: string, name: string, state: string, progressPercent: number }>, warnings: string[], total: number }
  t.equal(data.total, 1)
  t.equal(data.items[0].source, 'direct')
  t.equal(data.items[0].state, 'downloading')
  t.ok(data.items[0].progressPercent > 0)
  t.match(q.content[0].text, new RegExp(`^1 download: 1 downloading\\. "Night of the Living Dead \\(1968\\)" downloading ${data.items[0].progressPercent}%`), 'the first line names it and how far it is')
  t.match(data.warnings[0], /Torrent client/, 'an unreachable torrent client is a warning, not a failure')
  t.same(sim.violations, [])
})

test('organize keeps both files of one movie and never overwrites', async t => {
  const { app, sim, call, config } = await setup(t)
  const dest = join(config.MEDIA_ROOT, 'movies', 'Heat (1995)')
  mkdirSync(dest, { recursive: true })
  writeFileSync(join(dest, 'Heat.1995.mkv'), 'already in the library')
  const pid = sim.state.addFinishedPackage('Heat (1995)', [
    { name: 'Heat.1995.mkv', content: 'part one bytes' },
    { name: 'Heat.1995.en.srt', content: 'subtitles' }
  ])
  // A second finished package with the same file name (e.g. another cut of the same movie).
  const pid2 = sim.state.addFinishedPackage('Heat (1995) extended', [{ name: 'Heat.1995.mkv', content: 'extended cut bytes' }])
  const finished = await call('download_status', { action: 'finished' })
  t.equal((finished.structuredContent as { total: number }).total, 2)

  for (const id of [pid, pid2]) {
    const res = await call('download_status', { action: 'organize', packageId: id, destination: 'movies/Heat (1995)' })
    t.notOk(res.isError, res.content[0].text)
    const job = (res.structuredContent as { job: { id: string, estimatedDurationMs: number } }).job
    t.type(job.estimatedDurationMs, 'number')
    const done = await app.jobs.wait(job.id, 20_000)
    t.equal(done.status, 'succeeded', done.error ?? '')
  }
  const names = readdirSync(dest).sort()
  t.same(names, ['Heat.1995 (2).mkv', 'Heat.1995 (3).mkv', 'Heat.1995.en.srt', 'Heat.1995.mkv'])
  t.equal(readFileSync(join(dest, 'Heat.1995.mkv'), 'utf8'), 'already in the library', 'existing file untouched')
  t.same(new Set(names.map(n => readFileSync(join(dest, n), 'utf8'))), new Set(['already in the library', 'part one bytes', 'extended cut bytes', 'subtitles']))
  t.notOk(existsSync(join(config.DOWNLOADS_ROOT, 'pyload', 'Heat (1995)', 'Heat.1995.mkv')), 'source removed after the verified move')

  const outside = await call('download_status', { action: 'organize', packageId: pid, destination: 'downloads/x' })
  t.match(outside.content[0].text, /inside the media library/)
  const escape = await call('download_status', { action: 'organize', packageId: pid, destination: '../../etc' })
  t.equal(escape.isError, true)
  const unfinished = sim.state.addPackage('Later', ['https://files.example.com/x.mkv'], 1)
  t.match((await call('download_status', { action: 'organize', packageId: unfinished, destination: 'movies/X' })).content[0].text, /not finished yet/)
})

const aria2Skip = await findExecutable('aria2c') ? undefined : 'aria2c not installed; CI installs it'
const ytdlpSkip = await findExecutable('yt-dlp') ? undefined : 'yt-dlp not installed; CI installs it'

test('download_direct: hostile URLs start nothing', async t => {
  const { app, server, call } = await setup(t)
  for (const url of HOSTILE) {
    const res = await call('download_direct', { url, method: 'file' })
    t.equal(res.isError, true, url)
  }
  t.same(app.jobs.list(), [], 'no job was started')
  t.same(server.requests, [], 'nothing was fetched')
})

test('download_direct with aria2: saved under the downloads root, then organized', { skip: aria2Skip }, async t => {
  const { app, server, call, config } = await setup(t)
  const payload = randomBytes(300_000)
  server.serve('/files/Big.Buck.Bunny.2008.mkv', { body: payload })
  const res = await call('download_direct', { url: 'http://files.example.com/files/Big.Buck.Bunny.2008.mkv', destination: 'movies/Big Buck Bunny (2008)' })
  t.notOk(res.isError, res.content[0].text)
  const data = res.structuredContent as { method: string, downloadFolder: string, job: { id: string } }
  t.equal(data.method, 'file')
  t.match(data.downloadFolder, /^downloads\/direct\//)
  const done = await app.jobs.wait(data.job.id, 30_000)
  t.equal(done.status, 'succeeded', done.error ?? '')
  const result = done.result as { saved: Array<{ path: string }>, organized: { files: Array<{ to: string }> } }
  t.match(result.saved[0].path, /^downloads\/direct\/.*Big\.Buck\.Bunny\.2008\.mkv$/)
  const final = join(config.MEDIA_ROOT, 'movies', 'Big Buck Bunny (2008)', 'Big.Buck.Bunny.2008.mkv')
  t.ok(readFileSync(final).equals(payload), 'bytes identical in the library')
  t.ok(server.requests.some(r => r.host === 'files.example.com'), 'fetched by name through the proxy')
})

test('download_direct with yt-dlp: a video page lands under the downloads root', { skip: ytdlpSkip }, async t => {
  const { app, server, call, config } = await setup(t)
  const video = await sampleVideo(config.STATE_DIR)
  server.serve('/clip.mp4', { body: video, type: 'video/mp4' })
  server.serve('/watch/42', { type: 'text/html', body: '<html><head><meta property="og:title" content="Sample Clip"></head><body><video><source src="/clip.mp4" type="video/mp4"></video></body></html>' })
  const res = await call('download_direct', { url: 'http://videos.example.com/watch/42' })
  t.notOk(res.isError, res.content[0].text)
  const data = res.structuredContent as { method: string, job: { id: string } }
  t.equal(data.method, 'video')
  const done = await app.jobs.wait(data.job.id, 60_000)
  t.equal(done.status, 'succeeded', done.error ?? '')
  const saved = (done.result as { saved: Array<{ path: string }> }).saved[0].path
  t.match(saved, /^downloads\/direct\/.*Sample_Clip.*\.mp4$/)
  t.ok(readFileSync(join(config.DOWNLOADS_ROOT, saved.replace(/^downloads\//, ''))).equals(video))
})
