// series_import: imports downloaded episode files into the library with the series manager's
// ManualImport command (move, or hardlink/copy while the source still seeds).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../../lib/errors.js'
import { defineTool } from '../../../plugins/tool-types.js'
import { idFields, resolveOptionalId } from '../../shared/servarr-ids.js'
import {
  IMPORT_INPUTS, importData, importOutput, importPathInput, noVideoFiles, nothingToImport, rejectionReasons, runManualImport
} from '../../shared/servarr-import.js'
import { SERIES_IDS, findEpisodes, seriesFlavour } from '../../shared/servarr-series.js'
import { episodeCode } from '../../shared/servarr-text.js'

const input = Type.Object({
  path: importPathInput('series_status'),
  ...idFields(SERIES_IDS, false),
  seasonNumber: Type.Optional(Type.Integer({ minimum: 0, maximum: 500, description: 'Season, when the file name does not say (with id)' })),
  episodeNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'Episode for a single file whose name does not say (with id and seasonNumber)' })),
  ...IMPORT_INPUTS
}, { additionalProperties: false })

const ImportedSchema = Type.Object({
  sourcePath: Type.String({ description: 'The downloaded file' }),
  seriesId: Type.Integer({ description: 'Series it was imported into' }),
  seriesTitle: Type.String({ description: 'Series title' }),
  code: Type.String({ description: 'Episodes, e.g. S01E02' }),
  destinationPath: Type.Optional(Type.String({ description: 'Where the episode file now is in the library' }))
}, { additionalProperties: false, description: 'An imported file' })

const output = importOutput(ImportedSchema)

export default (app: FastifyInstance) => defineTool({
  name: 'series_import',
  title: 'Import downloaded episodes',
  description: 'Imports episode files from a download folder (or one file) into the library through the series manager\'s manual import: it matches each file to a series and episodes (by name, or by the id/seasonNumber/episodeNumber you give), renames it and moves it — or, with importMode "copy", hardlinks/copies it so a torrent can keep seeding. ' +
    'Files the manager rejects are listed with reasons and left alone. Use it for downloads stuck in the queue with "importBlocked"; use series_rescan for files already in the series folder.',
  inputSchema: input,
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  guards: { paths: ['path'] },
  async handler (args, ctx) {
    const sonarr = app.backends.sonarr
    if (args.episodeNumber !== undefined && (args.id === undefined || args.seasonNumber === undefined)) {
      throw new ToolError('episodeNumber needs id and seasonNumber too (which series and season the file belongs to).')
    }
    const resolved = await resolveOptionalId(seriesFlavour(sonarr), args.id, args.idType)
    const folder = await app.sandbox.resolve(args.path)
    const candidates = await sonarr.manualImportCandidates({ folder, seriesId: resolved?.item.id, seasonNumber: args.seasonNumber, signal: ctx.signal })
    if (candidates.length === 0) throw noVideoFiles(args.path, 'series_status')
    const override = args.episodeNumber !== undefined && resolved ? await findEpisodes(sonarr, resolved.item, args.seasonNumber!, args.episodeNumber) : undefined
    if (override && candidates.length > 1) throw new ToolError(`${candidates.length} files found at ${args.path}; episodeNumber can only name the episode of a single file. Pass the file's own path.`)

    const files = []
    const skipped = []
    const planned = []
    for (const c of candidates) {
      const series = resolved?.item ?? c.series
      const episodes = override ?? c.episodes ?? []
      // An explicit episode overrides the name-parsing rejections; other rejections (sample, not an upgrade…) still apply.
      const reasons = rejectionReasons(c).filter(r => !override || !/unknown series|determine episode|episode.*not found/i.test(r))
      if (!series || episodes.length === 0 || reasons.length > 0) {
        skipped.push({ sourcePath: c.path ?? '', reasons: reasons.length ? reasons : ['No matching series or episode: pass id, seasonNumber and episodeNumber'] })
        continue
      }
      files.push({ path: c.path ?? '', seriesId: series.id, episodeIds: episodes.map(e => e.id), quality: c.quality, languages: c.languages ?? [], releaseGroup: c.releaseGroup ?? '', downloadId: c.downloadId ?? undefined, indexerFlags: c.indexerFlags ?? 0, releaseType: c.releaseType ?? 'singleEpisode' })
      planned.push({ sourcePath: c.path ?? '', series, episodes })
    }
    if (files.length === 0) throw nothingToImport(args.path, skipped, 'To name the episode yourself, pass id, seasonNumber and episodeNumber.')
    const { command, finished } = await runManualImport(sonarr, files, args.importMode, args.waitSeconds, ctx.signal, 'series_status')

    const imported = []
    for (const p of planned) {
      const eps = finished ? await sonarr.episodes({ seriesId: p.series.id, seasonNumber: p.episodes[0].seasonNumber, includeEpisodeFile: true, signal: ctx.signal }) : []
      const dest = eps.find(e => e.id === p.episodes[0].id)?.episodeFile?.path
      imported.push({
        sourcePath: p.sourcePath,
        seriesId: p.series.id,
        seriesTitle: p.series.title ?? '',
        code: episodeCode(p.episodes[0].seasonNumber, p.episodes.map(e => e.episodeNumber)),
        ...(dest ? { destinationPath: dest } : {})
      })
    }
    const data = importData(resolved, args.importMode, command, imported, skipped, finished)
    const list = imported.map(i => `${i.seriesTitle} ${i.code}`).join(', ')
    return {
      data,
      summary: finished
        ? `Imported ${imported.length} file${imported.length === 1 ? '' : 's'} (${list}) with mode ${args.importMode}${skipped.length ? `; skipped ${skipped.length}` : ''}.`
        : `Import of ${imported.length} file${imported.length === 1 ? '' : 's'} started (command ${command.id}); check series_status view "history" shortly.`
    }
  }
})
