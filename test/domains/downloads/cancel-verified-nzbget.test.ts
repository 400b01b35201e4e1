// Issue 34 item 9 (b), against the real nzbget 21: cancelling a failed job with deleteFiles previewed "DELETE 1
// file", then said "Removed" while the file stayed. NZBGet's HistoryDelete/HistoryFinalDelete delete a history
// job's folder only when the job was deleted, its par check or unpack failed or it needs a password (v21.0
// daemon/queue/HistoryCoordinator.cpp 331-358); a job that failed in its post-processing script (WARNING/SCRIPT)
// keeps its files in its final folder. The answer now says what the look after the request found, and gives the
// call that deletes what was left.
import { test } from 'tap'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildTestApp, makeRoots } from '../../helpers/build.js'
import { sampleVideo } from '../../helpers/static-server.js'
import { startNntpServer } from '../../helpers/nntp-server.js'
import { filedInHistory, nzbgetUnavailable, startNzbget } from '../../helpers/nzbget-daemon.js'
import { nzbgetOnly } from '../../helpers/downloader-settings.js'
import { postRelease } from '../../helpers/usenet-release.js'
import { data, ok, text } from '../../helpers/results.js'

const skip = await nzbgetUnavailable()

// An extension script that fails (exit 94, POSTPROCESS_ERROR): NZBGet marks the job WARNING/SCRIPT after moving
// its files to the final folder (v21.0 daemon/extension/PostScript.cpp, the header NZBGet looks for).
const FAILING_SCRIPT = '#!/bin/sh\n##############\n### NZBGET POST-PROCESSING SCRIPT ###\n# Fails.\n### NZBGET POST-PROCESSING SCRIPT ###\n##############\nexit 94\n'

test('a failed NZBGet job cancelled with its data: the answer says the files NZBGet left, and how to delete them', { skip }, async t => {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const nntp = await startNntpServer()
  t.teardown(() => nntp.close())
  const scripts = join(roots.base, 'scripts')
  mkdirSync(scripts, { recursive: true })
  writeFileSync(join(scripts, 'fail.sh'), FAILING_SCRIPT, { mode: 0o755 })
  const nzbget = await startNzbget(join(roots.downloads, 'nzbget'), nntp.port, undefined, undefined, { ScriptDir: scripts, Extensions: 'fail.sh' })
  t.teardown(() => nzbget.stop())
  const { app, call } = await buildTestApp(t, {
    roots,
    config: nzbgetOnly(nzbget)
  })
  const release = postRelease(nntp, join(roots.base, 'posts'), 'Movie.2020.1080p', 'Movie.2020.1080p.mp4', await sampleVideo(roots.base))
  const nzbId = await app.backends.usenet!.addNzb('Movie.2020.1080p.nzb', Buffer.from(release.nzb))
  const job = await filedInHistory(nzbget, app.backends.usenet!, nzbId)
  t.equal(job?.failure, 'post-processing script failed', 'the job failed in its script')
  const file = join(job!.path!, release.fileName)
  t.ok(existsSync(file), 'its unpacked file is in its final folder')

  const args = { action: 'cancel', source: 'usenet', ids: [`usenet:${nzbId}`], deleteFiles: true }
  const preview = data(await call('cancel_downloads', args)).confirmation
  t.match(preview.summary, /DELETE their downloaded data from disk: "Movie\.2020\.1080p" .*data: 1 file/)
  const done = await call('cancel_downloads', { ...args, confirmToken: preview.confirmToken })
  const result = ok(done)
  t.ok(existsSync(file), 'NZBGet forgot the job and left its file')
  t.notOk(app.backends.usenet && (await app.backends.usenet.items()).some(x => x.id === nzbId), 'the job is gone from NZBGet')
  t.match(text(done), /Asked NZBGet to delete the data of "Movie\.2020\.1080p" \(usenet:\d+\), but 1 file \([\d.]+ KiB\) is still in "downloads\/nzbget\/downloads\/dst\/Movie\.2020\.1080p"/)
  t.notMatch(text(done), /deleted (its|their) data/, 'no deletion is claimed')
  t.same(result.verified.stillThere.map((s: { path: string }) => s.path), ['downloads/nzbget/downloads/dst/Movie.2020.1080p'])
  t.same(result.verified.gone, [])
  t.same(result.removed.map((r: { id: string }) => r.id), [`usenet:${nzbId}`])

  // The suggested call, followed literally, deletes what was left (after its own preview).
  const [next] = result.next
  t.same(next, { tool: 'manage_files', arguments: { action: 'delete', paths: ['downloads/nzbget/downloads/dst/Movie.2020.1080p'] }, why: next.why })
  const again = data(await call(next.tool, next.arguments)).confirmation
  ok(await call(next.tool, { ...next.arguments, confirmToken: again.confirmToken }))
  t.notOk(existsSync(file), 'the file is gone')
})
