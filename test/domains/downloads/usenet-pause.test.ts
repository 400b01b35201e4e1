// Issue 34 item 12: pausing an NZBGet job reports the group's state as NZBGet lists it afterwards. NZBGet keeps a
// paused group DOWNLOADING while an article is still in flight (XmlRpc.cpp v21.0 DetectStatus 1974-2011), so an
// answer that reads the queue once must not pass that off as done: here the news server holds the articles, so the
// first job stays in flight (deterministically, with a long ArticleTimeout), and the second, queued behind it,
// pauses at once.
import { test } from 'tap'
import { join } from 'node:path'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { buildTestApp, makeRoots } from '../../helpers/build.js'
import { sampleVideo } from '../../helpers/static-server.js'
import { startNntpServer } from '../../helpers/nntp-server.js'
import { nzbgetUnavailable, startNzbget } from '../../helpers/nzbget-daemon.js'
import { nzbgetOnly } from '../../helpers/downloader-settings.js'
import { postRelease } from '../../helpers/usenet-release.js'

const skip = await nzbgetUnavailable()
const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }

test('NZBGet pause: a job still in flight is said to be, a queued one reads paused', { skip }, async t => {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const nntp = await startNntpServer()
  t.teardown(() => nntp.close())
  // One connection: the held job takes it, so the second job waits in the queue.
  const nzbget = await startNzbget(join(roots.downloads, 'nzbget'), nntp.port, undefined, undefined, { ArticleTimeout: '600', 'Server1.Connections': '1' })
  t.teardown(() => nzbget.stop())
  const { app } = await buildTestApp(t, {
    roots,
    config: nzbgetOnly(nzbget)
  })
  const video = await sampleVideo(roots.base)
  const first = postRelease(nntp, join(roots.base, 'posts'), 'Held.S01E01.720p', 'Held.S01E01.720p.mp4', video, { par: 'none' })
  const second = postRelease(nntp, join(roots.base, 'posts'), 'Queued.S01E02.720p', 'Queued.S01E02.720p.mp4', video, { par: 'none' })
  for (const f of [...first.posted, ...second.posted]) for (const s of f.segments) nntp.hold(s.messageId)
  const usenet = app.backends.usenet!
  const a = await usenet.addNzb('Held.S01E01.720p.nzb', Buffer.from(first.nzb))
  const b = await usenet.addNzb('Queued.S01E02.720p.nzb', Buffer.from(second.nzb))
  // Waits for the condition judged: the first job in flight (its article asked for and not answered).
  for (let i = 0; ; i++) {
    const items = await usenet.items()
    if (items.find(x => x.id === a)?.state === 'fetching' && items.find(x => x.id === b)?.state === 'queued') break
    if (i > 600) throw new Error(`NZBGet never started the first job: ${nzbget.daemon.outputTail().slice(-2000)}`)
    await new Promise(resolve => setTimeout(resolve, 100))
  }

  const res = await app.tools.call('cancel_downloads', { action: 'pause', ids: [`usenet:${a}`, `usenet:${b}`] }, ctx)
  t.notOk(res.isError, res.content[0].text)
  const text = res.content[0].text
  const changed = (res.structuredContent as { changed: Array<{ id: string, status: string }> }).changed
  const now = (await usenet.items()).filter(x => x.id === a || x.id === b).map(x => ({ id: `usenet:${x.id}`, status: x.state }))
  t.same(changed.map(c => ({ id: c.id, status: c.status })), now, 'the answer gives the states NZBGet lists after the pause')
  t.equal(changed.find(c => c.id === `usenet:${b}`)?.status, 'paused', 'the queued job reads paused')
  t.equal(changed.find(c => c.id === `usenet:${a}`)?.status, 'fetching', 'the job in flight still reads as NZBGet lists it')
  t.match(text, /NZBGet still lists "Held\.S01E01\.720p" as fetching after 5 s \(it finishes the articles already in flight first\)\. Next: follow it in the download queue: download_status \{"action":"queue"\}\./)
  t.notMatch(text, /"Queued\.S01E02\.720p" as/, 'the job that paused is not said to be pending')
})
