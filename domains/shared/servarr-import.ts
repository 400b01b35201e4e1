// Manual import through the managers' ManualImport command (not the reprocess endpoint), shared by
// series_import and movie_import: the import-mode input, the command run, and the output pieces.
import { Type, type TObject } from '@sinclair/typebox'
import { ToolError } from '../../lib/errors.js'
import type { ServarrCore } from '../../plugins/backends/servarr-core.js'
import type { Command, ManualImportCandidate } from '../../plugins/backends/servarr-types.js'
import { runCommand } from './servarr-commands.js'
import { IdUsedSchema } from './servarr-ids.js'
import { CommandSchema, toCommand } from './servarr-items.js'
import { untrusted } from './servarr-text.js'

/** The path input; `statusTool` is where the queue view lists each download's outputPath. */
export function importPathInput (statusTool: string) {
  return Type.String({ minLength: 1, maxLength: 4096, description: `Downloaded file or folder to import (under the downloads root; outputPath from ${statusTool} view "queue" works)` })
}

export const IMPORT_INPUTS = {
  importMode: Type.Union([Type.Literal('auto'), Type.Literal('move'), Type.Literal('copy')], {
    default: 'auto',
    description: 'move: move the file into the library; copy: hardlink it (or copy when the library is on another disk) so a torrent that is still seeding keeps its file; auto: the manager decides (copy for torrents it grabbed, else move)'
  }),
  waitSeconds: Type.Integer({ minimum: 1, maximum: 120, default: 30, description: 'How long to wait for the import to finish' })
}

export const SkippedSchema = Type.Object({
  sourcePath: Type.String({ description: 'File that was not imported' }),
  reasons: Type.Array(Type.String(), { description: 'Why the manager would not import it' })
}, { additionalProperties: false, description: 'A file left where it was' })

export const ImportCommonOutput = {
  importMode: Type.String({ description: 'Import mode used' }),
  command: CommandSchema,
  skipped: Type.Array(SkippedSchema, { description: 'Files found but not imported, with reasons' })
}

export function importOutput<T extends TObject> (imported: T) {
  return Type.Object({
    idUsed: Type.Optional(IdUsedSchema),
    imported: Type.Array(imported, { description: 'Files imported' }),
    finished: Type.Boolean({ description: 'False when the import was still running after waitSeconds' }),
    ...ImportCommonOutput
  }, { additionalProperties: false })
}

export function noVideoFiles (path: string, statusTool: string): ToolError {
  return new ToolError(`No video files found at ${path}. Check the path (${statusTool} view "queue" shows each download's outputPath).`)
}

/** Every candidate was skipped: list why, file by file; `hint` says what to pass to name the item. */
export function nothingToImport (path: string, skipped: Array<{ sourcePath: string, reasons: string[] }>, hint: string): ToolError {
  return new ToolError(`Nothing to import at ${path}: ${skipped.map(s => `${s.sourcePath.split('/').pop()}: ${s.reasons.join(', ')}`).join('; ')}. ${hint}`)
}

export function rejectionReasons (c: ManualImportCandidate): string[] {
  return (c.rejections ?? []).map(r => untrusted(r.reason ?? 'rejected', 200))
}

/** Runs ManualImport for the prepared files (our paths) and waits; a failed command becomes a ToolError. */
export async function runManualImport (client: ServarrCore, files: Array<Record<string, unknown> & { path: string }>, importMode: string, waitSeconds: number, signal: AbortSignal, statusTool: string) {
  const body = { name: 'ManualImport', importMode, files: files.map(f => ({ ...f, path: client.paths.toBackend(f.path) })) }
  const { command, finished } = await runCommand(client, body, waitSeconds, signal)
  if (command.status === 'failed') {
    throw new ToolError(`${client.service} could not import: ${untrusted(command.message, 300) || 'the command failed'}. Check the file with ${statusTool} view "queue", then retry.`)
  }
  return { command, finished }
}

/** The import tools' data: the id used (when one was given), the command, and what was and was not imported. */
export function importData<I> (resolved: { idUsed: { value: number, type: string } } | undefined, importMode: string, command: Command, imported: I[], skipped: Array<{ sourcePath: string, reasons: string[] }>, finished: boolean) {
  return { ...(resolved ? { idUsed: resolved.idUsed } : {}), importMode, command: toCommand(command), imported, skipped, finished }
}
