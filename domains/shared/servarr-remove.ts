// Removing a series or a movie from its manager, shared by series_remove and movie_remove: the output
// wrapper, the confirm step (the token binds exactly the record the preview described) and the wording
// of what happens to the files on disk.
import { Type, type TObject } from '@sinclair/typebox'
import { IdUsedSchema } from './servarr-ids.js'
import { formatBytes } from './servarr-text.js'

/** The fields every removed record ends with, after the item's own ids, title, path and file count. */
export const REMOVED_TAIL = {
  sizeBytes: Type.Number({ description: 'Bytes on disk' }),
  deleteFiles: Type.Boolean({ description: 'Whether the files are deleted too' })
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

/** The preview sentence: `what` names the item and its id, `files` is e.g. "episode file". */
export function removalSummary (what: string, path: string, manager: string, files: { count: number, noun: string, sizeBytes: number }, deleteFiles: boolean): string {
  const counted = `${files.count} ${files.noun}${files.count === 1 ? '' : 's'} (${formatBytes(files.sizeBytes)})`
  return `Remove ${what} at ${path} from the ${manager}; its ${counted} ${deleteFiles ? 'would be DELETED from disk' : 'stay on disk'}.`
}
