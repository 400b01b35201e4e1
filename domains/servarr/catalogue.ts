// Catalogue search with an optional add, shared by series_search and movie_search: the add choices
// (resolved by choices.ts), the added record's frame, the output, and the summary wording.
import { Type, type TObject, type TProperties } from '@sinclair/typebox'
import { pagingFields } from '../../core/paging.js'

/** qualityProfile and rootFolder for the add; `folderExample` shows what a root folder looks like. */
export function profileAndFolderInputs (addKey: string, folderExample: string) {
  return {
    qualityProfile: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: `Quality profile (name or id) for ${addKey}` })),
    rootFolder: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: `Root folder for ${addKey}, e.g. ${folderExample}` }))
  }
}

export function tagsInput (addKey: string) {
  return Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 10, description: `Existing tags for ${addKey}` }))
}

/** The added record: whether it was added or updated, the item's own fields, then the notes. */
export function addedSchema<T extends TProperties> (addKey: string, fields: T) {
  return Type.Object({
    action: Type.Union([Type.Literal('added'), Type.Literal('updated')], { description: 'added (new in the library) or updated (already there; options changed)' }),
    ...fields,
    notes: Type.Array(Type.String(), { description: 'Things worth telling the person (e.g. a partial profile match)' })
  }, { additionalProperties: false, description: `Present when ${addKey} was given` })
}

export function searchOutput<R extends TObject, A extends TObject> (result: R, added: A) {
  return Type.Object({
    term: Type.Optional(Type.String({ description: 'The search term used' })),
    ...pagingFields(result, 'catalogue matches'),
    added: Type.Optional(added)
  }, { additionalProperties: false })
}

/** A lookup result carries the library id when the item is already added. */
export function inLibrary (found: { id?: number }): boolean {
  return typeof found.id === 'number' && found.id > 0
}

/**
 * How many matches were in the library before this call: a title this call just added is in the library now,
 * but it is the one added, not one "already" there. `ids`: each match's library id (undefined when not in it).
 */
export function alreadyInLibrary (ids: Array<number | undefined>, added: { action: string } | undefined, addedId: number | undefined): number {
  return ids.filter(id => id !== undefined && !(added?.action === 'added' && id === addedId)).length
}

/** The search summary; `details` says what was added or updated (ids, profile, folder). */
export function searchSummary (added: { action: string, title: string, notes: string[] } | undefined, details: string, total: number, term: string, inLib: number): string {
  const lead = added
    ? `${added.action === 'added' ? 'Added' : 'Updated'} "${added.title}" (${details}).${added.notes.length ? ' ' + added.notes.join(' ') : ''} `
    : ''
  return `${lead}${total} match${total === 1 ? '' : 'es'} for "${term}"${inLib ? `, ${inLib} already in the library` : ''}.`
}
