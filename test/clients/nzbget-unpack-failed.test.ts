// A job whose unpack failed, on the real nzbget 21: NZBGet's history still names the final folder (FinalDir) the
// unpack was to fill, while the files stay in the job's intermediate folder (DestDir): with an InterDir the unpack
// sets FinalDir before it starts (v21.0 daemon/postprocess/Unpack.cpp 600-616), removes that folder again when it
// fails (745-748), and a failed unpack never moves the files (daemon/postprocess/PrePostProcessor.cpp 795-811).
// The client names DestDir for it, so cancelling it with its data shows and deletes the files that are there.
import { test } from 'tap'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { buildTestApp, makeRoots } from '../helpers/build.js'
import { nzbDocument, startNntpServer } from '../helpers/nntp-server.js'
import { filedInHistory, nzbgetUnavailable, startNzbget } from '../helpers/nzbget-daemon.js'
import { nzbgetOnly } from '../helpers/downloader-settings.js'
import { data, ok } from '../helpers/results.js'

test('a job whose unpack failed is listed at the folder its files are in, and its data can be deleted', { skip: await nzbgetUnavailable() }, async t => {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const nntp = await startNntpServer()
  t.teardown(() => nntp.close())
  const nzbget = await startNzbget(join(roots.downloads, 'nzbget'), nntp.port)
  t.teardown(() => nzbget.stop())
  const { app, call } = await buildTestApp(t, {
    roots,
    config: nzbgetOnly(nzbget)
  })
  // An archive 7-Zip cannot open, without par2 files (so no repair is tried first): the unpack fails.
  const posted = nntp.post([{ name: 'Movie.2020.7z', data: Buffer.alloc(200_000, 7) }], 'Movie.2020')
  const usenet = app.backends.usenet!
  const nzbId = await usenet.addNzb('Movie.2020.nzb', Buffer.from(nzbDocument(posted)))
  const job = await filedInHistory(nzbget, usenet, nzbId)
  t.match(job, { list: 'history', state: 'failed' }, 'the unpack failed')
  const inter = join(nzbget.mainDir, 'downloads', 'inter')
  const [folder] = readdirSync(inter)
  t.equal(job?.path, join(inter, folder!), 'the folder its files are in (DestDir), not the final folder it never reached')
  t.ok(existsSync(join(job!.path!, 'Movie.2020.7z')))
  t.notOk(existsSync(join(nzbget.mainDir, 'downloads', 'dst', 'Movie.2020')), 'the final folder NZBGet names does not exist')

  // HistoryFinalDelete deletes DestDir of a job whose unpack failed (v21.0 daemon/queue/HistoryCoordinator.cpp 340-354).
  const args = { action: 'cancel', source: 'usenet', ids: [`usenet:${nzbId}`], deleteFiles: true }
  const preview = data(await call('cancel_downloads', args)).confirmation
  t.match(preview.summary, /DELETE their downloaded data from disk: "Movie\.2020" .*data: 1 file .*downloads\/nzbget\/downloads\/inter\//)
  const done = ok(await call('cancel_downloads', { ...args, confirmToken: preview.confirmToken }))
  t.notOk(existsSync(job!.path!), 'the files are gone')
  t.match(done.verified, { gone: [`downloads/nzbget/downloads/inter/${folder}`], stillThere: [] })
  t.notOk(done.next, 'nothing left to delete')
})
