// movie_import: imports a downloaded movie file into the library with the movie manager's ManualImport
// command (move, or hardlink/copy while the source still seeds).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../../lib/errors.js'
import { defineTool } from '../../../plugins/tool-types.js'
import { idFields, resolveOptionalId } from '../../shared/servarr-ids.js'
import {
  IMPORT_INPUTS, importData, importOutput, importPathInput, noVideoFiles, nothingToImport, rejectionReasons, runManualImport
} from '../../shared/servarr-import.js'
import { MOVIE_IDS, movieFlavour } from '../../shared/servarr-movies.js'

const input = Type.Object({
  path: importPathInput('movie_status'),
  ...idFields(MOVIE_IDS, false),
  ...IMPORT_INPUTS
}, { additionalProperties: false })

const ImportedSchema = Type.Object({
  sourcePath: Type.String({ description: 'The downloaded file' }),
  movieId: Type.Integer({ description: 'Movie it was imported into' }),
  title: Type.String({ description: 'Movie title' }),
  destinationPath: Type.Optional(Type.String({ description: 'Where the movie file now is in the library' }))
}, { additionalProperties: false, description: 'An imported file' })

const output = importOutput(ImportedSchema)

export default (app: FastifyInstance) => defineTool({
  name: 'movie_import',
  title: 'Import a downloaded movie',
  description: 'Imports a movie file from a download folder (or the file itself) into the library through the movie manager\'s manual import: it matches the file to a movie (by name, or the id you give), renames it and moves it — or, with importMode "copy", hardlinks/copies it so a torrent can keep seeding. ' +
    'Files the manager rejects are listed with reasons and left alone. Use it for downloads stuck in the queue with "importBlocked"; use movie_rescan for files already in the movie folder.',
  inputSchema: input,
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  guards: { paths: ['path'] },
  async handler (args, ctx) {
    const radarr = app.backends.radarr
    const resolved = await resolveOptionalId(movieFlavour(radarr), args.id, args.idType)
    const folder = await app.sandbox.resolve(args.path)
    const candidates = await radarr.manualImportCandidates({ folder, movieId: resolved?.item.id, signal: ctx.signal })
    if (candidates.length === 0) throw noVideoFiles(args.path, 'movie_status')
    if (resolved && candidates.length > 1) throw new ToolError(`${candidates.length} video files found at ${args.path}; with id only one file can be imported. Pass the file's own path.`)

    const files = []
    const skipped = []
    const planned = []
    for (const c of candidates) {
      const movie = resolved?.item ?? c.movie
      const reasons = rejectionReasons(c).filter(r => !resolved || !/unknown movie/i.test(r))
      if (!movie || reasons.length > 0) {
        skipped.push({ sourcePath: c.path ?? '', reasons: reasons.length ? reasons : ['No matching movie: pass id'] })
        continue
      }
      files.push({ path: c.path ?? '', movieId: movie.id, quality: c.quality, languages: c.languages ?? [], releaseGroup: c.releaseGroup ?? '', downloadId: c.downloadId ?? undefined, indexerFlags: c.indexerFlags ?? 0 })
      planned.push({ sourcePath: c.path ?? '', movie })
    }
    if (files.length === 0) throw nothingToImport(args.path, skipped, 'To name the movie yourself, pass id.')
    const { command, finished } = await runManualImport(radarr, files, args.importMode, args.waitSeconds, ctx.signal, 'movie_status')
    const imported = []
    for (const p of planned) {
      const now = finished ? await radarr.getMovie(p.movie.id) : undefined
      imported.push({ sourcePath: p.sourcePath, movieId: p.movie.id, title: p.movie.title ?? '', ...(now?.movieFile?.path ? { destinationPath: now.movieFile.path } : {}) })
    }
    return {
      data: importData(resolved, args.importMode, command, imported, skipped, finished),
      summary: finished
        ? `Imported ${imported.map(i => `"${i.title}"`).join(', ')} with mode ${args.importMode}${skipped.length ? `; skipped ${skipped.length}` : ''}.`
        : `Import started (command ${command.id}); check movie_status view "history" shortly.`
    }
  }
})
