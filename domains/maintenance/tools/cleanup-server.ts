// cleanup_server: removes what can be proved unneeded (our old temp files, torrents whose data is gone,
// unreferenced old download leftovers, manager entries whose media is gone) and starts the media server's
// own cache cleanup. The preview lists every target; the token is bound to that list (each file with its
// device and inode, each folder with a digest of its entries and theirs) and the confirmed call acts on
// exactly it, re-checking each target right before acting (cleanup-act.ts), then looks again before it reports
// (cleanup-confirmed.ts, lib/effects): what is said deleted is gone on that look.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { defineTool } from '../../../core/tool-types.js'
import type { CleanupTarget } from '../../../lib/library/cleanup-candidates.js'
import { nothingText, PartsSchema, uncheckedText } from '../../../lib/answers/parts.js'
import { VerifiedSchema } from '../../../lib/effects/schema.js'
import { NEXT_FIELD } from '../../../lib/answers/next-calls.js'
import { watchedCategory } from '../watched-category.js'
import { movieManager, seriesManager } from '../../chosen-client.js'
import { previewLines } from '../cleanup-preview.js'
import { findTargets, type ManagerSources } from '../cleanup-find.js'
import { cleanupActs } from '../cleanup-act.js'
import { cleanupConfirmed } from '../cleanup-confirmed.js'

// watched is asked for by name only: it deletes media people watched, never as part of "clean everything".
// usenetHistory is listed only on a stack with a Usenet client (issue 39: nothing of an unconfigured backend).
const DEFAULT_CATEGORIES = ['temp', 'orphanedTorrents', 'downloadLeftovers', 'caches', 'ghostEntries', 'usenetHistory'] as const
const CATEGORIES = [...DEFAULT_CATEGORIES, 'watched'] as const
type CategoryName = typeof CATEGORIES[number]

function inputFor (usenet: boolean) {
  const listed = (names: readonly CategoryName[]) => names.filter(c => usenet || c !== 'usenetHistory')
  const categories = listed(CATEGORIES)
  return Type.Object({
    categories: Type.Array(Type.Union(categories.map(c => Type.Literal(c))), { minItems: 1, maxItems: categories.length, default: listed(DEFAULT_CATEGORIES), description: 'Default: all but watched' }),
    olderThanHours: Type.Integer({ minimum: 0, maximum: 8760, default: 24, description: 'Min age of temp and leftovers' }),
    watchedDays: Type.Integer({ minimum: 0, maximum: 3650, default: 90, description: 'watched: days unplayed' })
  }, { additionalProperties: false })
}

const Target = Type.Object({
  category: Type.String({ description: 'One of the categories' }),
  name: Type.String({ description: 'Path, torrent/Usenet job name, task name, or series/movie title' }),
  hash: Type.Optional(Type.String({ description: 'Torrent hash' })),
  id: Type.Optional(Type.String({ description: 'Task id (caches), "series:<id>"/"movie:<id>" (ghostEntries) or "usenet:<id>"' })),
  service: Type.Optional(Type.String({ description: 'Service that owns the target' })),
  path: Type.Optional(Type.String({ description: 'The entry\'s (missing) folder (ghostEntries)' })),
  bytes: Type.Optional(Type.Number({ description: 'Bytes freed on disk (0 for torrent, Usenet and manager entries, which free no disk space); absent when unknown (caches)' })),
  reason: Type.String({ description: 'Why it is safe to remove' })
})

const outputSchema = Type.Object({
  removed: Type.Array(Target, { description: 'What was removed (caches: the media-server task that was started)' }),
  skipped: Type.Array(Type.Object({ name: Type.String({ description: 'Target' }), reason: Type.String({ description: 'Why it was left alone' }) }), { description: 'Targets that changed since the preview (or a task already running) and were left alone' }),
  failed: Type.Array(Type.Object({ name: Type.String({ description: 'Target' }), error: Type.String({ description: 'Why it was not removed' }) }), { description: 'Targets that could not be removed' }),
  bytesFreed: Type.Number({ description: 'Total bytes freed' }),
  parts: Type.Optional(PartsSchema),
  verified: Type.Optional(VerifiedSchema),
  ...NEXT_FIELD
}, { additionalProperties: false })

export default function cleanupServer (app: FastifyInstance) {
  const watched = watchedCategory(app)
  /** Each manager's ghost source on one of its instances (undefined: the default one). */
  const managers: ManagerSources = {
    Sonarr: instance => {
      const sonarr = seriesManager(app, instance)
      return { kind: 'series', service: 'Sonarr', entries: s => sonarr.listSeries(s), queue: q => sonarr.queue(q), history: q => sonarr.history(q) }
    },
    Radarr: instance => {
      const radarr = movieManager(app, instance)
      return { kind: 'movie', service: 'Radarr', entries: s => radarr.listMovies(s), queue: q => radarr.queue(q), history: q => radarr.history(q) }
    }
  }
  const confirmed = cleanupConfirmed(app, cleanupActs(app, managers, watched), watched.forget)

  return defineTool({
    name: 'cleanup_server',
    title: 'Clean up leftovers',
    description: `Frees space, removing only what is proved unneeded: our temp files, torrents whose data is gone${app.backends.usenet ? ' and imported Usenet history (entries only)' : ''}, old unreferenced download leftovers, media server caches, ghost manager entries (folder gone, files kept); if named, watched: titles all users watched, no favourite or keep tag, marked leaving soon first, then deleted by their manager. Preview + confirmToken; acts on exactly that list.`,
    inputSchema: inputFor(app.backends.usenet !== undefined),
    outputSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    changesLibrary: true,
    confirm: {
      preview: async (args, ctx) => {
        const { targets, notes, record, unanswered } = await findTargets(app, { ...args, signal: ctx.signal, managers, watched })
        const noted = notes.length ? ` Note: ${notes.join('; ')}.` : ''
        const parts = record.parts
        if (targets.length === 0) {
          // "Nothing to clean up" is said only when every category was checked; else only over the checked ones.
          const everyPartChecked = parts.every(p => p.state === 'checked')
          return { summary: '', targets, unanswered, nothingToDo: { data: { removed: [], skipped: [], failed: [], bytesFreed: 0, parts }, summary: `${everyPartChecked ? 'Nothing to clean up. ' : ''}${nothingText(parts, 'qualifies')}${noted}` } }
        }
        const unchecked = uncheckedText(parts)
        return { summary: `${previewLines(targets)}${unchecked ? ` ${unchecked}` : ''}${noted}`, targets, unanswered, data: { parts } }
      }
    },
    handler: async (_args, ctx) => await confirmed(ctx.confirmed!.targets as CleanupTarget[], ctx.signal)
  })
}
