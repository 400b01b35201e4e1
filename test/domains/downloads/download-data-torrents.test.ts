// Two torrents over the same files on a real qbittorrent-nox (4.x and the 5.x chroot): the same file made into two
// torrents (two piece sizes, so two hashes, as a cross-seed adds it) saved to one folder share one content path.
// Cancelling one with its data would delete the other's (issue 24 item 2): refused with the other named; the
// torrent can still be cancelled with its data kept, and cancelling both together deletes the data as asked.
import { test } from 'tap'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { readTorrentFile } from '../../../clients/qbittorrent/torrent-file.js'
import { buildTestApp, makeRoots } from '../../helpers/build.js'
import { QBT_PASSWORD, crossSeedPair, qbtMajors, startQbittorrent, waitFor } from '../../helpers/qbt-swarm.js'

const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
for (const { major, name, skip } of await qbtMajors()) {
  test(`two torrents sharing one content path (${name})`, { skip }, async t => {
    const roots = makeRoots()
    t.teardown(() => roots.cleanup())
    const qbt = await startQbittorrent(join(roots.base, 'qbt'), { downloadDir: roots.downloads, major })
    t.teardown(() => qbt.stop())
    const { app } = await buildTestApp(t, { roots, config: { TORRENT_CLIENT_URL: qbt.url, TORRENT_CLIENT_PASSWORD: QBT_PASSWORD } })
    const call = (args: Record<string, unknown>) => app.tools.call('cancel_downloads', args, ctx)
    const confirmation = (r: Awaited<ReturnType<typeof call>>) => {
      if (r.isError) throw new Error(r.content[0].text)
      return (r.structuredContent as { confirmation: { confirmToken: string, summary: string } }).confirmation
    }

    const saveDir = join(roots.downloads, 'movies', 'cross')
    const { one, other: two, data } = crossSeedPair(join(roots.base, 'src'), 'Shared.Movie.2021.mkv', saveDir)
    const client = app.backends.torrent
    for (const torrent of [one.torrent, two]) await client.addTorrentFile(torrent, { savePath: saveDir })
    const [a, b] = [one.torrent, two].map(x => readTorrentFile(x).hash)
    t.not(a, b, 'two torrents')
    const listed = await waitFor('both listed', async () => {
      const all = await client.list()
      return all.length === 2 && all.every(x => x.contentPath !== '') ? all : undefined
    })
    t.equal(listed[0].contentPath, listed[1].contentPath, 'one content path')

    const refused = await call({ action: 'cancel', source: 'torrents', ids: [`torrent:${a}`] })
    t.ok(refused.isError)
    t.match(refused.content[0].text, new RegExp(`which is also the data of "Shared\\.Movie\\.2021\\.mkv" \\(torrent:${b}, at "downloads/movies/cross/Shared\\.Movie\\.2021\\.mkv"\\); deleting it would delete that download's data too\\. Nothing was changed\\.`))
    t.equal((await client.list()).length, 2, 'both torrents stay')

    // Keeping the data, one goes; the other's file is still there.
    const keep = confirmation(await call({ action: 'cancel', source: 'torrents', ids: [`torrent:${a}`], deleteFiles: false }))
    t.notOk((await call({ action: 'cancel', source: 'torrents', ids: [`torrent:${a}`], deleteFiles: false, confirmToken: keep.confirmToken })).isError)
    await waitFor('one removed', async () => (await client.list()).length === 1 ? true : undefined)
    t.ok(existsSync(data), 'the data the other torrent uses is kept')

    // Back again, and both cancelled together with their data: it goes, as asked.
    await client.addTorrentFile(one.torrent, { savePath: saveDir })
    await waitFor('re-added', async () => (await client.list()).length === 2 ? true : undefined)
    const both = confirmation(await call({ action: 'cancel', source: 'torrents', ids: [`torrent:${a}`, `torrent:${b}`] }))
    t.match(both.summary, /DELETE their downloaded data/)
    t.notOk((await call({ action: 'cancel', source: 'torrents', ids: [`torrent:${a}`, `torrent:${b}`], confirmToken: both.confirmToken })).isError)
    await waitFor('data deleted', async () => existsSync(data) ? undefined : true)
    t.equal((await client.list()).length, 0)
  })
}
