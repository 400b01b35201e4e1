// movie_import: imports a downloaded movie file into the library with the movie manager's ManualImport
// command (move, or hardlink/copy while a torrent still seeds). The candidates come from the download folder
// (never from GET /manualimport?movieId=… without a downloadId, which lists the movie's library files); the
// id the user names is applied here. Replacing the movie's existing file, or importing a library file, needs
// the preview/confirmToken step; the file is checked to have landed.
import { stat } from 'node:fs/promises'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { Movie } from '../../../clients/servarr/types.js'
import type { RadarrClient } from '../../../clients/servarr/client.js'
import { defineTool, type ToolContext } from '../../../core/tool-types.js'
import { idFields, resolveOptionalId } from '../../servarr/ids.js'
import {
  IMPORT_INPUTS, MATCHING_REJECTION, confirmImport, importData, importOutput, importPathInput, noVideoFiles, nothingLanded, nothingToImport,
  rejectionReasons, requireConfirmed, runManualImport, statusLook, unlistedReason, type Replacement
} from '../../servarr/import.js'
import { nextCall, nextText } from '../../../lib/answers/next-calls.js'
import { chooseMode, importSource } from '../../servarr/import-source.js'
import { lookAfterImport, readUntilLanded } from '../../servarr/import-effects.js'
import { MOVIE_IDS, movieFlavour } from '../movies.js'
import { quoted } from '../../servarr/text.js'
import { movieManager } from '../../chosen-client.js'

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

type Args = typeof input.static

/** The largest candidate (the film) and the rest (its extras), by the size the manager reports. */
function largestOnly<C extends { size?: number | null }> (found: C[]): { candidates: C[], extras: C[] } {
  const sorted = [...found].sort((a, b) => (b.size ?? 0) - (a.size ?? 0))
  return { candidates: sorted.slice(0, 1), extras: sorted.slice(1) }
}
interface Planned { sourcePath: string, movie: Movie }

export default (app: FastifyInstance) => {
  /** What the import would do on this movie manager instance, without changing anything. */
  async function plan (radarr: RadarrClient, args: Args, signal?: AbortSignal, instance?: string) {
    const resolved = await resolveOptionalId(movieFlavour(radarr), args.id, args.idType)
    const isFile = await stat(await app.sandbox.resolve(args.path)).then(s => s.isFile(), () => false)
    const source = await importSource(app, radarr, args.path, isFile, 'movie_rescan')
    const mode = chooseMode(args.importMode, source, importMode => nextCall('movie_import', { ...args, importMode, instance }, 'import a copy, leaving the torrent whole'))
    const found = (await radarr.manualImportCandidates({ folder: source.path, downloadId: source.downloadId, signal }))
      .filter(c => c.path && (c.path === source.path || c.path.startsWith(source.path + '/')))
    if (found.length === 0) throw noVideoFiles(args.path, statusLook('movie_status', instance))
    // A movie takes one file. Named by id, a download folder that also holds extras (Extras.mkv, a featurette)
    // gives the film: its largest video file; the others are listed as skipped, each importable by its own path.
    const { candidates, extras } = resolved && found.length > 1 ? largestOnly(found) : { candidates: found, extras: [] }

    const files = []
    const skipped = extras.map(c => ({ sourcePath: c.path!, reasons: [`a movie takes one file: the largest one here is imported for "${resolved?.item.title ?? 'the movie'}"; to import this one instead, pass its own path`] }))
    const planned: Planned[] = []
    for (const c of candidates) {
      const movie = resolved?.item ?? c.movie
      const reasons = rejectionReasons(c).filter(r => !resolved || !MATCHING_REJECTION.test(r))
      if (!movie || reasons.length > 0) {
        skipped.push({ sourcePath: c.path!, reasons: reasons.length ? reasons : ['No matching movie: pass id'] })
        continue
      }
      files.push({ path: c.path!, movieId: movie.id, quality: c.quality, languages: c.languages ?? [], releaseGroup: c.releaseGroup ?? '', downloadId: source.downloadId, indexerFlags: c.indexerFlags ?? 0 })
      planned.push({ sourcePath: c.path!, movie })
    }
    if (files.length === 0) throw nothingToImport(args.path, skipped, 'To name the movie yourself, pass id.')
    const replacements: Replacement[] = []
    for (const p of planned) {
      const current = (await radarr.getMovie(p.movie.id))?.movieFile?.path
      if (current && current !== p.sourcePath) replacements.push({ sourcePath: p.sourcePath, replaces: [current] })
    }
    const label = planned.map(p => `${quoted(p.sourcePath.split('/').pop())} as ${quoted(p.movie.title)}`).join(', ')
    return { resolved, mode, files, planned, skipped, replacements, sourceInLibrary: source.inLibrary, label }
  }

  const confirm = confirmImport((args: Args, ctx: ToolContext) => plan(movieManager(app, ctx.instances?.movies), args, undefined, ctx.instances?.movies))

  return defineTool({
    name: 'movie_import',
    title: 'Import a downloaded movie',
    description: 'Imports a movie file from a download via the movie manager: matched by name or your id, renamed and moved (hardlinked/copied while a torrent seeds); rejected files listed with reasons. Replacing a file: preview + confirmToken. For blocked queue imports.',
    inputSchema: input,
    outputSchema: output,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    changesLibrary: true,
    guards: { paths: ['path'] },
    confirm: { required: confirm.required, preview: confirm.preview },
    async handler (args, ctx) {
      const radarr = movieManager(app, ctx.instances?.movies)
      const p = await plan(radarr, args, ctx.signal, ctx.instances?.movies)
      requireConfirmed(confirm.destructive(p), ctx.confirmed, 'movie_import')
      const before = new Map<number, number>()
      for (const x of p.planned) before.set(x.movie.id, (await radarr.getMovie(x.movie.id))?.movieFile?.id ?? 0)
      const look = statusLook('movie_status', ctx.instances?.movies)
      const run = await runManualImport(radarr, p.files, p.mode, args.waitSeconds, ctx.signal, look)
      // The next look: the manager again (after a lost answer, until the file lands or waitSeconds pass), then the disk.
      const read = async () => new Map(await Promise.all(p.planned.map(async x => [x.movie.id, await radarr.getMovie(x.movie.id)] as const)))
      const landed = (after: Map<number, Movie | undefined>) => (x: Planned) => { const id = after.get(x.movie.id)?.movieFile?.id ?? 0; return id > 0 && id !== before.get(x.movie.id) }
      const after = run.lost ? await readUntilLanded(read, now => p.planned.every(landed(now)), args.waitSeconds, ctx.signal) : await read()
      const rows = p.planned.map(x => {
        const file = landed(after)(x) ? after.get(x.movie.id)?.movieFile : undefined
        return { ...x, replaces: p.replacements.find(r => r.sourcePath === x.sourcePath)?.replaces ?? [], ...(file?.path && { listed: { path: file.path, size: file.size } }) }
      })
      const v = await lookAfterImport(rows, { unlisted: unlistedReason('The movie manager', run), mode: p.mode, manager: 'The movie manager', history: look('history'), rescan: nextCall('movie_rescan', { id: p.planned[0].movie.id, idType: 'movieId', instance: ctx.instances?.movies }, 'make the movie manager read the folder again') })
      if (run.finished && v.done.length === 0 && rows.every(r => !r.listed)) throw nothingLanded(v.notYet, 'The movie manager', look)
      const imported = v.done.map(x => ({ sourcePath: x.sourcePath, movieId: x.movie.id, title: x.movie.title ?? '', ...(x.listed?.path ? { destinationPath: x.listed.path } : {}) }))
      const head = imported.length
        ? `Imported ${imported.map(i => quoted(i.title)).join(', ')} with mode ${p.mode}${p.skipped.length ? `; skipped ${p.skipped.length}` : ''}.`
        : run.command ? `Import not done yet (command ${run.command.id}).` : 'Import not done yet.'
      return {
        data: { ...importData(p.resolved, p.mode, run.command, imported, p.skipped, run.finished, v.notYet), verified: v.verified, ...(v.next.length && { next: v.next }) },
        summary: `${head}${v.text}${nextText(v.next)}`
      }
    }
  })
}
