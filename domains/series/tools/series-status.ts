// series_status: read-only views of the series manager — library, one series' seasons, a season's
// episodes, calendar, missing episodes, download queue and history — all with the same paging.
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../../core/errors.js'
import { defineTool } from '../../../core/tool-types.js'
import { IdUsedSchema, idFields, idNeeded, resolveOptionalId } from '../../servarr/ids.js'
import { HistoryItemSchema } from '../../servarr/items.js'
import { pageInputs, pageOf, pagingFields, serverPage, type Page } from '../../../core/paging.js'
import {
  EpisodeItemSchema, SERIES_IDS, SeasonItemSchema, SeriesItemSchema, seriesFlavour, toEpisodeItem, toSeasonItem, toSeriesItem
} from '../series.js'
import {
  QueueRowSchema, SORT_INPUT, START_DATE_INPUT, TERM_INPUT, calendarWindow, historyPage, libraryOrder, refuseUnusedFilters, freshTitleByTerm, viewSummary,
  type FilterUse
} from '../../servarr/views.js'
import { stuckAdvice } from '../../servarr/stuck-view.js'
import { NEXT_FIELD, nextCall, nextText, refusal } from '../../../lib/answers/next-calls.js'
import { queueView, stuckView } from '../../servarr/queue-views.js'
import { MissingSourceSchema } from '../../../lib/sources/source-schema.js'
import type { MissingSource } from '../../../lib/sources/sources.js'
import type { StuckRow } from '../../servarr/stuck.js'
import { seriesManager } from '../../chosen-client.js'
import { upgradesView, UpgradeRowSchema, type UpgradesAnswer } from '../../servarr/upgrades.js'
import { PartsSchema, uncheckedTail, type Part } from '../../../lib/answers/parts.js'
import { listAgeText } from '../../servarr/list-age.js'
import { personRows } from '../../servarr/person-rows.js'

const VIEWS = ['library', 'series', 'season', 'calendar', 'missing', 'queue', 'stuck', 'history', 'upgrades'] as const
const DEFAULT_DAYS = 7
const ABOUT_ONE = ['id', 'term'] as const
const FILTERS: FilterUse = {
  library: ['term', 'sort'],
  series: ABOUT_ONE,
  season: [...ABOUT_ONE, 'seasonNumber'],
  calendar: [...ABOUT_ONE, 'startDate', 'days'],
  missing: ABOUT_ONE,
  queue: ABOUT_ONE,
  stuck: ABOUT_ONE,
  history: ABOUT_ONE,
  upgrades: ABOUT_ONE
}

const input = Type.Object({
  view: Type.Optional(Type.Union(VIEWS.map(v => Type.Literal(v)), { description: 'library; series (seasons); season (episodes); calendar; missing (aired, no file); queue; stuck (why, fix); history; upgrades (below cutoff, disk cost).' })),
  ...idFields(SERIES_IDS, false),
  seasonNumber: Type.Optional(Type.Integer({ minimum: 0, maximum: 500, description: 'Season for view "season" (0 = specials)' })),
  term: TERM_INPUT,
  sort: SORT_INPUT,
  startDate: START_DATE_INPUT,
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, description: `calendar: days to cover (default ${DEFAULT_DAYS})` })),
  ...pageInputs(100, 25)
}, { additionalProperties: false })

const ItemSchema = Type.Union([SeriesItemSchema, SeasonItemSchema, EpisodeItemSchema, QueueRowSchema, HistoryItemSchema, UpgradeRowSchema], { description: 'One row; its kind says which shape it has' })

const output = Type.Object({
  view: Type.String({ description: 'The view shown' }),
  series: Type.Optional(SeriesItemSchema),
  idUsed: Type.Optional(IdUsedSchema),
  ...pagingFields(ItemSchema, 'rows'),
  missing: Type.Optional(Type.Array(MissingSourceSchema, { description: 'queue/stuck over several instances: those that did not answer' })),
  parts: Type.Optional(PartsSchema),
  ...NEXT_FIELD
}, { additionalProperties: false })

type Item = Static<typeof ItemSchema>

export default (app: FastifyInstance) => defineTool({
  name: 'series_status',
  title: 'Series manager views',
  description: 'Read-only paged views of the series manager (see view); queue rows give outputPath for series_import.',
  inputSchema: input,
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler (given, ctx) {
    // An id alone asks about that title: its own view, not the library page.
    const args = { ...given, view: given.view ?? (given.id !== undefined ? 'series' as const : 'library' as const) }
    const sonarr = seriesManager(app, ctx.instances?.series)
    refuseUnusedFilters('series_status', args.view, args, FILTERS)
    const needsId = args.view === 'series' || args.view === 'season'
    const flavour = seriesFlavour(sonarr)
    if (args.id !== undefined && args.term !== undefined && args.view !== 'library') throw new ToolError('Give id or term, not both.')
    if (needsId && args.id === undefined && args.term === undefined) throw idNeeded(`View "${args.view}"`, flavour)
    // A person other than the owner: titles their own media-server user may not see are left out (person-rows.ts).
    const person = await personRows(app, ctx, 'series', ctx.instances?.series)
    const resolved = args.term !== undefined && args.view !== 'library'
      ? await freshTitleByTerm(await sonarr.listSeries(ctx.signal).then(l => person?.keep(l) ?? l), args.term, flavour)
      : await resolveOptionalId(flavour, args.id, args.idType)
    if (resolved) person?.refuseHidden(resolved.item, 'series', 'series_status')
    // The queue and stuck rows need no profiles: a merged view must not depend on the default instance answering.
    const profiles = (args.view === 'queue' || args.view === 'stuck' || args.view === 'upgrades') && !resolved ? [] : await sonarr.qualityProfiles(ctx.signal)
    const series = resolved && toSeriesItem(resolved.item, profiles)
    let page: Page<Item>
    let stuck: Page<StuckRow> | undefined
    let missing: MissingSource[] = []
    let parts: Part[] = []
    let upgrades: UpgradesAnswer | undefined

    let ageNote = ''
    switch (args.view) {
      case 'library': {
        const list = await sonarr.listSeries(ctx.signal)
        ageNote = listAgeText(sonarr, list)
        const all = libraryOrder(person?.keep(list) ?? list, args.term, args.sort)
        const rows = pageOf(all, args.offset, args.limit) // only the page is turned into rows
        page = { ...rows, items: rows.items.map(s => toSeriesItem(s, profiles, true)) }
        break
      }
      case 'series':
        page = pageOf((resolved!.item.seasons ?? []).map(toSeasonItem), args.offset, args.limit)
        break
      case 'season': {
        if (args.seasonNumber === undefined) {
          throw refusal('View "season" needs seasonNumber.', [nextCall('series_status', { view: 'series', id: resolved!.item.id, idType: 'seriesId', instance: ctx.instances?.series }, 'list its seasons')])
        }
        const eps = await sonarr.episodes({ seriesId: resolved!.item.id, seasonNumber: args.seasonNumber, includeEpisodeFile: true, signal: ctx.signal })
        page = pageOf(eps.sort((a, b) => a.episodeNumber - b.episodeNumber).map(toEpisodeItem), args.offset, args.limit)
        break
      }
      case 'calendar': {
        const eps = await sonarr.calendar({ ...calendarWindow(args.startDate, args.days ?? DEFAULT_DAYS), signal: ctx.signal })
        page = pageOf(eps.filter(e => !resolved || e.seriesId === resolved.item.id).map(toEpisodeItem), args.offset, args.limit)
        break
      }
      case 'missing':
        if (resolved) {
          const now = Date.now()
          const eps = (await sonarr.episodes({ seriesId: resolved.item.id, signal: ctx.signal }))
            .filter(e => e.monitored && !e.hasFile && e.airDateUtc && Date.parse(e.airDateUtc) < now)
          page = pageOf(eps.map(toEpisodeItem), args.offset, args.limit)
        } else {
          page = await serverPage(args.offset, args.limit, async (p, size) => {
            const r = await sonarr.missing({ page: p, pageSize: size, signal: ctx.signal })
            return { totalRecords: r.totalRecords, records: r.records.map(toEpisodeItem) }
          })
        }
        break
      case 'queue':
        ({ page, missing, parts } = await queueView(app, 'series', ctx.instances?.series, resolved?.item.id, args.offset, args.limit, ctx.signal))
        break
      case 'stuck':
        ({ page, missing, parts } = await stuckView(app, 'series', ctx.instances?.series, resolved?.item.id, args.offset, args.limit, ctx.signal))
        stuck = page as Page<StuckRow>
        break
      case 'upgrades':
        upgrades = await upgradesView(app, 'series', ctx.instances?.series, resolved?.item.id, args.offset, args.limit, ctx.signal)
        page = upgrades.page
        break
      case 'history':
        page = await historyPage(sonarr, resolved?.item.id, args.offset, args.limit, ctx.signal)
        break
    }
    if (person) {
      page = await person.page(page)
      if (stuck) stuck = page as Page<StuckRow>
      // The upgrades sentence and its next calls name titles: a person gets the rows they may see, nothing more.
      if (upgrades) upgrades = { ...upgrades, page: page as UpgradesAnswer['page'], next: [], text: '' }
    }
    const advice = stuck?.items.length ? stuckAdvice('series', ctx.instances?.series, stuck.items, app.config.STUCK_MAX_STRIKES) : undefined
    const next = [...(advice?.next ?? []), ...(upgrades?.next ?? [])]
    const data = { view: args.view, ...(series ? { series } : {}), ...(resolved ? { idUsed: resolved.idUsed } : {}), ...page, ...(missing.length ? { missing } : {}), ...((upgrades?.parts ?? parts).length && { parts: upgrades?.parts ?? parts }), ...(next.length && { next }) }
    const about = series ? ` for "${series.title}" (${resolved!.idUsed.type} ${resolved!.idUsed.value})` : ''
    return { data, summary: viewSummary(args.view, about + (missing.length ? ' in the instances that answered' : ''), page, args.offset, args.limit) + (advice?.text ?? '') + (upgrades ? upgrades.text + nextText(upgrades.next) : '') + uncheckedTail(parts) + ageNote }
  }
})
