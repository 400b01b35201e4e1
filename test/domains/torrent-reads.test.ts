// Reads that must see every torrent client, on two real qbittorrent-nox instances (the default one and
// "seedbox") beside the Sonarr/Radarr simulators: get_library_state finds a title's torrents in both, each
// naming its instance; the dashboard lists both clients' transfers, each client its own source; and an
// import never moves files out from under a torrent the seedbox still seeds; the stuck view reads a download's
// state from the client holding it; a download call on the managers' queues alone is not asked which client.
import { test } from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readTorrentFile } from '../../clients/qbittorrent/torrent-file.js'
import { loadDownloads } from '../../routes/api/dashboard/downloads.js'
import { startServarrStack } from '../helpers/servarr-sims.js'
import { stuckAs } from '../../simulators/servarr/stuck.js'
import { QBT_PASSWORD, clientFor, makeTorrent, startQbittorrent, swarmUnavailable, waitFor } from '../helpers/qbt-swarm.js'
import { errorText, ok } from '../helpers/results.js'

test('reads across two torrent clients', { skip: await swarmUnavailable(4) }, async t => {
  const profiles = mkdtempSync(join(tmpdir(), 'qbt-instances-'))
  const [main, seedbox] = await Promise.all(['main', 'seedbox'].map(n => startQbittorrent(join(profiles, n))))
  t.teardown(async () => { await Promise.all([main!.stop(), seedbox!.stop()]); rmSync(profiles, { recursive: true, force: true }) })
  const s = await startServarrStack(t, {
    config: {
      TORRENT_CLIENT_URL: main!.url,
      TORRENT_CLIENT_PASSWORD: QBT_PASSWORD,
      TORRENT_CLIENT_INSTANCES: 'seedbox',
      TORRENT_CLIENT_SEEDBOX_URL: seedbox!.url,
      TORRENT_CLIENT_SEEDBOX_PASSWORD: QBT_PASSWORD
    }
  })
  // Each client seeds a file already in the downloads folder (complete at once, no peers needed).
  const tv = join(s.roots.downloads, 'tv')
  const movies = join(s.roots.downloads, 'movies')
  const onSeedbox = makeTorrent(tv, 'Harbor.Lights.S01E01.1080p.mkv', 100_000)
  const onMain = makeTorrent(movies, 'Harbor.Lights.Special.2019.mkv', 90_000)
  await clientFor(seedbox!, s.roots.downloads).addTorrentFile(onSeedbox.torrent, { savePath: tv })
  await clientFor(main!, s.roots.downloads).addTorrentFile(onMain.torrent, { savePath: movies })
  const [seedboxHash, mainHash] = [onSeedbox, onMain].map(x => readTorrentFile(x.torrent).hash)
  for (const [inst, hash] of [[seedbox!, seedboxHash!], [main!, mainHash!]] as const) {
    await waitFor('torrent checked and seeding', async () => ((await clientFor(inst, s.roots.downloads).list({ hashes: [hash] }))[0]?.progress === 1 ? true : undefined))
  }

  t.test('get_library_state finds the title\'s torrents in both clients, each naming its client', async t => {
    const state = ok(await s.call('get_library_state', { title: 'Harbor Lights' }))
    t.equal(state.torrents.available, true)
    t.match(state.torrents.matches.map((m: any) => [m.name, m.instance]).sort(), [
      ['Harbor.Lights.S01E01.1080p.mkv', 'seedbox'],
      ['Harbor.Lights.Special.2019.mkv', 'default']
    ])
  })

  t.test('the dashboard lists both clients\' transfers as download_status does, each client its own source', async t => {
    // One unfinished download on each client (no data and no peers: it waits at 0 %), as a grab leaves it.
    for (const [inst, name] of [[main!, 'Quiet.Meadow.2021.mkv'], [seedbox!, 'Quiet.Meadow.S01E01.mkv']] as const) {
      const pending = makeTorrent(join(profiles, 'made'), name, 50_000)
      await clientFor(inst, s.roots.downloads).addTorrentFile(pending.torrent, { savePath: join(s.roots.downloads, 'pending') })
    }
    await waitFor('both pending torrents listed', async () => ((await loadDownloads(s.app, 5_000)).items.filter(i => i.name.startsWith('Quiet.Meadow')).length === 2 ? true : undefined))
    const section = await loadDownloads(s.app, 5_000)
    t.match(section.sources.filter(x => x.service.startsWith('Torrent client')), [
      { service: 'Torrent client "default"', available: true },
      { service: 'Torrent client "seedbox"', available: true }
    ])
    const torrents = section.items.filter(i => i.source === 'torrent')
    const queue = []
    for (const instance of ['default', 'seedbox']) queue.push(...ok(await s.call('download_status', { instance })).items.filter((i: any) => i.source === 'torrent').map((i: any) => `torrent@${instance}:${i.id}`))
    t.same(torrents.map(i => i.id).sort(), queue.sort(), 'the torrents download_status lists for each client, each naming its client')
    t.same([...new Set(torrents.map(i => i.instance))].sort(), ['default', 'seedbox'])
  })

  t.test('an import does not move files a torrent of the seedbox still holds', async t => {
    const refused = errorText(await s.call('series_import', { path: join(tv, onSeedbox.name), importMode: 'move' }))
    t.match(refused, /belong to the torrent "Harbor\.Lights\.S01E01\.1080p\.mkv", which the torrent client still holds/)
  })

  t.test('a call that does not touch the torrent clients is not asked which one', async t => {
    const harbor = [...s.sonarr.state.library.series.values()].find(x => x.title === 'Harbor Lights')!
    const [episode] = s.sonarr.state.library.bySeries.get(harbor.id)!
    const [release] = await s.app.backends.sonarr.releases({ episodeId: episode!.id })
    await s.app.backends.sonarr.grab(release!.guid!, release!.indexerId)
    await waitFor('the grab is tracked', async () => (s.sonarr.state.queue.every(q => q.tracked) ? true : undefined), 10_000)
    const listed = ok(await s.call('cancel_downloads', { source: 'series' }))
    t.equal(listed.total, s.sonarr.state.queue.length, 'the series manager\'s queue, without choosing a torrent client')
    t.notOk('instance' in listed)
    const id = `series:${s.sonarr.state.queue[0]!.id}`
    const preview = ok(await s.call('cancel_downloads', { action: 'cancel', ids: [id], deleteFiles: false }))
    ok(await s.call('cancel_downloads', { action: 'cancel', ids: [id], deleteFiles: false, confirmToken: preview.confirmation.confirmToken }))
    t.same(s.sonarr.state.queue, [], 'a manager\'s item is cancelled without naming a torrent client')
    t.notOk(ok(await s.call('download_status', { action: 'finished' })).instance, 'finished packages are the direct-download manager\'s')
    t.match(errorText(await s.call('cancel_downloads', { source: 'all' })), /Several torrent clients are configured.*one of: default, seedbox/, 'a listing with torrents still asks')
  })

  t.test('the stuck view reads a download\'s state from the torrent client holding it', async t => {
    const harbor = [...s.sonarr.state.library.series.values()].find(x => x.title === 'Harbor Lights')!
    const [episode] = s.sonarr.state.library.bySeries.get(harbor.id)!
    const [release] = await s.app.backends.sonarr.releases({ episodeId: episode!.id })
    await s.app.backends.sonarr.grab(release!.guid!, release!.indexerId)
    await waitFor('the grab is tracked', async () => (s.sonarr.state.queue.length > 0 && s.sonarr.state.queue.every(q => q.tracked) ? true : undefined), 10_000)
    // The manager still says stalled (its last look, long ago); the seedbox, which runs the download, is seeding it.
    const q = s.sonarr.state.queue[0]!
    Object.assign(q, { downloadId: seedboxHash!.toUpperCase(), stuck: stuckAs('sonarr', q.title, 'stalled'), addedAt: q.addedAt - 31 * 60_000 })
    const [row] = ok(await s.call('series_status', { view: 'stuck' })).items
    t.not(row.stuck.kind, 'stalled', 'not stalled: the seedbox holds the torrent and is seeding it')
  })

  t.test('one client down: the other\'s torrents still answer, and the missing one is named', async t => {
    await seedbox!.stop()
    const state = ok(await s.call('get_library_state', { title: 'Harbor Lights' }))
    t.match(state.torrents, { available: true, matches: [{ name: 'Harbor.Lights.Special.2019.mkv', instance: 'default' }], reason: /^Not answered: seedbox: / })
    t.match((await s.call('get_library_state', { title: 'Harbor Lights' })).content[0]!.text, /Unknown, did not answer: the torrent client "seedbox" \(/)
    t.same(state.parts.filter((p: any) => p.part.startsWith('the torrent client')).map((p: any) => [p.part, p.state]),
      [['the torrent client "default"', 'checked'], ['the torrent client "seedbox"', 'unknown']], 'each torrent client is a part of its own')
    const section = await loadDownloads(s.app, 5_000)
    t.match(section.sources.find(x => x.service === 'Torrent client "seedbox"'), { available: false, reason: /.+/ })
  })
})
