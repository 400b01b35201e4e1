// Issue 34 #4: get_library_state said "not downloading" of a title whose download had failed: "Burning Circuit"
// while Sonarr's queue held its failed download, "Silent Orchard" ("ready to watch … not downloading") while
// NZBGet's history had its job FAILURE/HEALTH. Failed downloads now come from every manager and downloader, in
// the one state model (core/download-state), with where and why.
import { test } from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildTestApp } from '../../helpers/build.js'
import { ok, text } from '../../helpers/results.js'
import { stuckAs } from '../../../simulators/servarr/stuck.js'
import { sampleVideo } from '../../helpers/static-server.js'
import { startNntpServer } from '../../helpers/nntp-server.js'
import { filedInHistory, nzbgetUnavailable, startNzbget } from '../../helpers/nzbget-daemon.js'
import { postRelease } from '../../helpers/usenet-release.js'
import { grabFirstEpisode } from '../../helpers/grabs.js'

test('a failed download in the series manager\'s queue is reported, not "not downloading"', async t => {
  const { app, sims, call } = await buildTestApp(t, { sims: { sonarr: { downloadMs: 600_000, queueRefreshMs: 5 } } })
  const row = await grabFirstEpisode(app, sims.sonarr)
  row.tracked = true
  row.stuck = { ...stuckAs('sonarr', row.title, 'failed'), errorMessage: 'Download failed - Not on your server(s)' }

  const res = await call('get_library_state', { title: 'Harbor Lights', kind: 'series' })
  const d = ok(res)
  t.equal(d.downloadFailed, true)
  t.not(d.downloading, true, 'a failed download is not downloading (the other downloaders, not running here, leave it unknown)')
  t.match(d.failedDownloads, [/^the series manager: .*Not on your server/])
  t.match(text(res), /not downloading: its download failed \(the series manager: .*Not on your server/)
  t.notMatch(text(res), /not downloading[,.]/, 'never a bare "not downloading"')
})

const skip = await nzbgetUnavailable()

test('a job NZBGet failed (FAILURE/HEALTH) is reported for its title', { skip }, async t => {
  const dir = mkdtempSync(join(tmpdir(), 'library-failed-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const nntp = await startNntpServer()
  t.teardown(() => nntp.close())
  const nzbget = await startNzbget(join(dir, 'nzbget'), nntp.port)
  t.teardown(() => nzbget.stop())
  const { app, call } = await buildTestApp(t, {
    config: { ...nzbget.env }
  })
  const name = 'Silent.Orchard.2021.1080p'
  const posted = postRelease(nntp, join(dir, 'posts'), name, `${name}.mp4`, await sampleVideo(dir), { par: 'none' })
  const archive = posted.posted.find(f => f.name.endsWith('.7z'))!
  nntp.lose(archive.segments[0]!.messageId)
  const usenet = app.backends.usenet!
  const id = await usenet.addNzb(`${name}.nzb`, Buffer.from(posted.nzb))
  const job = await filedInHistory(nzbget, usenet, id)
  t.match(job, { state: 'failed', failure: 'missing articles' }, 'NZBGet really failed it')

  const res = await call('get_library_state', { title: 'Silent Orchard' })
  const d = ok(res)
  t.equal(d.downloadFailed, true)
  t.same(d.failedDownloads, ['the Usenet client: missing articles'])
  t.match(d.usenet.matches, [{ name, status: 'failed', reason: 'missing articles' }])
  t.match(text(res), /not downloading: its download failed \(the Usenet client: missing articles\)/)
})
