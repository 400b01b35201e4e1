// Removing a series or a movie from its manager, shared by series_remove and movie_remove: the output
// wrapper, the confirm step (the token binds exactly the record the preview described) and the wording
// of what happens to the files on disk.
import { Type, type TObject } from '@sinclair/typebox'
import { ToolError } from '../../core/errors.js'
import type { ToolContext } from '../../core/tool-types.js'
import type { HolderIndex } from '../../lib/holders/holders.js'
import { absOfFolder, checkTitleFolder, describeFolder, type CheckedFolder, type TitleOnManager } from '../../lib/library/title-folder.js'
import { ask, describeError, verifiedRecord, verifyEffects } from '../../lib/effects/effects.js'
import { deletedPart, effectsTail } from '../../lib/effects/effects-text.js'
import { VerifiedSchema } from '../../lib/effects/schema.js'
import { NEXT_FIELD, nextCall } from '../../lib/answers/next-calls.js'
import type { PathSandbox } from '../../lib/sandbox/sandbox.js'
import { IdUsedSchema } from './ids.js'
import { formatBytes, quoted } from './text.js'

/** The fields every removed record ends with, after the item's own ids, title, path and file count. */
export const REMOVED_TAIL = {
  sizeBytes: Type.Number({ description: 'Bytes on disk' }),
  deleteFiles: Type.Boolean({ description: 'Whether the files are deleted too' }),
  folder: Type.Optional(Type.Object({
    path: Type.String({ description: 'The folder as this server sees it (PATH_MAP applied), media-relative' }),
    files: Type.Integer({ description: 'Every file in the folder (tracked or not), all of which the manager deletes' }),
    bytes: Type.Number({ description: 'Their total size' }),
    complete: Type.Boolean({ description: 'False when the count stopped at its limit (the folder holds more)' })
  }, { additionalProperties: false, description: 'With deleteFiles: what is on disk in the folder the manager deletes whole' }))
}

export function removeOutput<T extends TObject> (removed: T) {
  return Type.Object({ idUsed: IdUsedSchema, removed, verified: Type.Optional(VerifiedSchema), ...NEXT_FIELD }, { additionalProperties: false })
}

export interface Removal<R> { removed: R, idUsed: { value: number, type: string }, summary: string }

/** The confirm step: the preview is describe()'s summary, and its removed record is what the token binds. */
export function confirmRemoval<A, R> (describe: (args: A, ctx: ToolContext) => Promise<Removal<R>>) {
  return {
    preview: async (args: A, ctx: ToolContext) => {
      const d = await describe(args, ctx)
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
export function removalSummary (what: string, path: string, manager: string, files: { count: number, noun: string, sizeBytes: number }, folder?: CheckedFolder): string {
  const counted = `${files.count} ${files.noun}${files.count === 1 ? '' : 's'} (${formatBytes(files.sizeBytes)})`
  if (!folder) return `Remove ${what} at ${quoted(path)} from the ${manager}; its ${counted} stay on disk.`
  return `Remove ${what} from the ${manager}; its whole folder would be DELETED from disk: ${describeFolder(folder)}, of which the ${manager} tracks ${counted}.`
}

/**
 * With deleteFiles: the folder check (lib/library/title-folder.ts) on the title's folder, against the folders of
 * the manager's other titles and everyone else the path-holders index knows holds data (lib/holders/: a torrent
 * seeding from the library, another manager's title, a queue item, one of our moves). Runs before anything is
 * counted or shown.
 */
export async function folderToDelete (sandbox: PathSandbox, title: TitleOnManager & { id: number }, entries: () => Promise<ReadonlyArray<{ id: number, title?: string | null, path?: string | null }>>, holders?: () => Promise<HolderIndex>): Promise<CheckedFolder> {
  const others = async () => {
    const titles = (await entries()).filter(e => e.id !== title.id).map(e => ({ title: e.title ?? `#${e.id}`, path: e.path }))
    // The title itself is in the index too (as its manager's library entry): only others count.
    const held = holders ? (await holders()).holders.filter(h => !(h.kind === 'library' && h.id.endsWith(` library ${title.id}`) && h.dataPath === title.path)) : []
    return [...titles, ...held.map(h => ({ title: `${h.title} (${h.id})`, path: h.dataPath }))]
  }
  return await checkTitleFolder(sandbox, title, others)
}

/**
 * Runs a confirmed removal and looks again (lib/effects): the title in the manager (`stillListed`) and, with files,
 * its folder on disk. The answer's tail is rendered from that look: "and it deleted its folder (3 files, 1.2 GiB)"
 * only when the folder is gone, else what is still there with the manage_files call that deletes it. A title the
 * manager still holds is an error with what went wrong; a lost answer after the title went reads as done.
 */
export async function removeVerified (o: { id: string, title: string, manager: string, headline: string, folder: CheckedFolder | undefined, request: () => Promise<unknown>, stillListed: () => Promise<boolean>, instance?: string }) {
  const abs = o.folder && absOfFolder(o.folder)
  const data = o.folder && abs ? { abs, shown: o.folder.path, ...(o.folder.complete ? { files: o.folder.files, bytes: o.folder.bytes } : {}) } : undefined
  const asked = await ask({ id: o.id, title: o.title, service: o.manager, ...(data ? { data } : {}) }, o.request, describeError)
  const checked = await verifyEffects([asked], async () => ({ present: new Set(await o.stillListed() ? [o.id] : []), unread: () => false }))
  const c = checked[0]!
  if (c.outcome === 'notDone') throw new ToolError(`${o.manager} did not remove ${quoted(o.title)}: ${c.error ?? 'it still lists it after the request'}. Nothing was deleted; try again.`)
  const look = nextCall(o.id.startsWith('series') ? 'series_status' : 'movie_status', { view: 'library', term: o.title.slice(0, 200), instance: o.instance }, `see whether ${o.manager} still lists it`)
  const tail = effectsTail(checked, [look])
  const deleted = deletedPart(checked).replace(/^ and deleted its data/, ' and it deleted its folder')
  const head = c.outcome === 'unknown' ? `Asked ${o.manager} to remove ${quoted(o.title)}` : `${o.headline}${deleted}${o.folder ? '' : '; its files stay on disk'}`
  return { verified: verifiedRecord(checked), next: tail.next, summary: `${head}.${tail.text}` }
}
