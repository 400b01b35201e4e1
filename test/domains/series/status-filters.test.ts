// series_status and movie_status: every view honours every filter it accepts, and refuses, by name, a
// filter it does not use (one case per view × filter), against the Sonarr and Radarr simulators.
import t, { type Test } from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { errorText, ok } from '../../helpers/results.js'

const s = await startServarrStack(t)

interface Case {
  tool: 'series_status' | 'movie_status'
  owner: 'seriesId' | 'movieId'
  /** Arguments a view needs before any filter is added. */
  base: Record<string, Record<string, unknown>>
  /** The filters each view must honour. */
  honours: Record<string, string[]>
  values: Record<string, unknown>
}

const series = [...s.sonarr.state.library.series.values()]
const oneSeries = series.find(x => x.title.toLowerCase().includes('harbor lights'))!
const movies = [...s.radarr.state.library.movies.values()]
const oneMovie = movies.find(m => movies.filter(o => o.title.toLowerCase().includes(m.title.toLowerCase())).length === 1 && m.monitored)!

const CASES: Case[] = [
  {
    tool: 'series_status',
    owner: 'seriesId',
    base: { series: { id: oneSeries.id }, season: { id: oneSeries.id, seasonNumber: 1 } },
    honours: {
      library: ['term', 'sort'],
      series: ['id', 'term'],
      season: ['id', 'term', 'seasonNumber'],
      calendar: ['id', 'term', 'startDate', 'days'],
      missing: ['id', 'term'],
      queue: ['id', 'term'],
      history: ['id', 'term']
    },
    values: { id: oneSeries.id, term: oneSeries.title, seasonNumber: 1, startDate: '2020-01-01', days: 3, sort: 'size' }
  },
  {
    tool: 'movie_status',
    owner: 'movieId',
    base: { movie: { id: oneMovie.id } },
    honours: {
      library: ['term', 'hasFile', 'sort'],
      movie: ['id', 'term'],
      calendar: ['id', 'term', 'startDate', 'days'],
      missing: ['id', 'term'],
      queue: ['id', 'term'],
      history: ['id', 'term']
    },
    values: { id: oneMovie.id, term: oneMovie.title, hasFile: true, startDate: '2020-01-01', days: 3, sort: 'size' }
  }
]

/** What "honoured" means for each filter, checked on every row of the answer. */
function checkHonoured (t: Test, c: Case, view: string, filter: string, answer: any) {
  const rows: any[] = answer.items
  switch (filter) {
    case 'id':
    case 'term':
      if (view === 'library') {
        t.ok(rows.length > 0 && rows.every(r => r.title.toLowerCase().includes(String(c.values.term).toLowerCase())), 'only titles containing term')
        break
      }
      t.same(answer.idUsed, { value: c.values.id, type: c.owner }, 'narrowed to the one title')
      if (view !== 'series' && view !== 'season') t.ok(rows.every(r => r[c.owner] === c.values.id), `every row belongs to ${c.owner} ${c.values.id}`)
      break
    case 'seasonNumber':
      t.ok(rows.length > 0 && rows.every(r => r.seasonNumber === 1), 'only that season')
      break
    case 'startDate':
    case 'days': {
      const start = Date.parse(`${c.values.startDate}T00:00:00Z`)
      const end = start + 3 * 86_400_000
      const when = (r: any) => Date.parse(r.airDateUtc ?? r.inCinemas ?? r.digitalRelease ?? r.physicalRelease ?? '')
      t.ok(rows.every(r => c.tool === 'movie_status' || (when(r) >= start && when(r) < end)), 'only the window')
      break
    }
    case 'hasFile':
      t.ok(rows.length > 0 && rows.every(r => r.hasFile === true), 'only titles with a file')
      break
    case 'sort': {
      // Largest on disk first, so freeing space starts from the top of the page.
      const sizes = rows.map(r => r.sizeOnDisk)
      t.ok(sizes.length > 1 && sizes[0] > 0, 'titles with files on the page')
      t.same(sizes, [...sizes].sort((a, b) => b - a), 'largest first')
      break
    }
  }
}

for (const c of CASES) {
  const filters = [...new Set(Object.values(c.honours).flat())]
  t.test(`${c.tool}: every view × filter is honoured or refused by name`, async t => {
    for (const [view, honoured] of Object.entries(c.honours)) {
      for (const filter of filters) {
        const args: Record<string, unknown> = { view, ...c.base[view], [filter]: c.values[filter] }
        // A view about one title takes id or term: the term case replaces the id.
        if (filter === 'term' && view !== 'library') delete args.id
        if (filter !== 'id' && filter !== 'term' && view === 'calendar') args.startDate = c.values.startDate
        const res = await s.call(c.tool, args)
        if (honoured.includes(filter)) {
          t.notOk(res.isError, `${view} × ${filter}: ${res.content[0].text}`)
          if (!res.isError) t.test(`${view} × ${filter}`, async t => checkHonoured(t, c, view, filter, res.structuredContent))
        } else {
          t.match(errorText(res), new RegExp(`View "${view}" does not use ${filter}.*${filter} applies to view`), `${view} × ${filter} is refused by name`)
        }
      }
    }
  })
}

t.test('series_status missing with term answers that series only, not the whole library', async t => {
  const all = ok(await s.call('series_status', { view: 'missing' }))
  const withMissing = series.find(x => all.items.some((e: any) => e.seriesId === x.id) &&
    series.filter(o => o.title.toLowerCase().includes(x.title.toLowerCase())).length === 1)!
  const one = ok(await s.call('series_status', { view: 'missing', term: withMissing.title }))
  t.ok(one.total > 0 && one.total < all.total, `${one.total} of ${all.total}`)
  t.ok(one.items.every((e: any) => e.seriesId === withMissing.id))
})

t.test('a term that names several titles is refused with the choices', async t => {
  t.match(errorText(await s.call('series_status', { view: 'queue', term: 'the' })), /term "the" matches \d+ series: .*seriesId \d+.*Call series_status again with id/)
  t.match(errorText(await s.call('movie_status', { view: 'missing', term: 'zzzz-no-such-title' })), /No movie in the library has "zzzz-no-such-title"/)
  t.match(errorText(await s.call('series_status', { view: 'queue', term: oneSeries.title, id: oneSeries.id })), /id or term, not both/)
})

t.test('an id with no view asks about that title, not the library page', async t => {
  const one = ok(await s.call('series_status', { id: oneSeries.id }))
  t.equal(one.view, 'series')
  t.equal(one.series.seriesId, oneSeries.id)
  t.ok(one.items.every((x: any) => x.kind === 'season'), 'its seasons')
  const movie = ok(await s.call('movie_status', { id: oneMovie.id }))
  t.equal(movie.view, 'movie')
  t.same(movie.items.map((m: any) => m.movieId), [oneMovie.id])
  t.equal(ok(await s.call('series_status', {})).view, 'library', 'no id: the library')
})
