// Removing a series or a movie from its manager, shared by series_remove and movie_remove: the output
// wrapper, the confirm step (the token binds exactly the record the preview described) and the wording
// of what happens to the files on disk.
import { Type, type TObject } from '@sinclair/typebox'
import { lstat, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../core/errors.js'
import { within } from '../../lib/sandbox/sandbox.js'
import { IdUsedSchema } from './ids.js'
import { formatBytes, quoted } from './text.js'

/** The fields every removed record ends with, after the item's own ids, title, path and file count. */
export const REMOVED_TAIL = {
  sizeBytes: Type.Number({ description: 'Bytes on disk' }),
  deleteFiles: Type.Boolean({ description: 'Whether the files are deleted too' }),
  folder: Type.Optional(Type.Object({
    files: Type.Integer({ description: 'Every file in the folder (tracked or not), all of which the manager deletes' }),
    bytes: Type.Number({ description: 'Their total size' }),
    complete: Type.Boolean({ description: 'False when the count stopped at its limit (the folder holds more)' })
  }, { additionalProperties: false, description: 'With deleteFiles: what is on disk in the folder the manager deletes whole' }))
}

const WALK_LIMIT = 100_000

/** Files and bytes under a folder, counted from disk without following symbolic links (stops at WALK_LIMIT entries). */
export async function folderOnDisk (path: string): Promise<{ files: number, bytes: number, complete: boolean }> {
  let files = 0
  let bytes = 0
  let seen = 0
  const pending = [path]
  while (pending.length > 0) {
    const dir = pending.pop()!
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
    for (const e of entries) {
      if (++seen > WALK_LIMIT) return { files, bytes, complete: false }
      const full = join(dir, e.name)
      if (e.isDirectory()) { pending.push(full); continue }
      files++
      bytes += await lstat(full).then(st => st.size, () => 0)
    }
  }
  return { files, bytes, complete: true }
}

export function removeOutput<T extends TObject> (removed: T) {
  return Type.Object({ idUsed: IdUsedSchema, removed }, { additionalProperties: false })
}

export interface Removal<R> { removed: R, idUsed: { value: number, type: string }, summary: string }

/** The confirm step: the preview is describe()'s summary, and its removed record is what the token binds. */
export function confirmRemoval<A, R> (describe: (args: A) => Promise<Removal<R>>) {
  return {
    preview: async (args: A) => {
      const d = await describe(args)
      return { summary: d.summary, targets: d.removed }
    }
  }
}

/**
 * The confirmed call acts on the record the preview bound. The registry re-ran the preview for this very call
 * and redeemed the token only because its record (the title still exists, same id, same folder, same files)
 * matched the fingerprint, so the handler reuses it instead of asking the manager a third time.
 */
export function confirmedRemoval<R> (confirmed: { targets: unknown } | undefined, tool: string): R {
  if (!confirmed) throw new ToolError(`${tool} deletes only after a preview: call it without confirmToken first, then again with the confirmToken it returns.`)
  return confirmed.targets as R
}

/** Which id the caller's id was read as, told from the previewed record (resolveId prefers the manager's id). */
export function idUsedFor (ids: { managerId: string, catalogueId: string }, managerIdOfRecord: number, args: { id: number, idType: string }) {
  const byManager = args.idType !== ids.catalogueId && managerIdOfRecord === args.id
  return { value: args.id, type: byManager ? ids.managerId : ids.catalogueId }
}

/** The preview sentence: `what` names the item and its id, `files` is e.g. "episode file"; `folder` is what is on disk. */
export function removalSummary (what: string, path: string, manager: string, files: { count: number, noun: string, sizeBytes: number }, deleteFiles: boolean, folder?: { files: number, bytes: number, complete: boolean }): string {
  const counted = `${files.count} ${files.noun}${files.count === 1 ? '' : 's'} (${formatBytes(files.sizeBytes)})`
  if (!deleteFiles) return `Remove ${what} at ${quoted(path)} from the ${manager}; its ${counted} stay on disk.`
  const onDisk = folder ? `${folder.complete ? '' : 'at least '}${folder.files} file${folder.files === 1 ? '' : 's'} (${formatBytes(folder.bytes)})` : 'everything in it'
  return `Remove ${what} from the ${manager}; its whole folder ${quoted(path)} would be DELETED from disk: ${onDisk}, of which the ${manager} tracks ${counted}.`
}

/**
 * With deleteFiles the manager deletes the title's whole folder (MediaFileDeletionService: RecycleBinProvider
 * .DeleteFolder(path); Sonarr v4.0.19.2979 / Radarr v6.0.3.10276 src/NzbDrone.Core/MediaFiles/
 * MediaFileDeletionService.cs). Refuse when that folder, as PATH_MAP maps it, is a root or library top folder,
 * contains one, or lies outside the media root.
 */
export function assertDeletableFolder (app: FastifyInstance, path: string, manager: string): void {
  const media = app.sandbox.roots().media
  const outside = !path || !media || !within(media, path)
  if (outside || app.sandbox.isProtected(path)) {
    throw new ToolError(`The ${manager} keeps this title at ${path || '(no path)'}, which is ${outside ? 'outside the media root (check PATH_MAP)' : 'a root or library top folder'}; deleting its files would delete far more than the title. Nothing was changed. Remove it without deleteFiles, then fix its path in the ${manager}.`)
  }
}
