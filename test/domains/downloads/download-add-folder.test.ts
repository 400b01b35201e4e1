// Issue 35 item 1: download_add gives every add a folder that did not exist before, with the real torrent clients
// (qbittorrent-nox 4.x, transmission-daemon 3.00, deluged 2.0.3). A name that is already a folder (a finished
// download's) is made unique and the old folder is left as it was; a top-folder name such as "complete" is refused
// and adds nothing; the torrent is saved in the new folder, as the client itself reports.
import { test } from 'tap'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { waitFor } from '../../helpers/qbt-swarm.js'
import { torrentClientKinds, torrentClientWorld } from '../../helpers/torrent-clients.js'

const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }

for (const program of await torrentClientKinds()) {
  test(`download_add saves each add in a new folder of its own (${program.label})`, { skip: program.skip }, async t => {
    const { roots, app } = await torrentClientWorld(t, program)
    const call = (args: unknown) => app.tools.call('download_add', args, ctx)
    const magnet = (name: string) => {
      const hash = randomBytes(20).toString('hex')
      return { hash, link: `magnet:?xt=urn:btih:${hash}&dn=${encodeURIComponent(name)}` }
    }
    const saved = async (hash: string) => (await waitFor('the torrent in the client', async () => (await app.backends.torrent.list({ hashes: [hash] }))[0])).savePath.replace(/\/$/, '')

    await t.test('a name that is a finished download\'s folder gets a new folder; the old one is untouched', async t => {
      const finished = join(roots.downloads, 'Film.2020')
      mkdirSync(finished)
      const film = randomBytes(4096)
      writeFileSync(join(finished, 'Film.2020.mkv'), film)
      const { hash, link } = magnet('Film.2020.mkv')
      const res = await call({ name: 'Film.2020', links: [link] })
      t.notOk(res.isError, res.content[0].text)
      t.match(res.content[0].text, /saved in the new folder "downloads\/Film\.2020 \(2\)"/)
      t.match(res.content[0].text, /A folder "Film\.2020" already existed there; it is untouched/)
      t.equal((res.structuredContent as { folder: string }).folder, 'downloads/Film.2020 (2)')
      t.equal(await saved(hash), join(roots.downloads, 'Film.2020 (2)'), 'the client itself saves it in the new folder, not the finished download\'s')
      t.same(readdirSync(finished), ['Film.2020.mkv'])
      t.same(readFileSync(join(finished, 'Film.2020.mkv')), film, 'the finished download\'s file is as it was')
    })

    await t.test('a new name: its folder is made for the add, and the next add of that name gets another', async t => {
      const first = magnet('New.Show.S01')
      const res = await call({ name: 'New.Show.S01', links: [first.link] })
      t.notOk(res.isError, res.content[0].text)
      t.equal(await saved(first.hash), join(roots.downloads, 'New.Show.S01'))
      t.notMatch(res.content[0].text, /already existed/)
      const second = magnet('New.Show.S01')
      const again = await call({ name: 'New.Show.S01', links: [second.link] })
      t.notOk(again.isError, again.content[0].text)
      t.equal(await saved(second.hash), join(roots.downloads, 'New.Show.S01 (2)'), 'two adds of one name never share a folder')
    })

    await t.test('a top folder\'s name is refused, whether it exists or not, and nothing is added', async t => {
      mkdirSync(join(roots.downloads, 'complete'), { recursive: true })
      const before = (await app.backends.torrent.list()).length
      for (const name of ['complete', 'Incomplete', 'tv-sonarr']) {
        const { link } = magnet(name)
        const res = await call({ name, links: [link] })
        t.equal(res.isError, true, name)
        t.match(res.content[0].text, /is the name of a top folder of the downloads root.*Nothing was added/)
      }
      t.equal((await app.backends.torrent.list()).length, before, 'no torrent was added')
      t.notOk(existsSync(join(roots.downloads, 'Incomplete')), 'no folder was made for a refused add')
    })
  })
}
