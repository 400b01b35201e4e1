// series_import: imports downloaded episode files into the library with the series manager's ManualImport
// command (move, or hardlink/copy while a torrent still seeds). The candidates come from the download folder
// (never from GET /manualimport?seriesId=…, which lists the series' library files instead); the id, season
// and episode the user names are applied here. Replacing an existing episode file, or importing a library
// file, needs the preview/confirmToken step; each file is checked to have landed.
import { stat } from 'node:fs/promises'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../../core/errors.js'
import type { Episode, Series } from '../../../clients/servarr/types.js'
import type { SonarrClient } from '../../../clients/servarr/client.js'
import { defineTool, type ToolContext } from '../../../core/tool-types.js'
import { idFields, resolveOptionalId } from '../../servarr/ids.js'
import {
  IMPORT_INPUTS, MATCHING_REJECTION, confirmImport, importData, importOutput, importPathInput, noVideoFiles, nothingLanded, nothingToImport,
  rejectionReasons, requireConfirmed, runManualImport, statusLook, unlistedReason, type Replacement
} from '../../servarr/import.js'
import { nextCall, nextText } from '../../../lib/answers/next-calls.js'
import { chooseMode, importSource } from '../../servarr/import-source.js'
import { lookAfterImport, readUntilLanded } from '../../servarr/import-effects.js'
import { SERIES_IDS, findEpisodes, seriesFlavour } from '../series.js'
import { episodeCode, quoted } from '../../servarr/text.js'
import { seriesManager } from '../../chosen-client.js'

const input = Type.Object({
  path: importPathInput('series_status'),
  ...idFields(SERIES_IDS, false),
  seasonNumber: Type.Optional(Type.Integer({ minimum: 0, maximum: 500, description: 'Season of a file whose name lacks it' })),
  episodeNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'Episode of a single file whose name lacks it' })),
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

type Args = typeof input.static
interface Planned { sourcePath: string, series: Series, episodes: Episode[] }

export default (app: FastifyInstance) => {
  /** What the import would do on this series manager instance, without changing anything. */
  async function plan (sonarr: SonarrClient, args: Args, signal?: AbortSignal, instance?: string) {
    if (args.episodeNumber !== undefined && (args.id === undefined || args.seasonNumber === undefined)) {
      throw new ToolError('episodeNumber needs id and seasonNumber too (which series and season the file belongs to).')
    }
    const resolved = await resolveOptionalId(seriesFlavour(sonarr), args.id, args.idType)
    const isFile = await stat(await app.sandbox.resolve(args.path)).then(s => s.isFile(), () => false)
    const source = await importSource(app, sonarr, args.path, isFile, 'series_rescan')
    const mode = chooseMode(args.importMode, source, importMode => nextCall('series_import', { ...args, importMode, instance }, 'import a copy, leaving the torrent whole'))
    // With a downloadId the manager lists the whole download; keep the files under the path the user named.
    const candidates = (await sonarr.manualImportCandidates({ folder: source.path, downloadId: source.downloadId, signal }))
      .filter(c => c.path && (c.path === source.path || c.path.startsWith(source.path + '/')))
    if (candidates.length === 0) throw noVideoFiles(args.path, statusLook('series_status', instance))
    const override = args.episodeNumber !== undefined && resolved ? await findEpisodes(sonarr, resolved.item, args.seasonNumber!, args.episodeNumber, instance) : undefined
    if (override && candidates.length > 1) throw new ToolError(`${candidates.length} files found at ${args.path}; episodeNumber can only name the episode of a single file. Pass the file's own path.`)

    const files = []
    const skipped = []
    const planned: Planned[] = []
    for (const c of candidates) {
      const named = resolved?.item
      const series = named ?? c.series
      // Named episodes override the matching rejections; a named series keeps the episodes only if the manager matched the same one.
      const episodes = override ?? (named && c.series?.id !== named.id ? [] : c.episodes ?? [])
      const reasons = rejectionReasons(c).filter(r => !override || !MATCHING_REJECTION.test(r))
      if (!series || episodes.length === 0 || reasons.length > 0) {
        skipped.push({ sourcePath: c.path!, reasons: reasons.length ? reasons : ['No matching series or episode: pass id, seasonNumber and episodeNumber'] })
        continue
      }
      files.push({ path: c.path!, seriesId: series.id, episodeIds: episodes.map(e => e.id), quality: c.quality, languages: c.languages ?? [], releaseGroup: c.releaseGroup ?? '', downloadId: source.downloadId, indexerFlags: c.indexerFlags ?? 0, releaseType: c.releaseType ?? 'singleEpisode' })
      planned.push({ sourcePath: c.path!, series, episodes })
    }
    if (files.length === 0) throw nothingToImport(args.path, skipped, 'To name the episode yourself, pass id, seasonNumber and episodeNumber.')
    const replacements = await replacedFiles(sonarr, planned)
    const label = planned.map(p => `${quoted(p.sourcePath.split('/').pop())} as ${quoted(p.series.title)} ${code(p)}`).join(', ')
    return { resolved, mode, files, planned, skipped, replacements, sourceInLibrary: source.inLibrary, label }
  }

  /** The episode files each planned file would replace (the manager deletes them on import). */
  async function replacedFiles (sonarr: SonarrClient, planned: Planned[]): Promise<Replacement[]> {
    const out: Replacement[] = []
    const bySeries = new Map<number, Map<number, string>>()
    for (const p of planned) {
      const ids = [...new Set(p.episodes.map(e => e.episodeFileId ?? 0).filter(id => id > 0))]
      if (ids.length === 0) continue
      if (!bySeries.has(p.series.id)) bySeries.set(p.series.id, new Map((await sonarr.episodeFiles(p.series.id)).map(f => [f.id, f.path ?? `episode file ${f.id}`])))
      const paths = bySeries.get(p.series.id)!
      const replaces = ids.map(id => paths.get(id)).filter((x): x is string => !!x && x !== p.sourcePath)
      if (replaces.length) out.push({ sourcePath: p.sourcePath, replaces })
    }
    return out
  }

  const confirm = confirmImport((args: Args, ctx: ToolContext) => plan(seriesManager(app, ctx.instances?.series), args, undefined, ctx.instances?.series))

  return defineTool({
    name: 'series_import',
    title: 'Import downloaded episodes',
    description: 'Imports episode files from a download via the series manager: matched by name or your ids, renamed and moved (hardlinked/copied while a torrent seeds); rejected files listed with reasons. Replacing a file: preview + confirmToken. For blocked queue imports.',
    inputSchema: input,
    outputSchema: output,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    changesLibrary: true,
    guards: { paths: ['path'] },
    confirm: { required: confirm.required, preview: confirm.preview },
    async handler (args, ctx: ToolContext) {
      const sonarr = seriesManager(app, ctx.instances?.series)
      const p = await plan(sonarr, args, ctx.signal, ctx.instances?.series)
      requireConfirmed(confirm.destructive(p), ctx.confirmed, 'series_import')
      const look = statusLook('series_status', ctx.instances?.series)
      const run = await runManualImport(sonarr, p.files, p.mode, args.waitSeconds, ctx.signal, look)
      // The next look: the manager again (after a lost answer, until the files land or waitSeconds pass), then the disk.
      const read = async () => {
        const after = new Map<number, Episode>()
        for (const id of new Set(p.planned.map(x => x.series.id))) {
          for (const e of await sonarr.episodes({ seriesId: id, includeEpisodeFile: true, signal: ctx.signal })) after.set(e.id, e)
        }
        return after
      }
      // Landed: every episode of the file now has a different episode file than before the import.
      const landed = (after: Map<number, Episode>) => (x: Planned) => x.episodes.every(e => { const now = after.get(e.id)?.episodeFileId ?? 0; return now > 0 && now !== (e.episodeFileId ?? 0) })
      const after = run.lost ? await readUntilLanded(read, now => p.planned.every(landed(now)), args.waitSeconds, ctx.signal) : await read()
      const rows = p.planned.map(x => {
        const file = landed(after)(x) ? after.get(x.episodes[0].id)?.episodeFile : undefined
        return { ...x, replaces: p.replacements.find(r => r.sourcePath === x.sourcePath)?.replaces ?? [], ...(file?.path && { listed: { path: file.path, size: file.size } }) }
      })
      const v = await lookAfterImport(rows, { unlisted: unlistedReason('The series manager', run), mode: p.mode, manager: 'The series manager', history: look('history'), rescan: nextCall('series_rescan', { id: p.planned[0].series.id, idType: 'seriesId', instance: ctx.instances?.series }, 'make the series manager read the folder again') })
      if (run.finished && v.done.length === 0 && rows.every(r => !r.listed)) throw nothingLanded(v.notYet, 'The series manager', look)
      const imported = v.done.map(x => ({ sourcePath: x.sourcePath, seriesId: x.series.id, seriesTitle: x.series.title ?? '', code: code(x), ...(x.listed?.path ? { destinationPath: x.listed.path } : {}) }))
      const list = imported.map(i => `${i.seriesTitle} ${i.code}`).join(', ')
      const n = (k: number) => `${k} file${k === 1 ? '' : 's'}`
      const head = imported.length
        ? `Imported ${n(imported.length)} (${list}) with mode ${p.mode}${v.notYet.length ? `; ${n(v.notYet.length)} not in the library yet: see failed` : ''}${p.skipped.length ? `; skipped ${p.skipped.length}` : ''}.`
        : `Import of ${n(rows.length)} not done yet${run.command ? ` (command ${run.command.id})` : ''}.`
      return {
        data: { ...importData(p.resolved, p.mode, run.command, imported, p.skipped, run.finished, v.notYet), verified: v.verified, ...(v.next.length && { next: v.next }) },
        summary: `${head}${v.text}${nextText(v.next)}`
      }
    }
  })
}

function code (p: Planned): string {
  return episodeCode(p.episodes[0].seasonNumber, p.episodes.map(e => e.episodeNumber))
}
