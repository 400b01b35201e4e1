// Ids: the tools accept either the manager's own id (seriesId / movieId) or the catalogue id (TVDB for
// series, TMDB for movies) and always say which one was used.
import { Type } from '@sinclair/typebox'
import { ToolError } from '../../core/errors.js'

export interface IdFlavour<T> {
  /** "series" or "movie". */
  noun: string
  managerId: 'seriesId' | 'movieId'
  catalogueId: 'tvdbId' | 'tmdbId'
  /** Tools to point at in recovery hints. */
  statusTool: string
  searchTool: string
  byManagerId: (id: number) => Promise<T | undefined>
  byCatalogueId: (id: number) => Promise<T | undefined>
}

function catalogueName (f: { catalogueId: string }): string {
  return f.catalogueId === 'tvdbId' ? 'TVDB' : 'TMDB'
}

export function idFields (f: { noun: string, managerId: string, catalogueId: string }, required: boolean) {
  const catalogue = catalogueName(f)
  const id = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: `${f.managerId} or ${catalogue} id` })
  return {
    id: required ? id : Type.Optional(id),
    idType: Type.Union([Type.Literal('auto'), Type.Literal(f.managerId), Type.Literal(f.catalogueId)], {
      default: 'auto',
      description: 'auto: either kind of id'
    })
  }
}

export const IdUsedSchema = Type.Object({
  value: Type.Integer({ description: 'The id that was given' }),
  type: Type.String({ description: 'Which id it was read as: the manager\'s id (seriesId/movieId) or the catalogue id (tvdbId/tmdbId)' })
}, { additionalProperties: false, description: 'Which id was used to find the item' })

export async function resolveId<T extends { id: number }> (f: IdFlavour<T>, id: number, idType: string): Promise<{ item: T, idUsed: { value: number, type: string } }> {
  const [byManager, byCatalogue] = await Promise.all([
    idType === f.catalogueId ? undefined : f.byManagerId(id),
    idType === f.managerId ? undefined : f.byCatalogueId(id)
  ])
  if (byManager && byCatalogue && byManager.id !== byCatalogue.id) {
    throw new ToolError(`${id} is both the ${f.managerId} of one ${f.noun} and the ${f.catalogueId} of another. Call again with idType "${f.managerId}" or "${f.catalogueId}".`)
  }
  if (byManager) return { item: byManager, idUsed: { value: id, type: f.managerId } }
  if (byCatalogue) return { item: byCatalogue, idUsed: { value: id, type: f.catalogueId } }
  const as = idType === 'auto' ? `${f.managerId} or ${f.catalogueId}` : idType
  throw new ToolError(`No ${f.noun} with ${as} ${id} in the library. Call ${f.statusTool} with view "library" to list ids, or ${f.searchTool} to find and add it.`)
}

/** For tools whose id is optional (it narrows, or picks one item instead of all): no id, no item. */
export async function resolveOptionalId<T extends { id: number }> (f: IdFlavour<T>, id: number | undefined, idType: string) {
  return id === undefined ? undefined : await resolveId(f, id, idType)
}

/** The refusal for a view that names one item but got no id; it points at the view that lists ids. */
export function idNeeded (what: string, f: { managerId: string, catalogueId: string, statusTool: string }): ToolError {
  return new ToolError(`${what} needs id (a ${f.managerId} or ${catalogueName(f)} id). Call ${f.statusTool} with view "library" to list ids.`)
}
