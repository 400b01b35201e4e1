// movie_remove: removes a movie from the movie manager, optionally deleting its files. Destructive: the
// first call previews (title, path, file count, size) and returns a confirmToken.
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { defineTool } from '../../../core/tool-types.js'
import { idFields, resolveId } from '../../servarr/ids.js'
import { MOVIE_IDS, movieFlavour, movieLabel } from '../movies.js'
import { REMOVED_TAIL, assertDeletableFolder, confirmRemoval, confirmedRemoval, idUsedFor, folderOnDisk, removalSummary, removeOutput } from '../../servarr/remove.js'
import { formatBytes, quoted } from '../../servarr/text.js'

const input = Type.Object({
  ...idFields(MOVIE_IDS, true),
  deleteFiles: Type.Boolean({ default: false, description: 'Also delete its folder and files (irreversible)' }),
  addImportExclusion: Type.Boolean({ default: false, description: 'Stop import lists from adding the movie again' })
}, { additionalProperties: false })

const RemovedSchema = Type.Object({
  movieId: Type.Integer({ description: 'Id it had in the manager' }),
  tmdbId: Type.Integer({ description: 'TMDB id' }),
  title: Type.String({ description: 'Title' }),
  year: Type.Integer({ description: 'Release year' }),
  path: Type.String({ description: 'Movie folder' }),
  fileCount: Type.Integer({ description: 'Movie files it had (0 or 1)' }),
  ...REMOVED_TAIL
}, { additionalProperties: false, description: 'The movie removed' })

const output = removeOutput(RemovedSchema)

export default (app: FastifyInstance) => {
  const radarr = app.backends.radarr

  async function describe (args: { id: number, idType: string, deleteFiles: boolean }) {
    const { item, idUsed } = await resolveId(movieFlavour(radarr), args.id, args.idType)
    // Checked before anything reads the folder: the manager deletes it whole.
    if (args.deleteFiles) assertDeletableFolder(app, item.path ?? '', 'movie manager')
    const removed = {
      movieId: item.id,
      tmdbId: item.tmdbId ?? 0,
      title: item.title ?? '',
      year: item.year ?? 0,
      path: item.path ?? '',
      fileCount: item.hasFile ? 1 : 0,
      sizeBytes: item.sizeOnDisk ?? item.statistics?.sizeOnDisk ?? 0,
      deleteFiles: args.deleteFiles,
      ...(args.deleteFiles ? { folder: await folderOnDisk(item.path ?? '') } : {})
    }
    const files = { count: removed.fileCount, noun: 'file', sizeBytes: removed.sizeBytes }
    const summary = removalSummary(`${movieLabel(item)} (movieId ${item.id})`, removed.path, 'movie manager', files, args.deleteFiles, removed.folder)
    return { removed, idUsed, summary }
  }

  return defineTool({
    name: 'movie_remove',
    title: 'Remove a movie',
    description: 'Removes a movie from the movie manager (stops monitoring and downloads); deleteFiles also deletes its folder and files. Preview (title, path, files, size) + confirmToken first. Use cancel_downloads to stop only a download.',
    inputSchema: input,
    outputSchema: output,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    confirm: confirmRemoval(describe),
    async handler (args, ctx) {
      const removed = confirmedRemoval<Static<typeof RemovedSchema>>(ctx.confirmed, 'movie_remove')
      const d = { removed, idUsed: idUsedFor(MOVIE_IDS, removed.movieId, args) }
      await radarr.deleteMovie(d.removed.movieId, { deleteFiles: args.deleteFiles, addImportExclusion: args.addImportExclusion })
      return {
        data: { idUsed: d.idUsed, removed: d.removed },
        summary: `Removed ${quoted(d.removed.title)} from the movie manager${args.deleteFiles ? ` and had it delete its folder ${quoted(d.removed.path)} (${d.removed.folder?.files ?? 0} files, ${formatBytes(d.removed.folder?.bytes ?? 0)})` : '; its files stay on disk'}.`
      }
    }
  })
}
