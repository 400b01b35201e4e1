// Issue 34 item 9 for cleanup_server: the confirmed call looks again before it reports (lib/effects). "Deleted 1
// file" counts only what is gone on that look; a file the disk refused to delete, and a torrent the client kept
// after answering "ok", are named as still there with what to do; a manager that removed an entry and died
// before answering reads as done. Structured content carries the same `verified` record as the other tools.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildTestApp } from '../../helpers/build.js'
import { toolContext } from '../../helpers/sim-app.js'
import { data, ok, text } from '../../helpers/results.js'
import { readTorrentFile } from '../../../clients/qbittorrent/torrent-file.js'
import { makeTorrent, qbtMajors, waitFor } from '../../helpers/qbt-swarm.js'
import { qualities } from '../../../simulators/servarr/qualities.js'
import { age, confirmWith, stack } from './cleanup-stack.js'

const TEMP = '.Show - S01E01.mkv.0123456789ab.msmcp.tmp'

/**
 * Makes `file` impossible to delete for this process, by a cause that holds for its user: a folder without write
 * permission for an ordinary user (root ignores it), the immutable attribute for root (which needs
 * CAP_LINUX_IMMUTABLE and a file system that keeps it). Answers how to undo it.
 */
function pinDown (file: string): () => void {
  const folder = join(file, '..')
  if (process.getuid?.() !== 0) {
    chmodSync(folder, 0o555)
    return () => chmodSync(folder, 0o755)
  }
  execFileSync('chattr', ['+i', file], { stdio: 'ignore' })
  return () => execFileSync('chattr', ['-i', file], { stdio: 'ignore' })
}

/** Why no file can be made undeletable here, or undefined when one can (tried on a scratch file). */
function cannotPinDown (): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'pin-'))
  const file = join(dir, 'probe')
  writeFileSync(file, 'x')
  try {
    pinDown(file)()
    return undefined
  } catch {
    return 'running as root without a way to make a file undeletable (chattr +i refused: no CAP_LINUX_IMMUTABLE, or the file system does not keep it)'
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

t.test('a temp file the disk refuses to delete: the other is said deleted, this one named as still there', { skip: cannotPinDown() }, async t => {
  const { app, roots } = await buildTestApp(t)
  const gone = join(roots.media, 'tv/Show/Season 01', TEMP)
  const stuck = join(roots.media, 'tv/Stuck/Season 01', TEMP)
  for (const [f, content] of [[gone, 'partial'], [stuck, 'stuck partial']] as const) {
    mkdirSync(join(f, '..'), { recursive: true })
    writeFileSync(f, content)
  }
  age(join(roots.media, 'tv'))
  const call = (args: Record<string, unknown>) => app.tools.call('cleanup_server', args, toolContext())
  const args = { categories: ['temp'] }
  const preview = await call(args)
  t.same(data(preview).confirmation.targets.map((x: { name: string }) => x.name).sort(), [`tv/Show/Season 01/${TEMP}`, `tv/Stuck/Season 01/${TEMP}`])

  const undo = pinDown(stuck)
  let done
  try {
    done = await confirmWith({ call } as Parameters<typeof confirmWith>[0], args, preview)
  } finally {
    undo()
  }
  const result = ok(done)
  t.notOk(existsSync(gone), 'the deletable one is gone')
  t.ok(existsSync(stuck), 'the other is still there')
  t.match(text(done), /^Deleted 1 file \(7 B\)\. Done with 1 of 2 item\(s\), 7 B freed\./, 'only what is gone is said deleted')
  t.match(text(done), `1 file (13 B) of "tv/Stuck/Season 01/${TEMP}" could not be deleted and is still there: the disk refused to delete it (E`)
  t.notMatch(text(done), roots.media, 'no absolute path of this server')
  t.same(result.bytesFreed, 7)
  t.same(result.verified, { gone: [`tv/Show/Season 01/${TEMP}`], stillThere: [{ path: `tv/Stuck/Season 01/${TEMP}`, files: 1, bytes: 13 }], notDone: [], unknown: [] })
  t.match(result.failed, [{ name: `tv/Stuck/Season 01/${TEMP}`, error: /^1 file \(13 B\) still there: the disk refused/ }])
  t.same(result.next, [{ tool: 'manage_files', arguments: { action: 'delete', paths: [`tv/Stuck/Season 01/${TEMP}`] }, why: result.next[0].why }])
})

t.test('a ghost entry whose manager removed it and died before answering reads as removed', async t => {
  const s = await stack(t, { torrents: 'unreachable' })
  const b = s.app.backends
  const profile = (await b.sonarr.qualityProfiles())[0]!.id
  const taken = new Set([...s.sonarr.state.library.series.values()].map(x => x.tvdbId))
  const c = [...s.sonarr.state.library.catalogue.values()].find(x => !taken.has(x.tvdbId))!
  const ghost = await b.sonarr.addSeries({ tvdbId: c.tvdbId, title: c.title, year: c.year, qualityProfileId: profile, rootFolderPath: join(s.roots.media, 'tv'), monitored: true, seasonFolder: true, addOptions: { monitor: 'all' } })
  // Its files were imported once (history), its folder is gone; another folder shows the share is mounted.
  s.sonarr.state.history.push({ id: 90_001, seriesId: ghost.id, sourceTitle: 'Old.Release.S01E01.mkv', date: new Date(Date.now() - 86_400_000).toISOString(), eventType: 'downloadFolderImported', quality: qualities('sonarr')[0]!, data: {} })
  mkdirSync(join(s.roots.media, 'tv', 'Another Show (2001)'), { recursive: true })
  const args = { categories: ['ghostEntries'] }
  const preview = await s.call(args)
  t.same(data(preview).confirmation.targets.map((x: { id: string }) => x.id), [`series:${ghost.id}`])

  // Sonarr deletes the series, then the connection closes before its answer.
  s.sonarr.faults.set('lost-answer', { match: /^\/api\/v3\/series\/\d+$/, method: 'DELETE', count: 1 })
  const done = await confirmWith(s, args, preview)
  const result = ok(done)
  t.equal(s.sonarr.faults.hits, 1, 'the delete was answered by the fault')
  t.notOk(await b.sonarr.getSeries(ghost.id), 'the series is gone from the manager')
  t.same(result.failed, [], 'not reported as failed')
  t.same(result.removed.map((x: { id: string }) => x.id), [`series:${ghost.id}`])
  t.match(text(done), /^Removed 1 entry from Sonarr\./)
  t.same(result.verified, { gone: [], stillThere: [], notDone: [], unknown: [] })
  t.same(s.violations(), [])
})

for (const { major, name, skip } of await qbtMajors()) {
  t.test(`a torrent the client keeps after answering "ok", and one whose answer was lost after the delete (${name})`, { skip }, async t => {
    const s = await stack(t, { torrents: 'real', major })
    const { roots } = s
    const torrents = s.app.backends.torrent
    const src = join(roots.base, 'src')
    const kept = makeTorrent(join(src, 'a'), 'Kept.Movie.2019.mkv', 30_000)
    const lost = makeTorrent(join(src, 'b'), 'Lost.Movie.2020.mkv', 20_000)
    for (const x of [kept, lost]) {
      copyFileSync(x.file, join(roots.downloads, x.file.split('/').at(-1)!))
      await torrents.addTorrentFile(x.torrent, { savePath: roots.downloads, skipChecking: true })
    }
    await waitFor('two complete torrents', async () => {
      const list = await torrents.list()
      return list.length === 2 && list.every(x => x.progress === 1 && x.phase !== 'checking') ? true : undefined
    })
    for (const x of [kept, lost]) rmSync(join(roots.downloads, x.file.split('/').at(-1)!))
    const [keptHash, lostHash] = [readTorrentFile(kept.torrent).hash, readTorrentFile(lost.torrent).hash]
    const args = { categories: ['orphanedTorrents'] }
    const preview = await s.call(args)
    t.same(data(preview).confirmation.targets.map((x: { hash: string }) => x.hash).sort(), [keptHash, lostHash].sort())

    // The client answers "ok" for one and keeps it (as qBittorrent answers 200 to torrents/delete for a hash it does
    // not act on); for the other it deletes, and the answer is lost (the connection drops).
    const original = torrents.remove.bind(torrents)
    torrents.remove = async (hashes, o) => {
      if (hashes.includes(keptHash)) return
      await original(hashes, o)
      throw new Error('socket hang up')
    }
    t.teardown(() => { torrents.remove = original })
    const done = await confirmWith(s, args, preview)
    const result = ok(done)
    const left = (await torrents.list()).map(x => x.hash)
    t.same(left, [keptHash], 'the client still holds the one it answered "ok" for')
    t.same(result.removed.map((x: { hash: string }) => x.hash), [lostHash], 'the lost answer reads as what the look shows: removed')
    t.match(result.failed, [{ name: 'Kept.Movie.2019.mkv', error: /^qBittorrent still holds it after the request/ }])
    t.same(result.verified.notDone, [`torrent:${keptHash}`])
    t.same(result.verified.unknown, [])
    t.match(text(done), /^Removed 1 entry from qBittorrent\. Done with 1 of 2 item\(s\)/)
    t.match(text(done), 'qBittorrent still holds "Kept.Movie.2019.mkv" after the request.')
    t.same(result.next, [{ tool: 'cleanup_server', arguments: { categories: ['orphanedTorrents'] }, why: result.next[0].why }])
    t.same(s.violations(), [])
  })
}
