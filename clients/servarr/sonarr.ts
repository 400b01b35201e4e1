// Sonarr (the series manager): the series-specific calls on top of the shared Servarr core.
import { createServarrCore, type ServarrOptions } from './core.js'
import type { Episode, EpisodeFile, Paged, Series } from './types.js'
import { SERIES_LIST_FIELDS, projectSeries } from './library.js'

const SERIES_PATHS = ['path', 'rootFolderPath']

export function createSonarrClient (opts: Omit<ServarrOptions, 'service'>) {
  const core = createServarrCore({ ...opts, service: 'Sonarr' })
  const { api, write, ours, paths } = core
  const series = (s: Series) => ours(s, SERIES_PATHS)
  const episode = (e: Episode): Episode => ({
    ...e,
    ...(e.episodeFile ? { episodeFile: ours(e.episodeFile, ['path']) } : {}),
    ...(e.series ? { series: series(e.series) } : {})
  })
  /** The body as the manager must see it: our paths turned back into the manager's. */
  const toBackend = (s: Partial<Series>): Partial<Series> => ({
    ...s,
    ...(typeof s.path === 'string' ? { path: paths.toBackend(s.path) } : {}),
    ...(typeof s.rootFolderPath === 'string' ? { rootFolderPath: paths.toBackend(s.rootFolderPath) } : {})
  })

  return {
    ...core,
    kind: 'series' as const,
    /** Every library series, library fields only (projectSeries), in sort-title order; cached, shared: do not modify. */
    listSeries: (signal?: AbortSignal, o?: { fresh?: boolean }) => core.libraryList('series', '/series', raw => projectSeries(raw, paths.toOurs), { signal, fields: SERIES_LIST_FIELDS, fresh: o?.fresh }),
    /** Fetches the series list now and keeps it renewed in the background (plugins/library-prefetch.ts). */
    prefetch: (afterFetch?: () => void) => core.keepLibraryWarm('series', '/series', raw => projectSeries(raw, paths.toOurs), { fields: SERIES_LIST_FIELDS, afterFetch }),
    /** One series, or undefined when the id is not in the library. */
    async getSeries (id: number): Promise<Series | undefined> {
      const res = await core.api<Series | null>({ path: `/series/${id}`, allowStatus: [404] })
      return res && typeof res === 'object' && 'id' in res ? series(res) : undefined
    },
    /** The library series with this TVDB id, if any. */
    seriesByTvdbId: async (tvdbId: number) => (await api<Series[]>({ path: '/series', query: { tvdbId } })).map(series)[0],
    /** Catalogue search (text or "tvdb:<id>"); items already in the library have a non-zero id. */
    lookup: async (term: string, signal?: AbortSignal) => (await api<Series[]>({ path: '/series/lookup', kind: 'command', query: { term }, deadlineMs: 30_000, signal })).map(series),
    addSeries: async (body: Partial<Series>) => series(await write<Series>({ method: 'POST', path: '/series', json: toBackend(body) }, 'add the series')),
    updateSeries: async (body: Series) => series(await write<Series>({ method: 'PUT', path: `/series/${body.id}`, json: toBackend(body) }, 'update the series')),
    deleteSeries: (id: number, o: { deleteFiles: boolean, addImportListExclusion: boolean }) =>
      api<null>({ method: 'DELETE', path: `/series/${id}`, query: { deleteFiles: o.deleteFiles, addImportListExclusion: o.addImportListExclusion }, as: 'none' }),
    episodes: async (q: { seriesId: number, seasonNumber?: number, includeEpisodeFile?: boolean, signal?: AbortSignal }) =>
      (await api<Episode[]>({ path: '/episode', query: { seriesId: q.seriesId, seasonNumber: q.seasonNumber, includeEpisodeFile: q.includeEpisodeFile }, signal: q.signal })).map(episode),
    episodeFiles: async (seriesId: number) => (await api<EpisodeFile[]>({ path: '/episodefile', query: { seriesId } })).map(f => ours(f, ['path'])),
    calendar: async (q: { start: string, end: string, unmonitored?: boolean, signal?: AbortSignal }) =>
      (await api<Episode[]>({ path: '/calendar', query: { start: q.start, end: q.end, unmonitored: q.unmonitored, includeSeries: true }, signal: q.signal })).map(episode),
    /**
     * Episodes whose file is below its profile's cutoff (Sonarr v4.0.19.2979 src/Sonarr.Api.V3/Wanted/
     * CutoffController.cs; the rule in NzbDrone.Core/Tv/EpisodeCutoffService.cs and EpisodeRepository.cs
     * EpisodesWhereCutoffUnmetBuilder): with the series and the file, monitored only.
     */
    async cutoffUnmet (q: { page: number, pageSize: number, signal?: AbortSignal }): Promise<Paged<Episode>> {
      const data = await api<Paged<Episode>>({ path: '/wanted/cutoff', query: { page: q.page, pageSize: q.pageSize, includeSeries: true, includeEpisodeFile: true, monitored: true, sortKey: 'series.sortTitle', sortDirection: 'ascending' }, signal: q.signal })
      return { ...data, records: (data.records ?? []).map(episode) }
    },
    async missing (q: { page: number, pageSize: number, signal?: AbortSignal }): Promise<Paged<Episode>> {
      const data = await api<Paged<Episode>>({ path: '/wanted/missing', query: { page: q.page, pageSize: q.pageSize, includeSeries: true, monitored: true, sortKey: 'episodes.airDateUtc', sortDirection: 'descending' }, signal: q.signal })
      return { ...data, records: (data.records ?? []).map(episode) }
    }
  }
}

export type SonarrClient = ReturnType<typeof createSonarrClient>
