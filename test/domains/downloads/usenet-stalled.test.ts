// Issue 34 #3: a Usenet job whose news server refuses every connection read "fetching 0%" for 14 minutes with no
// warning. The real nzbget 21 keeps such a job DOWNLOADING at DownloadRate 0 and says why only in its log
// ("Connection to HOST failed: ErrNo 111, Connection refused", "Blocking server1 (HOST) for N sec"); the one
// state model reads it as stalled with that reason, in download_status, the stuck view and the stuck notice.
import { test } from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildTestApp } from '../../helpers/build.js'
import { ok } from '../../helpers/results.js'
import { noticeReceiver } from '../../helpers/notice-receiver.js'
import { startNntpServer, nzbDocument } from '../../helpers/nntp-server.js'
import { nzbgetUnavailable, startNzbget } from '../../helpers/nzbget-daemon.js'
import { STALL_GRACE_MS } from '../../../domains/servarr/stuck.js'
import { grabFirstEpisode } from '../../helpers/grabs.js'

const skip = await nzbgetUnavailable()

test('a news server refusing every connection: the NZBGet job is stalled with the reason everywhere', { skip }, async t => {
  const dir = mkdtempSync(join(tmpdir(), 'usenet-stalled-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  // The news server's port, then nothing listening on it: every connection is refused.
  const nntp = await startNntpServer()
  const port = nntp.port
  await nntp.close()
  const nzbget = await startNzbget(join(dir, 'nzbget'), port)
  t.teardown(() => nzbget.stop())
  const household = await noticeReceiver()
  t.teardown(() => household.close())
  const { app, sims, call } = await buildTestApp(t, {
    sims: { sonarr: { downloadMs: 600_000, queueRefreshMs: 5 } },
    config: {
      ...nzbget.env,
      NOTIFY_URLS: `json://${household.host}/hook`
    },
    build: { plugins: { notify: { checksMs: 50 } } }
  })
  const sonarr = sims.sonarr
  const row = await grabFirstEpisode(app, sonarr)

  const nzb = nzbDocument([{ name: `${row.title}.mkv`, size: 100_000, segments: [{ messageId: 'stalled.1@test.invalid', bytes: 100_000 }] }])
  const usenet = app.backends.usenet!
  const id = await usenet.addNzb(`${row.title}.nzb`, Buffer.from(nzb))
  let job
  for (let i = 0; i < 300 && job?.status.state !== 'stalled'; i++) {
    job = (await usenet.items()).find(x => x.id === id)
    if (job?.status.state !== 'stalled') await new Promise(resolve => setTimeout(resolve, 100))
  }
  t.equal(job?.state, 'fetching', 'NZBGet itself still says DOWNLOADING')
  t.match(job?.status, { state: 'stalled', cause: 'newsServer', reason: /^the news server refuses every connection: Connection to 127\.0\.0\.1 failed: .*Connection refused/ })

  // download_status: the row and the headline say stuck, with why (the manager's row joins the NZBGet job).
  Object.assign(row, { protocol: 'usenet', downloadId: job!.downloadId, addedAt: Date.now() - STALL_GRACE_MS - 60_000, durationMs: 10 * STALL_GRACE_MS })
  const res = await call('download_status', {})
  const queue = ok(res)
  t.match(queue.items.find((i: any) => i.source === 'usenet'), { status: 'stalled', reason: /refuses every connection/, state: 'fetching' })
  t.match(res.content[0].text, /^1 download: 1 stuck\. ".*" stuck .*\(the news server refuses every connection: Connection to 127\.0\.0\.1 failed/)

  // The stuck view names it stalled with NZBGet's words.
  const view = ok(await call('series_status', { view: 'stuck' }))
  t.match(view.items, [{ queueId: row.id, stuck: { kind: 'stalled' }, messages: [/^NZBGet: stuck: the news server refuses every connection/] }])

  // And the stuck notice tells it.
  await household.waitFor(1)
  t.match(JSON.parse(household.received[0]!.body).message, /stuck .*the news server refuses every connection/)
})
