// Manual import through the managers' ManualImport command (not the reprocess endpoint), shared by
// series_import and movie_import: the import-mode input, the command run, and the output pieces.
import { Type } from '@sinclair/typebox'
import { ToolError } from '../../lib/errors.js'
import type { ServarrCore } from '../../plugins/backends/servarr-core.js'
import type { ManualImportCandidate } from '../../plugins/backends/servarr-types.js'
import { runCommand } from './servarr-commands.js'
import { CommandSchema } from './servarr-items.js'
import { untrusted } from './servarr-text.js'

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

export function rejectionReasons (c: ManualImportCandidate): string[] {
  return (c.rejections ?? []).map(r => untrusted(r.reason ?? 'rejected', 200))
}

/** Runs ManualImport for the prepared files (our paths) and waits; a failed command becomes a ToolError. */
export async function runManualImport (client: ServarrCore, files: Array<Record<string, unknown> & { path: string }>, importMode: string, waitSeconds: number, signal: AbortSignal, retryHint: string) {
  const body = { name: 'ManualImport', importMode, files: files.map(f => ({ ...f, path: client.paths.toBackend(f.path) })) }
  const { command, finished } = await runCommand(client, body, waitSeconds, signal)
  if (command.status === 'failed') {
    throw new ToolError(`${client.service} could not import: ${untrusted(command.message, 300) || 'the command failed'}. ${retryHint}`)
  }
  return { command, finished }
}
