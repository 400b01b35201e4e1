// The real download every torrent client's test makes: a seeding qbittorrent-nox on loopback (the swarm of
// test/helpers/qbt-swarm.ts) serves a generated file, the client under test downloads it, the bytes must match,
// it seeds, and removal without data keeps the file while removal with data deletes it.
import type { Test } from 'tap'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { readTorrentFile } from '../../clients/qbittorrent/torrent-file.js'
import type { TorrentClient } from '../../clients/torrent/types.js'
import { clientFor, makeTorrent, startQbittorrent, waitFor } from './qbt-swarm.js'

export interface SwarmDownload {
  /** A scratch folder for the seeder. */
  base: string
  client: TorrentClient
  /** The client's peer port: the seeder connects to it (not every client can be told of a peer). */
  peerPort: number
  downloadsRoot: string
  /** Asked at the add and expected back in the list. */
  category?: string
  /** Registers the seeder so the test stops it. */
  track: (instance: { stop: () => Promise<void> }) => void
}

export async function downloadFromSwarm (t: Test, o: SwarmDownload) {
  const { client } = o
  const seedData = join(o.base, 'seed-data')
  const seeder = await startQbittorrent(join(o.base, 'seeder'), { localAuth: false, downloadDir: seedData })
  o.track(seeder)
  const seedClient = clientFor(seeder, seedData, 'not-needed-when-localhost-auth-is-off')
  t.teardown(() => seedClient.close())
  const movie = makeTorrent(seedData, 'Sample.Movie.2020.mkv', 2 * 1024 * 1024 + 123)
  const { hash } = readTorrentFile(movie.torrent)
  await seedClient.addTorrentFile(movie.torrent, { savePath: seedData, skipChecking: true })
  await waitFor('the seeder to seed', async () => (await seedClient.list({ hashes: [hash] }))[0]?.progress === 1 ? true : undefined)

  const savePath = join(o.downloadsRoot, 'movies')
  await client.addTorrentFile(movie.torrent, { savePath, ...(o.category ? { category: o.category } : {}) })
  // The seeder (told about the client's peer port) connects to it; DHT and LSD are off on both.
  let introduced = 0
  const done = await waitFor(`${client.service} to finish the download`, async () => {
    const [info] = await client.list({ hashes: [hash] })
    if (info?.progress === 1 && info.amountLeftBytes === 0) return info
    if (Date.now() - introduced > 3_000) {
      introduced = Date.now()
      await seedClient.addPeers([hash], [`127.0.0.1:${o.peerPort}`]).catch(() => undefined)
    }
    return undefined
  }, 60_000)
  t.match(done, { name: movie.name, savePath, contentPath: join(savePath, movie.name), ...(o.category ? { category: o.category } : {}) })
  const seeding = await waitFor('the torrent to seed', async () => (await client.list({ hashes: [hash] }))[0]?.phase === 'seeding' ? (await client.list({ hashes: [hash] }))[0] : undefined, 20_000)
  t.equal(seeding.state, 'Seeding', 'a finished download seeds')
  t.ok(readFileSync(join(savePath, movie.name)).equals(movie.bytes), 'the downloaded bytes are the seeded ones')

  await client.remove([hash], { deleteFiles: false })
  t.same(await client.list({ hashes: [hash] }), [])
  t.ok(existsSync(join(savePath, movie.name)), 'removed without data: the file stays')

  await client.addTorrentFile(movie.torrent, { savePath })
  await waitFor('the re-added torrent to check as complete', async () => ((await client.list({ hashes: [hash] }))[0]?.progress === 1 ? true : undefined), 30_000)
  await client.remove([hash], { deleteFiles: true })
  await waitFor('the data to be deleted', async () => (existsSync(join(savePath, movie.name)) ? undefined : true), 10_000)
  t.pass('removed with data: the file is gone')
}
