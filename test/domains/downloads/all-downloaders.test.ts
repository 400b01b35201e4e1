// Every downloader at once, as a household that runs them all would configure them: the real qbittorrent-nox
// (default torrent client), the real Transmission ("tr") and Deluge ("dl") as extra torrent clients, the SABnzbd
// simulator (default Usenet client) and the real NZBGet ("news2"). Each tool reads and acts on the right one:
// download_status lists every Usenet client's jobs and the torrents of the client the call names;
// cancel_downloads finds a torrent in whichever client holds it and pauses it there only, and reaches a job on
// the extra Usenet client by its own id; a stopped client is named and the others still answer.
import { test } from 'tap'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { usenetClient } from '../../../domains/chosen-client.js'
import { buildTestApp, makeRoots } from '../../helpers/build.js'
import { torrentClientKinds } from '../../helpers/torrent-clients.js'
import { nzbgetUnavailable } from '../../helpers/nzbget-daemon.js'
import { allDownloadersSettings, CLOSED_URL, startAllDownloaders } from '../../helpers/downloader-settings.js'
import { postRelease } from '../../helpers/usenet-release.js'
import { sampleVideo } from '../../helpers/static-server.js'
import { waitFor } from '../../helpers/qbt-swarm.js'
import { data, errorText, ok } from '../../helpers/results.js'

const kinds = await torrentClientKinds()
const skip = kinds.map(k => k.skip).find(Boolean) ?? await nzbgetUnavailable()

interface Row { source: string, id: string, name: string, state: string, reason?: string, instance?: string }

test('qBittorrent, Transmission, Deluge, SABnzbd and NZBGet configured together', { skip }, async t => {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const downloaders = await startAllDownloaders(t, roots)
  const { qbt, tr, dl, nntp, sab } = downloaders

  const { app, call } = await buildTestApp(t, {
    roots,
    config: {
      ...allDownloadersSettings(downloaders, 'sabnzbd'),
      DOWNLOAD_MANAGER_URL: CLOSED_URL,
      SERIES_MANAGER_URL: CLOSED_URL,
      MOVIE_MANAGER_URL: CLOSED_URL
    }
  })

  // One magnet in each torrent client (no swarm: each waits for its metadata), one job in SABnzbd, and a release
  // NZBGet really fetches and fails (one article lost, no par2): every client holds something of its own.
  const magnets = new Map<string, { hash: string, name: string }>()
  for (const [instance, running] of [['default', qbt], ['tr', tr], ['dl', dl]] as const) {
    const hash = randomBytes(20).toString('hex')
    const name = `Together.${running.kind}.2024`
    await running.client.addMagnet(`magnet:?xt=urn:btih:${hash}&dn=${name}`)
    magnets.set(instance, { hash, name })
  }
  const sabJob = sab.state.add('Night.Train.S01E01.1080p', 8 * 1024 * 1024)
  const release = postRelease(nntp, join(roots.base, 'posts'), 'Quiet.River.2021.1080p', 'Quiet.River.2021.1080p.mp4', await sampleVideo(roots.base), { par: 'none' })
  const archive = release.posted.find(f => f.name.endsWith('.7z'))!
  nntp.lose(archive.segments[0]!.messageId)
  const news2 = usenetClient(app, 'news2')!
  const nzbgetId = await news2.addNzb('Quiet.River.2021.1080p.nzb', Buffer.from(release.nzb))
  await waitFor('NZBGet failed the release', async () => (await news2.items()).find(i => i.id === nzbgetId && i.state === 'failed') ? true : undefined, 60_000)

  t.test('download_status: both Usenet clients\' jobs, each named; the torrents of the client the call names', async t => {
    for (const [instance, magnet] of magnets) {
      await waitFor(`the magnet listed in ${instance}`, async () => {
        const rows = ok(await call('download_status', { instance })).items as Row[]
        return rows.some(r => r.source === 'torrent' && r.id === magnet.hash) ? true : undefined
      })
      const res = await call('download_status', { instance })
      const rows = data(res).items as Row[]
      t.same(rows.filter(r => r.source === 'torrent').map(r => r.id), [magnet.hash], `${instance}: only its own torrent`)
      t.same(data(res).warnings.filter((w: string) => !/manager/.test(w)), [], `${instance}: every downloader answered (only the managers, on a closed port, did not)`)
      const usenet = rows.filter(r => r.source === 'usenet').map(r => [r.name, r.state, r.instance, r.reason])
      t.same(usenet.sort(), [
        ['Night.Train.S01E01.1080p', 'fetching', 'default', undefined],
        ['Quiet.River.2021.1080p', 'failed', 'news2', 'missing articles']
      ], `${instance}: both Usenet clients' jobs, each naming its client, NZBGet's failure with its reason`)
    }
  })

  t.test('cancel_downloads: a torrent is paused in the client that holds it, and only there', async t => {
    const { hash } = magnets.get('tr')!
    const paused = ok(await call('cancel_downloads', { action: 'pause', ids: [`torrent:${hash}`] }))
    t.match(paused.changed, [{ id: `torrent:${hash}` }], 'chosen without being told which client: Transmission holds it')
    t.equal((await tr.client.list({ hashes: [hash] }))[0]?.phase, 'paused', 'paused in Transmission')
    for (const other of [qbt, dl]) {
      t.same(await other.client.list({ hashes: [hash] }), [], `${other.service} never held it`)
    }
    for (const [instance, running] of [['default', qbt], ['dl', dl]] as const) {
      t.not((await running.client.list({ hashes: [magnets.get(instance)!.hash] }))[0]?.phase, 'paused', `${running.service}'s own torrent is not paused`)
    }
    ok(await call('cancel_downloads', { action: 'resume', ids: [`torrent:${hash}`] }))
  })

  t.test('cancel_downloads: the extra Usenet client\'s job by its own id; the default one\'s untouched', async t => {
    const listed = ok(await call('cancel_downloads', { source: 'usenet' })).items as Row[]
    t.same(listed.map(i => i.id).sort(), [`usenet:${sabJob.nzo_id}`, `usenet@news2:${nzbgetId}`].sort())
    const preview = await call('cancel_downloads', { action: 'cancel', ids: [`usenet@news2:${nzbgetId}`], deleteFiles: false })
    const done = ok(await call('cancel_downloads', { action: 'cancel', ids: [`usenet@news2:${nzbgetId}`], deleteFiles: false, confirmToken: data(preview).confirmation.confirmToken }))
    t.same(done.removed.map((i: Row) => i.id), [`usenet@news2:${nzbgetId}`])
    t.notOk((await news2.items()).some(i => i.id === nzbgetId), 'gone from NZBGet')
    t.ok(sab.state.find(sabJob.nzo_id), 'the SABnzbd job is still there')
  })

  t.test('a stopped client is named; the others still answer', async t => {
    await dl.stop()
    const res = await call('download_status', { instance: 'dl' })
    t.notOk(res.isError, 'the call still answers')
    t.match(data(res).warnings.join('\n'), /Deluge/, 'the stopped Deluge is named')
    t.ok((data(res).items as Row[]).some(r => r.source === 'usenet' && r.instance === 'default'), 'the Usenet jobs are still listed')
    const elsewhere = ok(await call('download_status', { instance: 'tr' })).items as Row[]
    t.ok(elsewhere.some(r => r.id === magnets.get('tr')!.hash), 'Transmission still lists its torrent')
    t.match(errorText(await call('cancel_downloads', { action: 'pause', ids: [`torrent:${magnets.get('dl')!.hash}`], instance: 'dl' })), /Deluge .*(unreachable|could not read|did not answer|ECONNREFUSED)/, 'acting on the stopped client names it and what went wrong')
  })
})
