// cleanup_server with a Usenet client (SABnzbd simulator, sabnzbd 5.0.1): what its jobs hold is not a leftover
// (a finished job's folder, a queued job's folder by its name), a SABnzbd that does not answer stops the
// leftovers instead of letting its files pass as unreferenced; its completed jobs a manager imported are
// history to clear, entry only, after the confirm, and never their files.
import t from 'tap'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createSabnzbdSimulator } from '../../../simulators/sabnzbd/server.js'
import { data, errorText, ok } from '../../helpers/results.js'
import { age, confirmWith, put, stack } from './cleanup-stack.js'

const KEY = 'fedcba9876543210fedcba9876543210'

async function setup (t: Parameters<typeof stack>[0]) {
  // SABnzbd writes into the downloads root (its complete_dir), which it sees as /sab: PATH_MAP maps it here.
  const sab = await createSabnzbdSimulator({ apiKey: KEY, completeDir: '/sab' })
  t.teardown(() => sab.close())
  const s = await stack(t, { torrents: 'real', config: roots => ({ PATH_MAP: `/data=${roots.media},/sab=${roots.downloads}`, USENET_CLIENT_TYPE: 'sabnzbd', USENET_CLIENT_URL: sab.url, USENET_CLIENT_API_KEY: KEY }) })
  return { s, sab }
}

/** A completed SABnzbd job Sonarr imported (its history record), and cleanup_server's usenetHistory preview of it. */
async function importedJobPreview (t: Parameters<typeof stack>[0], name: string, historyId: number) {
  const { s, sab } = await setup(t)
  const job = sab.state.add(name, 1024)
  sab.state.advance(10_000)
  s.sonarr.state.history.push({ id: historyId, seriesId: 1, sourceTitle: job.name, date: new Date().toISOString(), eventType: 'downloadFolderImported', downloadId: job.nzo_id, quality: { quality: { id: 4, name: 'HDTV-720p', source: 'television', resolution: 720 }, revision: { version: 1, real: 0, isRepack: false } } as any, data: {} })
  const args = { categories: ['usenetHistory'] }
  return { s, sab, job, args, preview: await s.call(args) }
}

t.test('leftovers are judged against the Usenet client too', async t => {
  const { s, sab } = await setup(t)
  const done = sab.state.add('Show.S01E05.720p', 1024)
  const queued = sab.state.add('Movie.2024.1080p', 1024 * 1024 * 1024)
  queued.status = 'Paused' // it waits; the small one finishes
  sab.state.advance(10_000)
  t.equal(done.status, 'Completed')
  t.equal(queued.status, 'Paused')
  // A completed job's folder (its storage path), a paused job's incomplete folder (named after the job), a stray.
  put(s.roots.downloads, 'Show.S01E05.720p/Show.S01E05.720p.mkv')
  put(s.roots.downloads, 'incomplete/Movie.2024.1080p/part01.rar')
  put(s.roots.downloads, 'Old.Stray/file.mkv')
  for (const d of ['Show.S01E05.720p', 'incomplete', 'Old.Stray']) age(join(s.roots.downloads, d))

  const preview = await s.call({ categories: ['downloadLeftovers'] })
  t.same(data(preview).confirmation.targets.map((x: any) => x.name), ['downloads/Old.Stray'], 'only what no downloader holds')

  await sab.close()
  const down = await s.call({ categories: ['downloadLeftovers'] })
  t.match(down.content[0].text, /Not checked: downloadLeftovers \(a folder cannot be proved unreferenced while SABnzbd: /, 'a Usenet client that does not answer stops the leftovers')
})

t.test('completed Usenet jobs a manager imported are history to clear, entry only', async t => {
  const { s, sab } = await setup(t)
  const imported = sab.state.add('Show.S02E01.720p', 1024)
  const notImported = sab.state.add('Show.S02E02.720p', 1024)
  const failed = sab.state.add('Show.S02E03.720p', 1024, { outcome: 'unpack failed' })
  sab.state.advance(20_000)
  t.same([imported.status, notImported.status, failed.status], ['Completed', 'Completed', 'Failed'])
  put(s.roots.downloads, 'Show.S02E01.720p/Show.S02E01.720p.mkv')
  const harbor = [...s.sonarr.state.library.series.values()][0]
  // Sonarr's record of importing it (History/HistoryService.cs Handle(EpisodeImportedEvent): downloadFolderImported, the client's id).
  s.sonarr.state.history.push({ id: 9001, seriesId: harbor.id, sourceTitle: imported.name, date: new Date().toISOString(), eventType: 'downloadFolderImported', downloadId: imported.nzo_id, quality: s.sonarr.state.history[0]?.quality ?? { quality: { id: 4, name: 'HDTV-720p', source: 'television', resolution: 720 }, revision: { version: 1, real: 0, isRepack: false } } as any, data: {} })

  const args = { categories: ['usenetHistory'] }
  const preview = await s.call(args)
  const targets = data(preview).confirmation.targets
  t.match(targets, [{ category: 'usenetHistory', name: imported.name, id: `usenet:${imported.nzo_id}`, service: 'SABnzbd', bytes: 0, reason: /imported by Sonarr; only the history entry is removed/ }])
  t.equal(targets.length, 1, 'a job no manager imported, and a failed one, are not history to clear')
  t.match(preview.content[0].text, /usenetHistory "Show\.S02E01\.720p" \(an entry only, no disk space\)/)
  t.ok(sab.state.find(imported.nzo_id), 'the preview removed nothing')

  const done = ok(await confirmWith(s, args, preview))
  t.match(done.removed, [{ id: `usenet:${imported.nzo_id}` }])
  t.notOk(sab.state.find(imported.nzo_id), 'the history entry is gone')
  t.ok(sab.calls.includes('history delete'))
  t.ok(existsSync(join(s.roots.downloads, 'Show.S02E01.720p/Show.S02E01.720p.mkv')), 'its files are left')
  t.ok(sab.state.find(notImported.nzo_id) && sab.state.find(failed.nzo_id), 'the others stay')
})

t.test('a job gone from the history since the preview: the confirm is refused, nothing is removed', async t => {
  const { s, sab, job, args, preview } = await importedJobPreview(t, 'Show.S03E01.720p', 9002)
  sab.state.remove(job.nzo_id)
  t.match(errorText(await confirmWith(s, args, preview)), /changed since the preview/)
})

// Issue 35 item 13: the Usenet client down at the confirm is not the person's doing. The token is not burned with a
// false "changed since the preview": the answer names who did not answer and says the token is still valid.
t.test('a Usenet client down at the confirm keeps the token and says so', async t => {
  const { s, sab, args, preview } = await importedJobPreview(t, 'Show.S04E01.720p', 9003)
  t.equal(data(preview).confirmation.targets.length, 1)
  await sab.close()
  const first = errorText(await confirmWith(s, args, preview))
  t.notMatch(first, /changed since the preview/)
  t.match(first, /Not done yet: SABnzbd did not answer just now.*Nothing was changed, and the token stays valid until/)
  const again = errorText(await confirmWith(s, args, preview))
  t.notMatch(again, /can no longer be used|already used/, 'the token was not spent')
  t.match(again, /Not done yet/)
})
