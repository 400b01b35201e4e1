// movie_import reports what the next look finds (issue 34 item 9): the manager read again and the disk looked at.
// "Imported …" only when the manager lists the new file and it is on disk; an answer lost after the import reads as
// imported; a file the manager lists but the disk lacks, or a replaced file still in place, is named with its call.
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import t from 'tap'
import { qualities } from '../../../simulators/servarr/qualities.js'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { errorText, ok } from '../../helpers/results.js'

const s = await startServarrStack(t, { sim: { downloadMs: 200, commandStepMs: 10, manualClock: true } })
const lib = s.radarr.state.library
const withoutFile = [...lib.movies.values()].filter(m => m.movieFileId === 0)
const real = (managerPath: string) => s.radarr.disk.real(managerPath)!

/** A downloaded movie file in its own folder under the downloads root. */
function download (name: string, body = 'video'): string {
  const folder = join(s.roots.downloads, name)
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, `${name}.mkv`), body)
  return folder
}

t.test('an answer lost after the manager imported the file reads as imported', async t => {
  const movie = withoutFile[0]
  const folder = download('Lost.Answer.2021.1080p.WEB-DL-GRP')
  s.radarr.faults.set('lost-answer', { match: /^\/api\/v3\/command$/, method: 'POST', count: 1 })
  const res = ok(await s.call('movie_import', { path: folder, id: movie.id, idType: 'movieId', importMode: 'copy' }))
  t.equal(res.imported.length, 1)
  t.ok(existsSync(res.imported[0].destinationPath), 'the file is in the library')
  t.same(res.failed, [])
  t.notOk(res.command, 'the command\'s answer never came')
})

t.test('a manager that lists a new file the disk does not hold: not imported, with a rescan', async t => {
  const movie = withoutFile[1]
  const quality = qualities('radarr')[0]
  // The command completes and records a file, but nothing is written where the record says.
  s.radarr.onCommand('ManualImport', () => { lib.addFile(movie, quality, 5, 'GRP', '.mkv'); return 'Completed' })
  const res = ok(await s.call('movie_import', { path: download('Not.On.Disk.2021.1080p.WEB-DL-GRP'), id: movie.id, idType: 'movieId', importMode: 'copy' }))
  t.same(res.imported, [])
  t.match(res.failed[0].reasons[0], /lists .* but it is not on disk/)
  t.match(res.next, [{ tool: 'movie_rescan', arguments: { id: movie.id, idType: 'movieId' } }])
  t.same(res.verified.notDone, [res.failed[0].sourcePath])
})

t.test('a manager that never lists the file: refused with its history', async t => {
  s.radarr.onCommand('ManualImport', () => 'Completed')
  const text = errorText(await s.call('movie_import', { path: download('Never.Listed.2021.1080p.WEB-DL-GRP'), id: withoutFile[2].id, idType: 'movieId', importMode: 'copy' }))
  t.match(text, /none of the 1 file landed/)
  t.match(text, /movie_status/)
})

t.test('a replace whose old file stays on disk says so, with the call that deletes it', async t => {
  const movie = [...lib.movies.values()].find(m => m.tmdbId === 500001)!
  const old = lib.files.get(movie.movieFileId)!
  const oldPath = real(old.path)
  if (!existsSync(oldPath)) { mkdirSync(dirname(oldPath), { recursive: true }); writeFileSync(oldPath, 'old video') }
  const quality = qualities('radarr').find(q => q.id !== old.quality.id)!
  // The manager drops its record of the old file and places the new one, but the old file stays (a recycle bin it could not write, say).
  s.radarr.onCommand('ManualImport', cmd => {
    const source = (cmd.body.files as Array<{ path: string }>)[0].path
    const added = lib.addFile(movie, quality, 5, 'GRP', '.mkv')
    lib.files.delete(old.id)
    mkdirSync(dirname(real(added.path)), { recursive: true })
    copyFileSync(real(source), real(added.path))
    return 'Completed'
  })
  const args = { path: download('Quiet.Orbit.Again.2160p.WEB-DL-GRP'), id: movie.id, idType: 'movieId', importMode: 'copy' }
  const preview = ok(await s.call('movie_import', args))
  const res = ok(await s.call('movie_import', { ...args, confirmToken: preview.confirmation.confirmToken }))
  t.equal(res.imported.length, 1, 'the new file is listed and on disk')
  t.ok(existsSync(oldPath), 'the old file is still there')
  t.match(res.verified.stillThere, [{ files: 1 }])
  t.match(res.next, [{ tool: 'manage_files', arguments: { action: 'delete' } }])
})
