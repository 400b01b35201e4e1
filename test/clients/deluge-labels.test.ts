// Deluge categories are its Label plugin's labels, against the real deluged + deluge-web 2.0.3 (Debian's
// deluge-common ships the plugin, off by default): with the plugin off a category is refused before anything is
// added; once it is on, an add with a category creates the label, sets it on the torrent, and the list reads it
// back as the torrent's category.
import { test } from 'tap'
import { join } from 'node:path'
import { ToolError } from '../../core/errors.js'
import { readTorrentFile } from '../../clients/qbittorrent/torrent-file.js'
import { delugeUnavailable } from '../../simulators/real-deluge.js'
import { makeRoots } from '../helpers/build.js'
import { makeTorrent, waitFor } from '../helpers/qbt-swarm.js'
import { startTorrentClient } from '../helpers/torrent-clients.js'

/** One JSON-RPC call to deluge-web as a person's browser makes it (its own session). */
async function webCall (url: string, password: string, method: string, params: unknown[]) {
  const post = (body: unknown, cookie?: string) => fetch(`${url}/json`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) })
  const login = await post({ method: 'auth.login', params: [password], id: 1 })
  const cookie = /_session_id=[^;]*/.exec(login.headers.get('set-cookie') ?? '')?.[0]
  return await (await post({ method, params, id: 2 }, cookie)).json() as { result: unknown, error: { code: number } | null }
}

test('Deluge labels as categories on the real deluged', { skip: await delugeUnavailable() }, async t => {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const running = await startTorrentClient('deluge', join(roots.base, 'client'), roots.downloads)
  t.teardown(() => running.stop())
  const { client } = running
  const src = join(roots.base, 'src')
  const show = makeTorrent(src, 'Label.Show.S01E01.mkv', 60_000)
  const movie = makeTorrent(src, 'Label.Movie.2020.mkv', 70_000)

  await t.test('plugin off: a category is refused with what to do, and nothing is added', async t => {
    t.same(await client.list(), [], 'the daemon is empty (and the web UI connected)')
    await t.rejects(client.addTorrentFile(show.torrent, { category: 'tv-sonarr' }), { constructor: ToolError, message: /Label plugin is off.*Preferences → Plugins → Label.*Nothing was added/ })
    t.same(await client.list(), [])
    const plain = await client.addTorrentFile(movie.torrent)
    t.equal((await client.list()).find(x => x.hash === plain.hash)?.category, '', 'without the plugin a torrent has no category')
  })

  await t.test('plugin on: the label is created, set, and read back as the category', async t => {
    const env = running.env
    t.same((await webCall(env.TORRENT_CLIENT_URL!, env.TORRENT_CLIENT_PASSWORD!, 'core.enable_plugin', ['Label'])).error, null)
    // deluge-web learns the plugin's methods on its PluginEnabledEvent (deluge/ui/web/json_api.py 395-412).
    await waitFor('the web UI to know label.*', async () => (await webCall(env.TORRENT_CLIENT_URL!, env.TORRENT_CLIENT_PASSWORD!, 'label.get_labels', [])).error === null ? true : undefined, 10_000)
    const { hash } = await client.addTorrentFile(show.torrent, { category: 'tv-sonarr', savePath: join(roots.downloads, 'tv') })
    t.equal(hash, readTorrentFile(show.torrent).hash)
    const listed = await client.list()
    t.equal(listed.find(x => x.hash === hash)?.category, 'tv-sonarr')
    t.equal(listed.find(x => x.hash === readTorrentFile(movie.torrent).hash)?.category, '', 'an unlabelled torrent stays without one')
    t.same((await client.list({ category: 'tv-sonarr' })).map(x => x.hash), [hash], 'the list filters by label')
    const magnet = `magnet:?xt=urn:btih:${'ab'.repeat(20)}&dn=Another`
    await client.addMagnet(magnet, { category: 'TV-Sonarr' })
    t.equal((await client.list()).find(x => x.hash === 'ab'.repeat(20))?.category, 'tv-sonarr', 'an existing label is reused, whatever its case')
    t.same((await client.list({ category: 'TV-Sonarr' })).map(x => x.hash).sort(), [hash, 'ab'.repeat(20)].sort(), 'the list finds it in the case it was added in')
    await t.rejects(client.addMagnet(`magnet:?xt=urn:btih:${'cd'.repeat(20)}`, { category: 'TV Shows!' }), { constructor: ToolError, message: /cannot be one/ })
  })
})
