// How cleanup_server shows its targets: the preview's one-line summary and each target without what binds the
// confirm to it internally.
import { formatBytes } from '../../core/format.js'
import type { CleanupTarget } from '../../lib/library/cleanup-candidates.js'
import { describeFolder } from '../../lib/library/title-folder.js'
import { quoted } from '../servarr/text.js'

export function previewLines (targets: CleanupTarget[]): string {
  const shown = 20
  const frees = (t: CleanupTarget) => t.bytes === undefined ? 'size unknown' : ['orphanedTorrents', 'ghostEntries', 'usenetHistory'].includes(t.category) ? 'an entry only, no disk space' : formatBytes(t.bytes)
  // A watched title: what its folder holds as this server sees it, all of which the manager deletes.
  const what = (t: CleanupTarget) => t.watched ? `${describeFolder(t.watched.folder)}, deleted whole by ${t.service}` : frees(t)
  const lines = targets.slice(0, shown).map(t => `${t.category} ${quoted(t.name, 120)} (${what(t)})`)
  const known = targets.reduce((n, t) => n + (t.bytes ?? 0), 0)
  const unknown = targets.filter(t => t.bytes === undefined).length
  return `Remove ${targets.length} item(s): ${lines.join('; ')}${targets.length > shown ? `; and ${targets.length - shown} more (see targets)` : ''}. ` +
    `Frees ${formatBytes(known)}${unknown ? ` plus what the ${unknown} item(s) of unknown size hold` : ''}.`
}

export /** A target as the answer shows it: without what binds the confirm to it internally. */
function shown ({ onDisk, watched, instance, ...t }: CleanupTarget): CleanupTarget {
  return t
}
