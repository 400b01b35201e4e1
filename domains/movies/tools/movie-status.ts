// movie_status: read-only views of the movie manager — library, one movie, calendar, missing movies,
// download queue and history — all with the same paging.
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../../core/errors.js'
import { defineTool } from '../../../core/tool-types.js'
import { IdUsedSchema, idFields, idNeeded, resolveOptionalId } from '../../servarr/ids.js'
import { HistoryItemSchema } from '../../servarr/items.js'
import { MOVIE_IDS, MovieItemSchema, movieFlavour, toMovieItem } from '../movies.js'
import { pageInputs, pageOf, pagingFields, serverPage, type Page } from '../../../core/paging.js'
import {
  QueueRowSchema, SORT_INPUT, START_DATE_INPUT, TERM_INPUT, calendarWindow, historyPage, libraryOrder, refuseUnusedFilters, freshTitleByTerm, viewSummary,
  type FilterUse
} from '../../servarr/views.js'
import { stuckAdvice } from '../../servarr/stuck-view.js'
import { NEXT_FIELD, nextText } from '../../../lib/answers/next-calls.js'
import { queueView, stuckView } from '../../servarr/queue-views.js'
import { MissingSourceSchema } from '../../../lib/sources/source-schema.js'
import type { MissingSource } from '../../../lib/sources/sources.js'
import type { StuckRow } from '../../servarr/stuck.js'
import { movieManager } from '../../chosen-client.js'
import { upgradesView, UpgradeRowSchema, type UpgradesAnswer } from '../../servarr/upgrades.js'
import { PartsSchema, uncheckedTail, type Part } from '../../../lib/answers/parts.js'
import { listAgeText } from '../../servarr/list-age.js'
import { personRows } from '../../servarr/person-rows.js'

const VIEWS = ['library', 'movie', 'calendar', 'missing', 'queue', 'stuck', 'history', 'upgrades'] as const
const DEFAULT_DAYS = 30
const ABOUT_ONE = ['id', 'term'] as const
const FILTERS: FilterUse = {
  library: ['term', 'hasFile', 'sort'],
  movie: ABOUT_ONE,
  calendar: [...ABOUT_ONE, 'startDate', 'days'],
  missing: ABOUT_ONE,
  queue: ABOUT_ONE,
  stuck: ABOUT_ONE,
  history: ABOUT_ONE,
  upgrades: ABOUT_ONE
}

const input = Type.Object({
  view: Type.Optional(Type.Union(VIEWS.map(v => Type.Literal(v)), { description: 'library; movie (with its file); calendar; missing (released, no file); queue; stuck (why, fix); history; upgrades (below cutoff, disk cost).' })),
  ...idFields(MOVIE_IDS, false),
  term: TERM_INPUT,
  sort: SORT_INPUT,
  hasFile: Type.Optional(Type.Boolean({ description: 'library: only movies with (true) or without a file' })),
  startDate: START_DATE_INPUT,
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366, description: `calendar: days to cover (default ${DEFAULT_DAYS})` })),
  ...pageInputs(100, 25)
}, { additionalProperties: false })

const ItemSchema = Type.Union([MovieItemSchema, QueueRowSchema, HistoryItemSchema, UpgradeRowSchema], { description: 'One row; its kind says which shape it has' })

const output = Type.Object({
  view: Type.String({ description: 'The view shown' }),
  idUsed: Type.Optional(IdUsedSchema),
  ...pagingFields(ItemSchema, 'rows'),
  missing: Type.Optional(Type.Array(MissingSourceSchema, { description: 'queue/stuck over several instances: those that did not answer' })),
  parts: Type.Optional(PartsSchema),
  ...NEXT_FIELD
}, { additionalProperties: false })

type Item = Static<typeof ItemSchema>

export default (app: FastifyInstance) => defineTool({
  name: 'movie_status',
  title: 'Movie manager views',
  description: 'Read-only paged views of the movie manager (see view); queue rows give outputPath for movie_import.',
  inputSchema: input,
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler (given, ctx) {
    // An id alone asks about that title: its own view, not the library page.
    const args = { ...given, view: given.view ?? (given.id !== undefined ? 'movie' as const : 'library' as const) }
    const radarr = movieManager(app, ctx.instances?.movies)
    const flavour = movieFlavour(radarr)
    refuseUnusedFilters('movie_status', args.view, args, FILTERS)
    if (args.id !== undefined && args.term !== undefined && args.view !== 'library') throw new ToolError('Give id or term, not both.')
    if (args.view === 'movie' && args.id === undefined && args.term === undefined) throw idNeeded('View "movie"', flavour)
    // A person other than the owner: titles their own media-server user may not see are left out (person-rows.ts).
    const person = await personRows(app, ctx, 'movies', ctx.instances?.movies)
    const resolved = args.term !== undefined && args.view !== 'library'
      ? await freshTitleByTerm(await radarr.listMovies(ctx.signal).then(l => person?.keep(l) ?? l), args.term, flavour)
      : await resolveOptionalId(flavour, args.id, args.idType)
    if (resolved) person?.refuseHidden(resolved.item, 'movie', 'movie_status')
    // The queue and stuck rows need no profiles: a merged view must not depend on the default instance answering.
    const profiles = (args.view === 'queue' || args.view === 'stuck' || args.view === 'upgrades') && !resolved ? [] : await radarr.qualityProfiles(ctx.signal)
    let page: Page<Item>
    let stuck: Page<StuckRow> | undefined
    let missing: MissingSource[] = []
    let parts: Part[] = []
    let upgrades: UpgradesAnswer | undefined
    let ageNote = ''
    switch (args.view) {
      case 'library': {
        const list = await radarr.listMovies(ctx.signal)
        ageNote = listAgeText(radarr, list)
        const all = libraryOrder(person?.keep(list) ?? list, args.term, args.sort)
          .filter(m => args.hasFile === undefined || (m.hasFile === true) === args.hasFile)
        const rows = pageOf(all, args.offset, args.limit) // only the page is turned into rows
        page = { ...rows, items: rows.items.map(m => toMovieItem(m, profiles, true)) }
        break
      }
      case 'movie':
        page = pageOf([toMovieItem(resolved!.item, profiles)], 0, args.limit)
        break
      case 'calendar': {
        const movies = await radarr.calendar({ ...calendarWindow(args.startDate, args.days ?? DEFAULT_DAYS), signal: ctx.signal })
        page = pageOf(movies.filter(m => !resolved || m.id === resolved.item.id).map(m => toMovieItem(m, profiles)), args.offset, args.limit)
        break
      }
      case 'missing':
        // The manager's wanted/missing rule for one movie: monitored and without a file
        // (Radarr src/Radarr.Api.V3/Wanted/MissingController.cs: Monitored filter over MoviesWithoutFiles).
        if (resolved) {
          const m = resolved.item
          page = pageOf(m.monitored && !m.hasFile ? [toMovieItem(m, profiles)] : [], args.offset, args.limit)
          break
        }
        page = await serverPage(args.offset, args.limit, async (p, size) => {
          const r = await radarr.missing({ page: p, pageSize: size, signal: ctx.signal })
          return { totalRecords: r.totalRecords, records: r.records.map(m => toMovieItem(m, profiles)) }
        })
        break
      case 'queue':
        ({ page, missing, parts } = await queueView(app, 'movies', ctx.instances?.movies, resolved?.item.id, args.offset, args.limit, ctx.signal))
        break
      case 'stuck':
        ({ page, missing, parts } = await stuckView(app, 'movies', ctx.instances?.movies, resolved?.item.id, args.offset, args.limit, ctx.signal))
        stuck = page as Page<StuckRow>
        break
      case 'upgrades':
        upgrades = await upgradesView(app, 'movies', ctx.instances?.movies, resolved?.item.id, args.offset, args.limit, ctx.signal)
        page = upgrades.page
        break
      case 'history':
        page = await historyPage(radarr, resolved?.item.id, args.offset, args.limit, ctx.signal)
        break
    }
    if (person) {
      page = await person.page(page)
      if (stuck) stuck = page as Page<StuckRow>
      // The upgrades sentence and its next calls name titles: a person gets the rows they may see, nothing more.
      if (upgrades) upgrades = { ...upgrades, page: page as UpgradesAnswer['page'], next: [], text: '' }
    }
    const about = resolved ? ` for "${resolved.item.title}" (${resolved.idUsed.type} ${resolved.idUsed.value})` : ''
    const advice = stuck?.items.length ? stuckAdvice('movies', ctx.instances?.movies, stuck.items, app.config.STUCK_MAX_STRIKES) : undefined
    const next = [...(advice?.next ?? []), ...(upgrades?.next ?? [])]
    return {
      data: { view: args.view, ...(resolved ? { idUsed: resolved.idUsed } : {}), ...page, ...(missing.length ? { missing } : {}), ...((upgrades?.parts ?? parts).length && { parts: upgrades?.parts ?? parts }), ...(next.length && { next }) },
      summary: viewSummary(args.view, about + (missing.length ? ' in the instances that answered' : ''), page, args.offset, args.limit) +
        (advice?.text ?? '') + (upgrades ? upgrades.text + nextText(upgrades.next) : '') + uncheckedTail(parts) + ageNote
    }
  }
})
