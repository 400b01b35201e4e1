// cancel_downloads through the registry against a real qbittorrent-nox (4.x and the 5.x chroot): list, the
// confirm flow for cancel and purge_duplicates, and removal of exactly the previewed items.
import { test } from 'tap'
import { copyFileSync, existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { readTorrentFile } from '../../../clients/qbittorrent/torrent-file.js'
import { buildTestApp, makeRoots } from '../../helpers/build.js'
import { QBT_PASSWORD, makeTorrent, qbtMajors, startQbittorrent, waitFor } from '../../helpers/qbt-swarm.js'

const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
for (const { major, name, skip } of await qbtMajors()) {
  test(`cancel_downloads on a real torrent client (${name})`, { skip }, async t => {
    const roots = makeRoots()
    t.teardown(() => roots.cleanup())
    const qbt = await startQbittorrent(join(roots.base, 'qbt'), { downloadDir: roots.downloads, major })
    t.teardown(() => qbt.stop())
    const { app } = await buildTestApp(t, {
      roots,
      config: {
        TORRENT_CLIENT_URL: qbt.url, TORRENT_CLIENT_PASSWORD: QBT_PASSWORD, SERIES_MANAGER_URL: 'http://127.0.0.1:9', SERIES_MANAGER_API_KEY: 'c'.repeat(32), MOVIE_MANAGER_URL: 'http://127.0.0.1:9', MOVIE_MANAGER_API_KEY: 'd'.repeat(32)
      }
    })
    const call = (args: unknown) => app.tools.call('cancel_downloads', args, ctx)

    // Two torrents of the same release (different data, so different hashes) and one other; no peers, so they wait.
    const src = join(roots.base, 'src')
    mkdirSync(join(src, 'a'), { recursive: true })
    mkdirSync(join(src, 'b'), { recursive: true })
    const one = makeTorrent(join(src, 'a'), 'Some.Show.S01E01.1080p.mkv', 100_000)
    const two = makeTorrent(join(src, 'b'), 'Some.Show.S01E01.1080p.mkv', 120_000)
    const other = makeTorrent(src, 'Other.Movie.2020.mkv', 90_000)
    const client = app.backends.torrent
    // Each in its own folder with its data already there (the data check deletes only data this server sees).
    const saved = [one, two, other].map((x, i) => join(roots.downloads, 'tv', String(i), x.name))
    for (const [i, x] of [one, two, other].entries()) {
      mkdirSync(join(roots.downloads, 'tv', String(i)), { recursive: true })
      copyFileSync(x.file, saved[i])
      await client.addTorrentFile(x.torrent, { savePath: join(roots.downloads, 'tv', String(i)) })
    }
    const hashes = [one, two, other].map(x => readTorrentFile(x.torrent).hash)
    await waitFor('torrents listed', async () => (await client.list()).length === 3 ? true : undefined)
    // qBittorrent checks the data already there: which copy is the duplicate can change until it has (a preview
    // taken meanwhile is rightly refused at the confirm, since what it showed changed).
    await waitFor('data checked', async () => (await client.list()).every(x => x.phase !== 'checking' && x.progress === 1) ? true : undefined)

    const listed = await call({ source: 'all' })
    t.notOk(listed.isError, listed.content[0].text)
    const list = listed.structuredContent as { items: Array<{ id: string }>, total: number, warnings: string[] }
    t.equal(list.total, 3)
    t.same(list.items.map(i => i.id).sort(), hashes.map(h => `torrent:${h}`).sort())
    t.equal(list.warnings.length, 2, 'the unreachable managers are reported, not fatal')

    const preview = await call({ action: 'purge_duplicates', source: 'torrents' })
    const confirmation = (preview.structuredContent as { confirmation: { confirmToken: string, targets: Array<{ id: string }> } }).confirmation
    t.equal(confirmation.targets.length, 1, 'one of the two copies is a duplicate')
    t.equal((await client.list()).length, 3, 'the preview changed nothing')
    const purged = await call({ action: 'purge_duplicates', source: 'torrents', confirmToken: confirmation.confirmToken })
    t.notOk(purged.isError, purged.content[0].text)
    t.same((purged.structuredContent as { removed: Array<{ id: string }> }).removed.map(r => r.id), [confirmation.targets[0].id])
    await waitFor('purge', async () => (await client.list()).length === 2 ? true : undefined)
    const purgedAt = saved[hashes.indexOf(confirmation.targets[0].id.slice('torrent:'.length))]
    await waitFor('purged data deleted', async () => existsSync(purgedAt) ? undefined : true)
    t.equal(saved.filter(existsSync).length, 2, 'only the purged torrent\'s data was deleted')

    const unknown = await call({ action: 'cancel', source: 'torrents', ids: [`torrent:${'0'.repeat(40)}`] })
    t.match(unknown.content[0].text, /Not found/)
    const noToken = await call({ action: 'cancel', source: 'torrents', ids: [`torrent:${hashes[2]}`] })
    const token = (noToken.structuredContent as { confirmation: { confirmToken: string } }).confirmation.confirmToken
    const otherArgs = await call({ action: 'cancel', source: 'torrents', ids: [`torrent:${hashes[2]}`], deleteFiles: false, confirmToken: token })
    t.equal(otherArgs.isError, true, 'a token only works with the previewed arguments')
    t.equal((await client.list({ hashes: [hashes[2]] })).length, 1)
    const again = await call({ action: 'cancel', source: 'torrents', ids: [`torrent:${hashes[2]}`] })
    const token2 = (again.structuredContent as { confirmation: { confirmToken: string } }).confirmation.confirmToken
    const cancelled = await call({ action: 'cancel', source: 'torrents', ids: [`torrent:${hashes[2]}`], confirmToken: token2 })
    t.notOk(cancelled.isError, cancelled.content[0].text)
    await waitFor('cancel', async () => (await client.list({ hashes: [hashes[2]] })).length === 0 ? true : undefined)
    t.equal((await client.list()).length, 1)
  })
}
