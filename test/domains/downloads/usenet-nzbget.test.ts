// The Usenet client against the real nzbget 21 on loopback, fed by the test NNTP server with real yEnc articles
// of a real 7-Zip + par2 release: download_add hands it an .nzb link (fetched through the URL guard), NZBGet
// really downloads, verifies and unpacks it; a release with a lost article really fails, and download_status
// says why. A stopped NZBGet is named, never read as "nothing".
import { test } from 'tap'
import net from 'node:net'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { Agent } from 'undici'
import { fetchGuarded } from '../../../lib/url-guard/fetch-guarded.js'
import { buildTestApp, makeRoots } from '../../helpers/build.js'
import { sampleVideo, startStaticServer } from '../../helpers/static-server.js'
import { startNntpServer } from '../../helpers/nntp-server.js'
import { filedInHistory, nzbgetUnavailable, startNzbget } from '../../helpers/nzbget-daemon.js'
import { nzbgetOnly } from '../../helpers/downloader-settings.js'
import { postRelease } from '../../helpers/usenet-release.js'

const skip = await nzbgetUnavailable()
const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
const PUBLIC = '93.184.216.34'
const resolver = async (host: string) => host.endsWith('.example.com') ? [{ address: PUBLIC, family: 4 }] : []

interface Row { source: string, id: string, name: string, state: string, reason?: string, progressPercent?: number }

async function setup (t: { teardown: (fn: () => unknown) => void }) {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const nntp = await startNntpServer()
  t.teardown(() => nntp.close())
  const web = await startStaticServer()
  t.teardown(() => web.close())
  const nzbget = await startNzbget(join(roots.downloads, 'nzbget'), nntp.port)
  t.teardown(() => nzbget.stop())
  const connect = (address: string) => net.connect({ host: '127.0.0.1', port: address === PUBLIC ? web.port : 9 })
  const { app } = await buildTestApp(t, {
    roots,
    config: nzbgetOnly(nzbget),
    build: { resolver, plugins: { urlGuard: { connect } } }
  })
  // The URL guard's checks and redirect handling run as they are; only its connections are sent to the local web
  // server (the guarded agent would dial the public test address itself: nothing may leave 127.0.0.1).
  const local = new Agent({ connect: (_o, done) => { const s = net.connect({ host: '127.0.0.1', port: web.port }, () => done(null, s)); s.once('error', err => done(err, null)) } })
  t.teardown(() => local.close())
  app.urlGuard.fetchGuarded = (url, o) => fetchGuarded(app.urlGuard.check, local, url, o)
  const call = (name: string, args: unknown) => app.tools.call(name, args, ctx)
  const rows = async () => ((await call('download_status', {})).structuredContent as { items: Row[] }).items.filter(r => r.source === 'usenet')
  /** Waits until NZBGet has moved the item to its history (done or failed). */
  const settled = (id: string) => filedInHistory(nzbget, app.backends.usenet!, id)
  return { app, roots, nntp, web, nzbget, call, rows, settled }
}

test('an .nzb link goes to NZBGet, which downloads, verifies and unpacks the real file', { skip }, async t => {
  const { roots, nntp, web, call, settled, nzbget } = await setup(t)
  const release = postRelease(nntp, join(roots.base, 'posts'), 'Show.S01E01.720p', 'Show.S01E01.720p.mp4', await sampleVideo(roots.base))
  web.serve('/get/Show.S01E01.720p.nzb', { body: release.nzb, type: 'application/x-nzb' })

  const res = await call('download_add', { name: 'Show.S01E01.720p', links: ['http://indexer.example.com/get/Show.S01E01.720p.nzb'] })
  t.notOk(res.isError, res.content[0].text)
  const { usenetIds } = res.structuredContent as { usenetIds: string[] }
  t.match(res.content[0].text, /to NZBGet \(id \d+\)/)
  t.equal(web.requests[0]?.host, 'indexer.example.com', 'the NZB was fetched through the URL guard, not by NZBGet')

  const item = await settled(usenetIds[0]!)
  t.equal(item.state, 'completed')
  t.notOk(item.failure)
  t.equal(item.category, undefined, 'no category was asked for')
  const unpacked = join(item.path!, release.fileName)
  t.ok(existsSync(unpacked), 'the archive was unpacked into the destination folder')
  t.same(readFileSync(unpacked), release.content, 'the unpacked file is byte for byte the posted one')
  t.notOk(existsSync(join(item.path!, `${release.name}.7z`)), 'NZBGet cleaned the archive up after unpacking')
  t.ok([...nntp.served.keys()].some(id => id.startsWith(release.name)), 'the articles came from the NNTP server')
  t.equal(nzbget.daemon.running, true)
})

test('a release with a lost article fails in NZBGet, and download_status says why', { skip }, async t => {
  const { roots, nntp, web, call, rows, settled } = await setup(t)
  const release = postRelease(nntp, join(roots.base, 'posts'), 'Movie.2020.1080p', 'Movie.2020.1080p.mp4', await sampleVideo(roots.base), { par: 'none' })
  const archive = release.posted.find(f => f.name.endsWith('.7z'))!
  nntp.lose(archive.segments[archive.segments.length > 1 ? 1 : 0]!.messageId)
  web.serve('/get/movie.nzb', { body: release.nzb })

  const res = await call('download_add', { name: 'Movie.2020.1080p', links: ['http://indexer.example.com/get/movie.nzb'] })
  t.notOk(res.isError, res.content[0].text)
  const id = (res.structuredContent as { usenetIds: string[] }).usenetIds[0]!
  const item = await settled(id)
  t.equal(item.state, 'failed')
  t.equal(item.failure, 'missing articles', 'without par2 files one lost article fails NZBGet\'s health check (FAILURE/HEALTH)')

  const listed = (await rows()).find(r => r.id === id)
  t.ok(listed, 'the failed Usenet download is listed with the rest')
  t.equal(listed?.state, 'failed')
  t.equal(listed?.reason, 'missing articles')
  t.equal(listed?.name, 'Movie.2020.1080p')
})

test('NZBGet stopped: download_status names it instead of reporting nothing', { skip }, async t => {
  const { call, nzbget } = await setup(t)
  await nzbget.stop()
  const res = await call('download_status', {})
  const data = res.structuredContent as { warnings: string[] }
  t.ok(data.warnings.some(w => /^NZBGet/.test(w)), data.warnings.join(' | '))
  t.notMatch(res.content[0].text, /^Nothing is downloading/)
})

test('.nzb links: mixed with other links, or with no Usenet client, are refused with what to do', { skip }, async t => {
  const { call } = await setup(t)
  const mixed = await call('download_add', { name: 'Mixed', links: ['http://indexer.example.com/a.nzb', 'http://files.example.com/b.mkv'] })
  t.equal(mixed.isError, true)
  t.match(mixed.content[0].text, /separate calls/)
  const local = await call('download_add', { name: 'Local', links: ['http://127.0.0.1:9/a.nzb'] })
  t.equal(local.isError, true, 'an .nzb link goes through the URL guard like every link')
})
