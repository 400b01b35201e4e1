// Class from issue 12: every effect that deletes, replaces or overwrites user data goes through a confirm
// with a fingerprint of what will be touched, decided by what the call does, not by which tool it is.
// destructive-sites.ts scans the server's source for every call that unlinks, removes, renames over,
// truncates or writes a file, or asks a backend to delete; each site must be listed below with the confirm
// gate that covers it (a tool, which must then be annotated destructive and carry a confirm spec) or the
// reason it is safe. A new site, a count that changed, or a stale entry fails with what to do.
import t from 'tap'
import { buildTestApp } from '../helpers/build.js'
import { DESTRUCTIVE_CALLS, callLines, recursiveRemovals, scanSites } from './destructive-sites.js'

type Gate = { tools: string[] } | { safe: string } | { wrapper: string }
interface Site { file: string, call: string, count: number, gate: Gate, todo?: string }

const OWN_STATE = 'the server\'s own state file, written to a fresh temp name and renamed into place; never user data'

const SITES: Site[] = [
  // manage_files delete and cleanup_server: applyDelete; each unlink/rmdir after recheckEntry of its folder.
  { file: 'lib/library/delete-targets.ts', call: 'unlink', count: 2, gate: { wrapper: 'applyDelete()' } },
  { file: 'lib/library/delete-targets.ts', call: 'rmdir', count: 1, gate: { wrapper: 'applyDelete()' } },
  { file: 'domains/library/tools/manage-files.ts', call: 'applyDelete()', count: 1, gate: { tools: ['manage_files'] } },
  // Moves never overwrite (link()/mkdir() fail on an existing name); the unlinks remove the source only after
  // the destination holds the same inode or a verified copy, the rm()s remove our own temp files, rename is
  // the documented no-link fallback after an existence check, and rmdir removes only emptied folders.
  { file: 'lib/fs/move-file.ts', call: 'unlink', count: 4, gate: { safe: 'a move\'s source after the destination holds it, or our own just-published copy of a failed move; nothing is lost' } },
  { file: 'lib/fs/move-file.ts', call: 'rm', count: 2, gate: { safe: 'our own temp copy (tempPathFor, created O_EXCL)' } },
  { file: 'lib/fs/move-file.ts', call: 'rename', count: 1, gate: { safe: 'no-link fallback, refused when the destination exists' } },
  { file: 'lib/fs/move-tree.ts', call: 'rename', count: 1, gate: { safe: 'renames a folder onto the empty folder we just created with mkdir (which fails on any existing name)' } },
  { file: 'lib/fs/move-tree.ts', call: 'rmdir', count: 2, gate: { safe: 'rmdir removes only empty folders (our own new one, or sources emptied by the move)' } },
  { file: 'lib/fs/resume-move.ts', call: 'unlink', count: 1, gate: { safe: 'the source of a file whose destination is the same inode or proven byte-identical (a move stopped between publishing and removing the source)' } },
  { file: 'lib/fs/resume-move.ts', call: 'rm', count: 1, gate: { safe: 'our own partial copies (tempPathFor names of this move\'s files) beside the move\'s destinations' } },
  { file: 'lib/fs/resume-move.ts', call: 'rmdir', count: 1, gate: { safe: 'rmdir removes only the empty folder an interrupted folder rename made' } },
  { file: 'lib/fs/undo-moves.ts', call: 'unlink', count: 2, gate: { safe: 'the redundant second name of one inode, or a copy proven byte-identical to the original' } },
  // Media rewrites: fix_subtitles and optimize_media preview every file (size, mtime, device, inode, tracks).
  { file: 'lib/media/rewrite.ts', call: 'rename', count: 1, gate: { wrapper: 'rewriteMedia()' } },
  { file: 'lib/media/rewrite.ts', call: 'rm', count: 1, gate: { safe: 'our own temp output (tempPathFor)' } },
  { file: 'lib/media/mkv-rewrite.ts', call: 'rm', count: 1, gate: { safe: 'our own extracted and converted subtitle temp files' } },
  { file: 'lib/media/subtitle-convert.ts', call: 'writeFile', count: 2, gate: { safe: 'rewrites our own temp subtitle files (inside the rewrite)' } },
  { file: 'lib/media/media-batch.ts', call: 'rewriteMedia()', count: 1, gate: { wrapper: 'runBatchJob()' } },
  { file: 'domains/library/tools/fix-subtitles.ts', call: 'runBatchJob()', count: 1, gate: { tools: ['fix_subtitles'] } },
  { file: 'domains/maintenance/tools/optimize-media.ts', call: 'runBatchJob()', count: 1, gate: { tools: ['optimize_media'] } },
  // cleanup_server removes temp leftovers and orphaned download folders it previewed (device and inode, or a
  // digest of a folder's entries with theirs), through applyDelete as manage_files does.
  { file: 'domains/maintenance/cleanup-act.ts', call: 'applyDelete()', count: 1, gate: { tools: ['cleanup_server'] } },
  { file: 'domains/maintenance/cleanup-act.ts', call: 'torrent.remove()', count: 1, gate: { tools: ['cleanup_server'] } },
  { file: 'domains/maintenance/cleanup-act.ts', call: 'deleteSeries()', count: 1, gate: { tools: ['cleanup_server'] } },
  { file: 'domains/maintenance/cleanup-act.ts', call: 'deleteMovie()', count: 1, gate: { tools: ['cleanup_server'] } },
  // The watched category's delete (files and entry, through the manager), run only from cleanup_server's confirmed handler.
  { file: 'domains/maintenance/watched-category.ts', call: 'deleteSeries()', count: 1, gate: { tools: ['cleanup_server'] } },
  { file: 'domains/maintenance/watched-category.ts', call: 'deleteMovie()', count: 1, gate: { tools: ['cleanup_server'] } },
  // Backends asked to delete: each wrapper, then each call of it.
  { file: 'clients/servarr/sonarr.ts', call: 'HTTP DELETE', count: 1, gate: { wrapper: 'deleteSeries()' } },
  { file: 'clients/servarr/radarr.ts', call: 'HTTP DELETE', count: 1, gate: { wrapper: 'deleteMovie()' } },
  { file: 'clients/servarr/core.ts', call: 'HTTP DELETE', count: 1, gate: { wrapper: 'deleteQueueItem()' } },
  { file: 'clients/qbittorrent/client.ts', call: 'qBittorrent torrents/delete', count: 1, gate: { wrapper: 'torrent.remove()' } },
  { file: 'clients/pyload/client.ts', call: 'pyLoad delete_packages', count: 1, gate: { wrapper: 'deletePackages()' } },
  { file: 'clients/jellyfin/client.ts', call: 'HTTP DELETE', count: 1, gate: { wrapper: 'jellyfin deleteItem()' } },
  { file: 'clients/aria2/client.ts', call: 'aria2 remove', count: 2, gate: { safe: 'the aria2 wrapper itself; its only caller stops our own failed download' } },
  { file: 'domains/downloads/direct-download-run.ts', call: 'aria2 remove', count: 1, gate: { safe: 'stops the download this job started, when it failed or stalled; its partial file is ours' } },
  // download_add's own folder (issue 35 item 1): made with mkdir for this add, removed again only while empty when
  // nothing was added.
  { file: 'domains/downloads/add-folder.ts', call: 'rmdir', count: 1, gate: { safe: 'rmdir removes only the empty folder this add just made, when nothing was added into it' } },
  // With files through deleteTitleWithFiles() (the folder check), without them on their own.
  { file: 'domains/series/tools/series-remove.ts', call: 'deleteSeries()', count: 2, gate: { tools: ['series_remove'] } },
  { file: 'domains/movies/tools/movie-remove.ts', call: 'deleteMovie()', count: 2, gate: { tools: ['movie_remove'] } },
  { file: 'domains/downloads/tools/cancel-downloads.ts', call: 'deleteQueueItem()', count: 2, gate: { tools: ['cancel_downloads'] } },
  { file: 'domains/downloads/tools/cancel-downloads.ts', call: 'torrent.remove()', count: 2, gate: { tools: ['cancel_downloads'] } },
  { file: 'domains/downloads/tools/cancel-downloads.ts', call: 'usenet.remove()', count: 2, gate: { tools: ['cancel_downloads'] } },
  // A completed Usenet job's history entry, its files kept (deleteData: false), after cleanup_server's confirm.
  { file: 'domains/maintenance/usenet-history.ts', call: 'usenet.remove()', count: 1, gate: { tools: ['cleanup_server'] } },
  { file: 'domains/downloads/retry-stuck.ts', call: 'deleteQueueItem()', count: 2, gate: { tools: ['cancel_downloads'] } },
  { file: 'domains/servarr/stuck-strikes.ts', call: 'rename', count: 1, gate: { safe: OWN_STATE } },
  { file: 'domains/servarr/stuck-strikes.ts', call: 'unlink', count: 1, gate: { safe: OWN_STATE } },
  { file: 'domains/servarr/stuck-strikes.ts', call: 'writeFile', count: 1, gate: { safe: OWN_STATE } },
  { file: 'domains/servarr/replace-effects.ts', call: 'deleteQueueItem()', count: 1, gate: { tools: ['series_grab', 'movie_grab'] } },
  // Imports may replace an existing episode or movie file (issue 12, finding 7).
  { file: 'domains/series/tools/series-import.ts', call: 'Servarr runManualImport()', count: 1, gate: { tools: ['series_import'] } },
  { file: 'domains/movies/tools/movie-import.ts', call: 'Servarr runManualImport()', count: 1, gate: { tools: ['movie_import'] } },
  // The server's own state files.
  { file: 'bot/state.ts', call: 'rename', count: 1, gate: { safe: OWN_STATE } },
  { file: 'lib/fs/atomic-write.ts', call: 'writeFile', count: 1, gate: { safe: 'writes a temporary file of its own beside the server\'s state file' } },
  { file: 'lib/fs/atomic-write.ts', call: 'rename', count: 1, gate: { safe: 'puts the finished temporary file in place of the server\'s own state file' } },
  { file: 'lib/fs/atomic-write.ts', call: 'unlink', count: 2, gate: { safe: 'removes its own temporary files (a failed write\'s, or a crashed run\'s *.tmp-<pid> beside the same state file)' } },
  { file: 'lib/fs/set-aside.ts', call: 'rename', count: 1, gate: { safe: 'sets a damaged state file of the server aside as *.corrupt-<time> beside it; nothing deleted' } },
  { file: 'lib/audit/high-water.ts', call: 'writeFile', count: 1, gate: { safe: OWN_STATE } },
  { file: 'lib/notify/outbox.ts', call: 'rename', count: 1, gate: { safe: OWN_STATE } },
  { file: 'lib/notices/store.ts', call: 'rename', count: 1, gate: { safe: OWN_STATE } },
  { file: 'lib/notify/apprise.ts', call: 'writeFile', count: 1, gate: { safe: 'the apprise URL file inside a fresh private temp folder (mkdtemp, 0700); never user data' } },
  { file: 'lib/notify/apprise.ts', call: 'rm', count: 1, gate: { safe: 'removes only the URL file in that fresh private temp folder after delivery' } },
  { file: 'lib/notify/apprise.ts', call: 'rmdir', count: 1, gate: { safe: 'removes only that fresh private temp folder, when empty' } },
  { file: 'lib/setup/secrets-file.ts', call: 'rename', count: 1, gate: { safe: OWN_STATE } },
  { file: 'lib/setup/secrets-file.ts', call: 'unlink', count: 1, gate: { safe: OWN_STATE } },
  { file: 'lib/setup/secrets-file.ts', call: 'writeFile', count: 1, gate: { safe: OWN_STATE } },
  { file: 'lib/jobs/journal.ts', call: 'rename', count: 1, gate: { safe: OWN_STATE } },
  // The audit store's start-up check: copies of audit.sqlite into a private temp folder (removed after), and a
  // damaged file set aside under a new name beside it, never deleted.
  { file: 'lib/audit/integrity.ts', call: 'rm', count: 1, gate: { safe: 'removes only the copies it made for the check, in its own temporary folder' } },
  { file: 'lib/audit/integrity.ts', call: 'rmdir', count: 1, gate: { safe: 'removes its own temporary folder once emptied of its copies' } },
  { file: 'lib/audit/integrity.ts', call: 'rename', count: 1, gate: { safe: 'sets a damaged audit file aside as *.corrupt-<time> beside it; the server\'s own state, nothing deleted' } },
  { file: 'lib/audit/integrity.ts', call: 'copyFile', count: 3, gate: { safe: 'copies the server\'s own audit files (into its check folder, or aside when damaged); never writes over user data' } },
  { file: 'plugins/oauth/file-store.ts', call: 'rename', count: 1, gate: { safe: OWN_STATE } },
  { file: 'clients/aria2/daemon.ts', call: 'writeFile', count: 1, gate: { safe: 'the aria2 config file in our own state folder' } }
]

const key = (s: { file: string, call: string }) => `${s.file}|${s.call}`

t.test('every destructive call site in the source is listed with its gate', async t => {
  const found = scanSites()
  const listed = new Map(SITES.map(s => [key(s), s]))
  for (const [site, count] of found) {
    const entry = listed.get(site)
    if (!entry) {
      t.fail(`New destructive site ${site.replace('|', ': ')} (${count}×). Put it behind a confirm (preview with a fingerprint of what it touches) and list it in SITES with its gate, or list why it is safe.`)
    } else {
      t.equal(count, entry.count, `${site.replace('|', ': ')}: ${count} call(s) now, ${entry.count} listed. Check the new or removed call and update SITES.`)
    }
  }
  for (const s of SITES) {
    if (!found.has(key(s))) t.fail(`${s.file}: ${s.call} is listed but no longer found; remove or update the entry.`)
  }
  for (const s of SITES) {
    // A site covered by its wrapper is only covered if the wrapper's calls are scanned (and so listed).
    if ('wrapper' in s.gate && !(s.gate.wrapper in DESTRUCTIVE_CALLS)) t.fail(`${key(s)} names wrapper ${s.gate.wrapper}, whose calls are not scanned`)
  }
})

t.test('no recursive remove in the server\'s code: deletes go file by file through applyDelete', async t => {
  t.same(recursiveRemovals(), [], 'a recursive remove follows a subfolder swapped for a link mid-delete; delete through applyDelete (lib/library/delete-targets.ts) instead')
})

t.test('every tool named as a gate is annotated destructive and carries a confirm', async t => {
  const { app } = await buildTestApp(t)
  for (const s of SITES) {
    if (!('tools' in s.gate)) continue
    for (const name of s.gate.tools) {
      const def = app.tools.get(name)
      if (!def) {
        t.fail(`${key(s)}: gate tool ${name} is not registered`)
        continue
      }
      const ok = def.annotations.destructiveHint === true && def.confirm !== undefined
      if (s.todo && !ok) {
        t.ok(ok, `${name} (${key(s)}) is destructive with a confirm`, { todo: s.todo })
        continue
      }
      t.ok(ok, `${name} (${key(s)}) is annotated destructive and has a confirm spec`)
    }
  }
})

// Issue 24 item 2: a manager asked to delete a title with its files deletes the title's whole folder, so every such
// call goes through the one folder check (lib/library/title-folder.ts): deleteTitleWithFiles() takes only what
// checkTitleFolder() answered, and a call that is not inside it must say deleteFiles: false.
t.test('every manager delete that takes a title\'s files goes through the folder check', async t => {
  const calls = callLines(/\.(deleteSeries|deleteMovie)\(/)
  const checked = calls.filter(c => /deleteTitleWithFiles\(/.test(c.text))
  for (const c of calls) {
    if (/deleteFiles: false\b/.test(c.text) || checked.includes(c)) continue
    t.fail(`${c.file}:${c.line} asks a manager to delete a title without the folder check: ${c.text}. Pass the answer of checkTitleFolder() to deleteTitleWithFiles() (lib/library/title-folder.ts), or say deleteFiles: false.`)
  }
  t.same([...new Set(checked.map(c => c.file))].sort(), ['domains/maintenance/watched-category.ts', 'domains/movies/tools/movie-remove.ts', 'domains/series/tools/series-remove.ts'],
    'the deletes with files known today (series_remove, movie_remove, the watched cleanup) are the checked ones')
})

// Issue 24 item 2, download data: a manager's DELETE /queue with removeFromClient=true and the torrent client's
// delete with deleteFiles=true delete a download's data, so every such call goes through the one data check
// (domains/downloads/download-data.ts): deleteWithData() takes only what checkDownloadData() answered, and a
// call that is not inside it must keep the data (removeFromClient: false / deleteFiles: false).
t.test('every backend delete that takes a download\'s data goes through the data check', async t => {
  const calls = callLines(/\.deleteQueueItem\(|qbittorrent\.remove\(/)
  const checked = calls.filter(c => /deleteWithData\(/.test(c.text) && /(removeFromClient|deleteFiles): o\.(removeFromClient|deleteFiles)\b/.test(c.text))
  for (const c of calls) {
    if (/(removeFromClient|deleteFiles): false\b/.test(c.text) || checked.includes(c)) continue
    t.fail(`${c.file}:${c.line} asks a backend to delete a download's data without the data check: ${c.text}. Pass the answer of checkDownloadData() to deleteWithData() (domains/downloads/download-data.ts), or keep the data (removeFromClient: false / deleteFiles: false).`)
  }
  t.same([...new Set(checked.map(c => c.file))].sort(), ['domains/downloads/retry-stuck.ts', 'domains/downloads/tools/cancel-downloads.ts', 'domains/servarr/replace-effects.ts'],
    'the deletes with data known today (cancel_downloads cancel, purge and retry; series_grab / movie_grab replacing) are the checked ones')
})

// Issue 35 item 2: who else holds a path is one index (lib/holders/), asked by every delete with data. The data
// check's neighbours (cancel, retry, replace) come from neighboursOf(), which reads the index; the remove tools'
// folder check is handed the index; cleanup_server's references include our own moves from it.
t.test('every delete with data asks the path-holders index', async t => {
  const reads = (file: string, pattern: RegExp) => callLines(pattern).some(c => c.file === file)
  t.ok(reads('domains/downloads/cancel-items.ts', /\breadHolders\(/), 'neighboursOf() reads the index')
  for (const c of callLines(/\bcheckDownloadData\(/)) {
    if (c.file === 'domains/downloads/download-data.ts') continue
    t.ok(reads(c.file, /\bneighboursOf\(/), `${c.file}:${c.line} checks download data against neighboursOf() (the index), not a list of its own`)
  }
  for (const c of callLines(/\bfolderToDelete\(/)) {
    if (c.file === 'domains/servarr/remove.ts') continue
    t.match(c.text, /readHolders\(/, `${c.file}:${c.line} hands the folder check the index`)
  }
  t.ok(reads('domains/maintenance/cleanup-sources.ts', /\breadHolderSources\(/), 'cleanup_server\'s references are the path-holders index (issue 35 item 2)')
  t.notOk(reads('domains/maintenance/cleanup-sources.ts', /\.list\(\)|\.queue\(|listSeries|listMovies|\.items\(\)/), 'cleanup_server reads no torrent list, queue, library or Usenet job list of its own')
})
