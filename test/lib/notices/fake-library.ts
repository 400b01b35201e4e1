// A ToolRunner answering the reads the notice checks make (series_status, movie_status, search_media,
// show_details) from a small mutable library, in the shapes those tools return. Tests move it along:
// import an episode or a movie (the manager's history gets a downloadFolderImported event), list it on the
// media server, or take the media server away.
import type { ToolRunner, ToolRunResult } from '../../../lib/chat/types.js'

interface Episode { episodeId: number, seasonNumber: number, episodeNumber: number, title: string, hasFile: boolean, monitored: boolean, aired: boolean }
interface Movie { movieId: number, tmdbId: number, title: string, year: number, hasFile: boolean }
interface History { eventType: string, date: string, episodeId?: number, movieId?: number, seriesId?: number }

export function fakeLibrary (now: () => Date) {
  const series = { seriesId: 7, tvdbId: 3700, title: 'Severance' }
  const episodes: Episode[] = []
  for (let s = 1; s <= 2; s++) {
    for (let e = 1; e <= 3; e++) episodes.push({ episodeId: s * 100 + e, seasonNumber: s, episodeNumber: e, title: `Ep ${s}.${e}`, hasFile: s === 1, monitored: true, aired: true })
  }
  const movie: Movie = { movieId: 42, tmdbId: 949, title: 'Heat', year: 1995, hasFile: false }
  const history: History[] = []
  const media = { configured: true, reachable: true, movieListed: false, seriesListed: true, episodes: new Set(['1x1', '1x2', '1x3']) }
  const calls: string[] = []

  const ok = (structured: Record<string, unknown>): ToolRunResult => ({ isError: false, text: 'ok', structured })
  const fail = (text: string): ToolRunResult => ({ isError: true, text })

  function seasonRow (n: number) {
    const eps = episodes.filter(e => e.seasonNumber === n)
    const withFile = eps.filter(e => e.hasFile).length
    return { kind: 'season', seasonNumber: n, episodeFileCount: withFile, episodeCount: eps.filter(e => e.hasFile || (e.monitored && e.aired)).length }
  }

  const runner: ToolRunner & { calls: string[] } = {
    calls,
    list: () => [],
    async call (name, args) {
      calls.push(`${name} ${JSON.stringify(args)}`)
      const byDate = (h: History[]) => [...h].sort((a, b) => b.date.localeCompare(a.date))
      if (name === 'series_status') {
        if (args.id !== series.seriesId && args.term !== 'Severance') return fail(`No series with seriesId ${String(args.id ?? args.term)} in the library.`)
        if (args.view === 'history') return ok({ view: 'history', items: byDate(history.filter(h => h.seriesId === series.seriesId)) })
        const seasons = [seasonRow(1), seasonRow(2)]
        const fileCount = seasons.reduce((n, s) => n + s.episodeFileCount, 0)
        const all = { kind: 'series', ...series, episodeFileCount: fileCount, episodeCount: seasons.reduce((n, s) => n + s.episodeCount, 0) }
        if (args.view === 'series') return ok({ view: 'series', series: all, items: seasons })
        if (args.view === 'season') return ok({ view: 'season', series: all, items: episodes.filter(e => e.seasonNumber === args.seasonNumber).map(e => ({ kind: 'episode', ...e })) })
      }
      if (name === 'movie_status') {
        if (args.id !== movie.movieId) return fail('No movie with movieId in the library.')
        if (args.view === 'history') return ok({ view: 'history', items: byDate(history.filter(h => h.movieId === movie.movieId)) })
        if (args.view === 'movie') return ok({ view: 'movie', items: [{ kind: 'movie', ...movie }] })
      }
      if (name === 'search_media') {
        if (!media.configured) return fail('Jellyfin is not configured: set MEDIA_SERVER_API_KEY (Jellyfin Dashboard → API Keys) and restart.')
        if (!media.reachable) return fail('Jellyfin did not answer (connection refused).')
        const items = []
        if ((args.types as string[]).includes('Movie') && media.movieListed) items.push({ id: 'a'.repeat(32), name: 'Heat', type: 'Movie', providerIds: { tmdb: String(movie.tmdbId) } })
        if ((args.types as string[]).includes('Series') && media.seriesListed) items.push({ id: 'b'.repeat(32), name: 'Severance', type: 'Series', providerIds: { tvdb: String(series.tvdbId) } })
        return ok({ items, total: items.length })
      }
      if (name === 'show_details') {
        if (!media.reachable) return fail('Jellyfin did not answer (connection refused).')
        const numbers = [...media.episodes].map(k => k.split('x').map(Number))
        const seasons = [1, 2].map(n => ({ seasonNumber: n, episodeCount: numbers.filter(([s]) => s === n).length }))
        if (args.season === undefined) return ok({ series: { id: 'b'.repeat(32), name: 'Severance' }, seasons })
        if (!numbers.some(([s]) => s === args.season)) return fail(`"Severance" has no season ${String(args.season)} in the library.`)
        return ok({ seasons, episodes: { items: numbers.filter(([s]) => s === args.season).map(([s, e]) => ({ type: 'Episode', seasonNumber: s, episodeNumber: e })) } })
      }
      return fail(`unexpected call ${name}`)
    }
  }

  return {
    runner,
    movie,
    media,
    /** The manager imports an episode: its file appears and history records the import. */
    importEpisode (season: number, number: number) {
      const e = episodes.find(x => x.seasonNumber === season && x.episodeNumber === number)!
      e.hasFile = true
      history.push({ eventType: 'downloadFolderImported', date: now().toISOString(), seriesId: series.seriesId, episodeId: e.episodeId })
    },
    importMovie () {
      movie.hasFile = true
      history.push({ eventType: 'downloadFolderImported', date: now().toISOString(), movieId: movie.movieId })
    },
    listEpisode (season: number, number: number) { media.episodes.add(`${season}x${number}`) }
  }
}
