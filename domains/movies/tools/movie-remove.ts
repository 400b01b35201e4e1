// movie_remove: removes a movie from the movie manager, optionally deleting its files. Destructive: the
// first call previews (title, path, file count, size) and returns a confirmToken.
import { readHolders } from '../../../lib/holders/read-holders.js'
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { defineTool, type ToolContext } from '../../../core/tool-types.js'
import { idFields, resolveId } from '../../servarr/ids.js'
import { MOVIE_IDS, movieFlavour, movieLabel } from '../movies.js'
import { REMOVED_TAIL, confirmRemoval, confirmedRemoval, folderToDelete, idUsedFor, removalSummary, removeOutput, removeVerified } from '../../servarr/remove.js'
import { quoted } from '../../servarr/text.js'
import { deleteTitleWithFiles } from '../../../lib/library/title-folder.js'
import { movieManager } from '../../chosen-client.js'
import { nextCall } from '../../../lib/answers/next-calls.js'

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
  async function describe (args: { id: number, idType: string, deleteFiles: boolean }, ctx: ToolContext) {
    const radarr = movieManager(app, ctx.instances?.movies)
    const { item, idUsed } = await resolveId(movieFlavour(radarr), args.id, args.idType)
    const sizeBytes = item.sizeOnDisk ?? item.statistics?.sizeOnDisk ?? 0
    // Checked before anything reads the folder: the manager deletes it whole.
    const folder = args.deleteFiles
      ? await folderToDelete(app.sandbox, { id: item.id, title: movieLabel(item), path: item.path, trackedBytes: sizeBytes, manager: 'the movie manager', rescan: nextCall('movie_rescan', { id: item.id, idType: 'movieId', instance: ctx.instances?.movies }, 'have it rescan the folder') }, () => radarr.listMovies(undefined, { fresh: true }), () => readHolders({ backends: app.backends, jobs: app.jobs, signal: ctx.signal }))
      : undefined
    const removed = {
      movieId: item.id,
      tmdbId: item.tmdbId ?? 0,
      title: item.title ?? '',
      year: item.year ?? 0,
      path: item.path ?? '',
      fileCount: item.hasFile ? 1 : 0,
      sizeBytes,
      deleteFiles: args.deleteFiles,
      ...(folder ? { folder } : {})
    }
    const files = { count: removed.fileCount, noun: 'file', sizeBytes: removed.sizeBytes }
    const summary = removalSummary(`${movieLabel(item)} (movieId ${item.id})`, removed.path, 'movie manager', files, folder)
    return { removed, idUsed, summary }
  }

  return defineTool({
    name: 'movie_remove',
    title: 'Remove a movie',
    description: 'Removes a movie from the movie manager (stops monitoring and downloads); deleteFiles also deletes its folder and files. Preview + confirmToken first. Use cancel_downloads to stop only a download.',
    inputSchema: input,
    outputSchema: output,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    changesLibrary: args => args.deleteFiles === true,
    confirm: confirmRemoval(describe),
    async handler (args, ctx) {
      const radarr = movieManager(app, ctx.instances?.movies)
      const removed = confirmedRemoval<Static<typeof RemovedSchema>>(ctx.confirmed, 'movie_remove')
      const d = { removed, idUsed: idUsedFor(MOVIE_IDS, removed.movieId, args) }
      const folder = d.removed.folder
      const id = d.removed.movieId
      const r = await removeVerified({
        id: `movies:${id}`,
        title: d.removed.title,
        instance: ctx.instances?.movies,
        manager: 'the movie manager',
        headline: `Removed ${quoted(d.removed.title)} from the movie manager`,
        folder,
        request: async () => {
          if (folder) await deleteTitleWithFiles(folder, args.addImportExclusion, { movie: o => radarr.deleteMovie(id, o) })
          else await radarr.deleteMovie(id, { deleteFiles: false, addImportExclusion: args.addImportExclusion })
        },
        stillListed: async () => (await radarr.listMovies(undefined, { fresh: true })).some(x => x.id === id)
      })
      return {
        data: { idUsed: d.idUsed, removed: d.removed, verified: r.verified, ...(r.next.length ? { next: r.next } : {}) },
        summary: r.summary
      }
    }
  })
}
