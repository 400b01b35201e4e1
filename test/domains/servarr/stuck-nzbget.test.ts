// The stuck view against the real nzbget 21 on loopback: a release with a lost article really fails in NZBGet,
// and the series manager's queue row for it (the Sonarr simulator, its downloadId the NZBGet id as Sonarr
// stores it) is stuck with NZBGet's reason; retry replaces it.
import { test } from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildTestApp } from '../../helpers/build.js'
import { data, ok } from '../../helpers/results.js'
import { sampleVideo } from '../../helpers/static-server.js'
import { startNntpServer } from '../../helpers/nntp-server.js'
import { filedInHistory, nzbgetUnavailable, startNzbget } from '../../helpers/nzbget-daemon.js'
import { postRelease } from '../../helpers/usenet-release.js'
import { grabFirstEpisode } from '../../helpers/grabs.js'

const skip = await nzbgetUnavailable()

test('a release with a lost article fails in NZBGet; its manager row is stuck with that reason and retried', { skip }, async t => {
  const dir = mkdtempSync(join(tmpdir(), 'stuck-nzbget-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const nntp = await startNntpServer()
  t.teardown(() => nntp.close())
  const nzbget = await startNzbget(join(dir, 'nzbget'), nntp.port)
  t.teardown(() => nzbget.stop())
  const { app, sims, call } = await buildTestApp(t, {
    sims: { sonarr: { downloadMs: 600_000, queueRefreshMs: 5 } },
    config: { STUCK_MAX_STRIKES: 2, ...nzbget.env }
  })
  const sonarr = sims.sonarr
  const row = await grabFirstEpisode(app, sonarr, { tracked: true })

  // The release as posted, with one article of its archive lost from the news server and no par2 to repair it.
  const posted = postRelease(nntp, join(dir, 'posts'), row.title, `${row.title}.mp4`, await sampleVideo(dir), { par: 'none' })
  const archive = posted.posted.find(f => f.name.endsWith('.7z'))!
  nntp.lose(archive.segments[archive.segments.length > 1 ? 1 : 0]!.messageId)
  const usenet = app.backends.usenet!
  const id = await usenet.addNzb(`${row.title}.nzb`, Buffer.from(posted.nzb))
  const job = await filedInHistory(nzbget, usenet, id)
  t.equal(job?.state, 'failed', 'NZBGet really failed it')
  // Sonarr stores NZBGet's id (its "drone" parameter, else the NZBID) as the queue row's downloadId.
  Object.assign(row, { protocol: 'usenet', downloadId: job!.downloadId })

  const view = ok(await call('series_status', { view: 'stuck' }))
  t.match(view.items, [{ queueId: row.id, protocol: 'usenet', stuck: { kind: 'failed', fix: 'retry' }, messages: ['NZBGet: failed (missing articles)'] }])

  const args = { action: 'retry', source: 'series', ids: [`series:${row.id}`], deleteFiles: false }
  const preview = data(await call('cancel_downloads', args)).confirmation
  const done = ok(await call('cancel_downloads', { ...args, confirmToken: preview.confirmToken }))
  t.match(done, { removed: [{ id: `series:${row.id}` }], failed: [] })
  t.match(sonarr.state.blocklist.at(-1), { episodeIds: [row.episodeId], sourceTitle: row.title })
})
