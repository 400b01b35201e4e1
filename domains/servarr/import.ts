// Manual import through the managers' ManualImport command (not the reprocess endpoint), shared by
// series_import and movie_import: the import-mode input, the command run, and the output pieces.
import { Type, type TObject } from '@sinclair/typebox'
import { ToolError } from '../../core/errors.js'
import type { ServarrCore } from '../../clients/servarr/core.js'
import type { ToolContext } from '../../core/tool-types.js'
import type { Command, ManualImportCandidate } from '../../clients/servarr/types.js'
import { runCommand } from './commands.js'
import { VerifiedSchema } from '../../lib/effects/schema.js'
import { IdUsedSchema } from './ids.js'
import { CommandSchema, toCommand } from './items.js'
import { untrusted } from './text.js'
import { describeError } from '../../lib/effects/effects.js'
import { NEXT_FIELD, nextCall, refusal, type NextCall } from '../../lib/answers/next-calls.js'

/** The path input; `statusTool` is where the queue view lists each download's outputPath. */
export function importPathInput (statusTool: string) {
  return Type.String({ minLength: 1, maxLength: 4096, description: `Downloaded file or folder (e.g. a ${statusTool} queue row's outputPath)` })
}

export const IMPORT_INPUTS = {
  importMode: Type.Union([Type.Literal('auto'), Type.Literal('move'), Type.Literal('copy')], {
    default: 'auto',
    description: 'move, copy (hardlink or copy: a seeding torrent keeps its file) or auto'
  }),
  waitSeconds: Type.Integer({ minimum: 1, maximum: 120, default: 30, description: 'Seconds to wait for the import' })
}

export const SkippedSchema = Type.Object({
  sourcePath: Type.String({ description: 'File that was not imported' }),
  reasons: Type.Array(Type.String(), { description: 'Why the manager would not import it' })
}, { additionalProperties: false, description: 'A file left where it was' })

export const ImportCommonOutput = {
  importMode: Type.String({ description: 'Import mode used' }),
  command: Type.Optional(CommandSchema),
  skipped: Type.Array(SkippedSchema, { description: 'Files found but not imported, with reasons' }),
  failed: Type.Array(SkippedSchema, { description: 'Files sent to the manager that are not in the library yet, each with why (not listed, not on disk)' }),
  verified: Type.Optional(VerifiedSchema),
  ...NEXT_FIELD
}

/** A file that would replace what the library has, or is itself a library file: shown before anything happens. */
export interface Replacement { sourcePath: string, replaces: string[] }

/**
 * The confirm step of the import tools: needed only when the import replaces an existing library file or
 * takes a library file as its source; the token binds exactly those files. `plan` changes nothing.
 */
export function confirmImport<A> (plan: (args: A, ctx: ToolContext) => Promise<{ replacements: Replacement[], sourceInLibrary: boolean, label: string }>) {
  const destructive = (p: { replacements: Replacement[], sourceInLibrary: boolean }) => p.replacements.length > 0 || p.sourceInLibrary
  return {
    required: async (args: A, ctx: ToolContext) => destructive(await plan(args, ctx)),
    preview: async (args: A, ctx: ToolContext) => {
      const p = await plan(args, ctx)
      const replaced = p.replacements.flatMap(r => r.replaces)
      return {
        summary: `Import ${p.label}${p.sourceInLibrary ? ' from a file that is already in the library (another title loses it if it was theirs)' : ''}` +
          `${replaced.length ? `; it REPLACES ${replaced.length} existing library file${replaced.length > 1 ? 's' : ''} (${replaced.join(', ')}), which the manager deletes` : ''}.`,
        targets: { replacements: p.replacements, sourceInLibrary: p.sourceInLibrary }
      }
    },
    destructive
  }
}

/** Refuses to go on when the plan became destructive after the registry decided no confirmation was needed. */
export function requireConfirmed (destructive: boolean, confirmed: unknown, tool: string): void {
  if (destructive && !confirmed) {
    throw new ToolError(`This import now replaces an existing library file (it did not a moment ago). Nothing was changed; call ${tool} again to get a preview and a confirmToken.`)
  }
}

/** The manager's view (`history`, `queue`) a message sends the caller to, as a complete call (statusLook). */
export type StatusLook = (view: 'history' | 'queue') => NextCall

/** The status tool's view on the instance the call ran on. */
export const statusLook = (statusTool: string, instance: string | undefined): StatusLook => view =>
  nextCall(statusTool, { view, instance }, view === 'history' ? 'see what the manager recorded' : 'see each download\'s outputPath')

export function nothingLanded (failed: Array<{ sourcePath: string }>, manager: string, look: StatusLook): ToolError {
  return refusal(`${manager} finished the import command, but none of the ${failed.length} file${failed.length > 1 ? 's' : ''} landed in the library (${failed.map(f => f.sourcePath.split('/').pop()).join(', ')}). ` +
    'It writes why only to its log (System → Logs): usually the destination file already exists or the root folder is missing. Check its history, fix that, then retry.', [look('history')])
}

export function importOutput<T extends TObject> (imported: T) {
  return Type.Object({
    idUsed: Type.Optional(IdUsedSchema),
    imported: Type.Array(imported, { description: 'Files imported' }),
    finished: Type.Boolean({ description: 'False when the import was still running after waitSeconds' }),
    ...ImportCommonOutput
  }, { additionalProperties: false })
}

export function noVideoFiles (path: string, look: StatusLook): ToolError {
  return refusal(`No video files found at ${path}. Check the path (the queue view shows each download's outputPath).`, [look('queue')])
}

/** Every candidate was skipped: list why, file by file; `hint` says what to pass to name the item. */
export function nothingToImport (path: string, skipped: Array<{ sourcePath: string, reasons: string[] }>, hint: string): ToolError {
  return new ToolError(`Nothing to import at ${path}: ${skipped.map(s => `${s.sourcePath.split('/').pop()}: ${s.reasons.join(', ')}`).join('; ')}. ${hint}`)
}

export function rejectionReasons (c: ManualImportCandidate): string[] {
  return (c.rejections ?? []).map(r => untrusted(r.reason ?? 'rejected', 200))
}

/** A command whose answer was lost: the words kept for the answer; the next look (import-effects.ts) decides what happened. */
const lostAnswer = (err: unknown) => `its answer to the import command was lost (${describeError(err)})`

/** Runs ManualImport for the prepared files (our paths) and waits; a failed command becomes a ToolError. */
export async function runManualImport (client: ServarrCore, files: Array<Record<string, unknown> & { path: string }>, importMode: string, waitSeconds: number, signal: AbortSignal, look: StatusLook) {
  const body = { name: 'ManualImport', importMode, files: files.map(f => ({ ...f, path: client.paths.toBackend(f.path) })) }
  // An error here may be an answer lost after the manager took the command: the caller's next look decides (import-effects.ts).
  const run = await runCommand(client, body, waitSeconds, signal).catch((err: unknown) => ({ lost: lostAnswer(err) }))
  if ('lost' in run) return { finished: false, lost: run.lost }
  const { command, finished } = run
  if (command.status === 'failed') {
    throw refusal(`${client.service} could not import: ${untrusted(command.message, 300) || 'the command failed'}. Check the file in the queue view, then retry.`, [look('queue')])
  }
  return { command, finished, lost: undefined }
}

/** The sentence for files the manager does not list yet: the command still running, or its answer lost. */
export const unlistedReason = (manager: string, run: { finished: boolean, lost?: string }) =>
  run.lost ? `${manager} does not list a new file for it, and ${run.lost}` : run.finished ? `${manager} finished the import but recorded no new file; it writes the reason only to its log (System → Logs), typically "Destination already exists" or "Root folder missing"` : `${manager}'s import command is still running; it does not list the new file yet`

/** The import tools' data: the id used (when one was given), the command, and what was and was not imported. */
export function importData<I> (resolved: { idUsed: { value: number, type: string } } | undefined, importMode: string, command: Command | undefined, imported: I[], skipped: Array<{ sourcePath: string, reasons: string[] }>, finished: boolean, failed: Array<{ sourcePath: string, reasons: string[] }>) {
  return { ...(resolved ? { idUsed: resolved.idUsed } : {}), importMode, ...(command && { command: toCommand(command) }), imported, skipped, failed, finished }
}

/**
 * Rejections that only say the manager could not match the file; naming the title (and episodes) yourself
 * overrides them. The texts are the real ones: "Unknown Series"/"Unknown Movie" (ManualImportService.cs),
 * "Invalid season or episode", "Unable to parse file" (ImportDecisionMaker.cs), "Episodes not selected"
 * (ManualImportService.ReprocessItem); Sonarr v4.0.19.2979, Radarr v6.0.3.10276.
 */
export const MATCHING_REJECTION = /^(Unknown Series|Unknown Movie|Invalid season or episode|Invalid movie|Unable to parse file|Episodes not selected)$/i
