// A contract-faithful Sonarr v4 (/api/v3) simulator for tests and the demo: series, lookup, episodes,
// calendar, wanted/missing and wanted/cutoff, interactive releases and grabs, manual import and commands, on top of the
// shared Servarr base (auth, faults, contract validation, queue, history, commands).
import { existsSync, statSync } from 'node:fs'
import { createServarrBase, idList, sortedPage, ACCEPTED, CREATED, type ServarrSimOptions } from './core.js'
import { registerSonarrCutoff } from './cutoff.js'
import { removeFolder, listVideos, parseName } from './files.js'
import { parseQuality } from './qualities.js'
import { dotted, generateReleases, grabRelease } from './releases.js'
import { folderName } from './seed.js'
import { registerServarrSetupRoutes } from './setup-routes.js'
import { runManualImport, manualImportCandidates } from './sonarr-import.js'
import {
  createSonarrState, episodeFileResource, episodeResource, lookupResource, pad, seriesResource, type SimEpisode, type SimSeries
} from './sonarr-state.js'

type Q = Record<string, string>
const NOOP_COMMANDS = ['RefreshSeries', 'SeriesSearch', 'SeasonSearch', 'MissingEpisodeSearch', 'RssSync', 'CheckHealth']

export async function createSonarrSimulator (opts: ServarrSimOptions) {
  const base = await createServarrBase('sonarr', opts)
  const { app, state } = base
  const st = createSonarrState(state.now(), state.media, state.profiles)
  const now = () => state.now()
  const series = (s: SimSeries) => seriesResource(st, s, now())
  base.registerSharedRoutes()
  state.seasonSize = (seriesId, seasonNumber) => (st.bySeries.get(seriesId) ?? []).filter(e => e.seasonNumber === seasonNumber).length

  app.get<{ Querystring: Q }>('/api/v3/series', async (req) =>
    [...st.series.values()].filter(s => !req.query.tvdbId || s.tvdbId === Number(req.query.tvdbId)).map(series))

  app.get<{ Params: { id: string } }>('/api/v3/series/:id', async (req, reply) => {
    const s = st.series.get(Number(req.params.id))
    return s ? series(s) : base.notFound(reply)
  })

  app.get<{ Querystring: Q }>('/api/v3/series/lookup', async (req) => {
    const term = String(req.query.term ?? '').trim()
    const tvdb = /^tvdb:\s*(\d+)$/i.exec(term)
    const matches = tvdb
      ? [st.catalogue.get(Number(tvdb[1]))].filter(c => c !== undefined)
      : [...st.catalogue.values()].filter(c => term.length > 0 && c.title.toLowerCase().includes(term.toLowerCase())).slice(0, 50)
    return matches.map(c => {
      const inLibrary = [...st.series.values()].find(s => s.tvdbId === c.tvdbId)
      return inLibrary ? series(inLibrary) : lookupResource(c)
    })
  })

  app.post<{ Body: Record<string, any> }>('/api/v3/series', async (req, reply) => {
    const b = req.body ?? {}
    const failures = []
    if (!b.title) failures.push({ propertyName: 'Title', errorMessage: "'Title' must not be empty.", errorCode: 'NotEmptyValidator', attemptedValue: b.title ?? null })
    if (!(Number(b.tvdbId) > 0)) failures.push({ propertyName: 'TvdbId', errorMessage: "'Tvdb Id' must be greater than '0'.", errorCode: 'GreaterThanValidator', attemptedValue: b.tvdbId ?? 0 })
    if (!state.profiles.some(p => p.id === b.qualityProfileId)) failures.push({ propertyName: 'QualityProfileId', errorMessage: 'Quality Profile does not exist', errorCode: 'QualityProfileExistsValidator', attemptedValue: b.qualityProfileId ?? 0 })
    if (!b.path && !b.rootFolderPath) failures.push({ propertyName: 'Path', errorMessage: "'Path' must not be empty.", errorCode: 'NotEmptyValidator', attemptedValue: null })
    else if (!b.path && !state.rootFolders.some(r => r.path === b.rootFolderPath)) failures.push({ propertyName: 'RootFolderPath', errorMessage: `Root folder '${b.rootFolderPath}' does not exist`, errorCode: 'RootFolderExistsValidator', attemptedValue: b.rootFolderPath })
    if ([...st.series.values()].some(s => s.tvdbId === Number(b.tvdbId))) failures.push({ propertyName: 'TvdbId', errorMessage: 'This series has already been added', errorCode: 'SeriesExistsValidator', attemptedValue: b.tvdbId })
    const path = String(b.path ?? `${b.rootFolderPath}/${folderName(String(b.title), Number(b.year) || 0)}`)
    if ([...st.series.values()].some(s => s.path === path)) failures.push({ propertyName: 'Path', errorMessage: 'Path is already configured for an existing series', errorCode: 'SeriesPathValidator', attemptedValue: path })
    if (failures.length) return base.invalid(reply, failures)
    const c = st.catalogue.get(Number(b.tvdbId))
    const s = st.createSeries({
      tvdbId: Number(b.tvdbId),
      title: String(b.title),
      year: Number(b.year) || c?.year || 0,
      status: c?.status ?? 'continuing',
      overview: c?.overview ?? '',
      network: c?.network ?? '',
      seriesType: b.seriesType ?? 'standard',
      path,
      rootFolderPath: String(b.rootFolderPath ?? path.replace(/\/[^/]+$/, '')),
      qualityProfileId: Number(b.qualityProfileId),
      monitored: b.monitored !== false,
      seasonFolder: b.seasonFolder !== false,
      tags: Array.isArray(b.tags) ? b.tags : []
    })
    applyMonitoring(s, String(b.addOptions?.monitor ?? 'all'), b.seasons)
    return reply.code(CREATED).send(series(s))
  })

  app.put<{ Params: { id: string }, Body: Record<string, any> }>('/api/v3/series/:id', async (req, reply) => {
    const s = st.series.get(Number(req.params.id))
    if (!s) return base.notFound(reply)
    const b = req.body ?? {}
    if (b.qualityProfileId !== undefined && !state.profiles.some(p => p.id === b.qualityProfileId)) {
      return base.invalid(reply, [{ propertyName: 'QualityProfileId', errorMessage: 'Quality Profile does not exist', errorCode: 'QualityProfileExistsValidator', attemptedValue: b.qualityProfileId }])
    }
    for (const k of ['qualityProfileId', 'monitored', 'seasonFolder', 'seriesType', 'tags'] as const) if (b[k] !== undefined) (s as any)[k] = b[k]
    for (const season of (b.seasons ?? []) as Array<{ seasonNumber: number, monitored: boolean }>) {
      if (s.seasonsMonitored[season.seasonNumber] === season.monitored) continue
      s.seasonsMonitored[season.seasonNumber] = season.monitored
      for (const ep of st.bySeries.get(s.id) ?? []) if (ep.seasonNumber === season.seasonNumber) ep.monitored = season.monitored
    }
    return reply.code(ACCEPTED).send(series(s))
  })

  const exclusions: Array<{ id: number, tvdbId: number, title: string }> = []
  app.delete<{ Params: { id: string }, Querystring: Q }>('/api/v3/series/:id', async (req, reply) => {
    const s = st.series.get(Number(req.params.id))
    if (!s) return base.notFound(reply)
    if (req.query.deleteFiles === 'true') removeFolder(base.disk, s.path)
    // SeriesDeletedEvent with AddImportListExclusion: the series' TvdbId goes on the exclusion list (Sonarr
    // v4.0.19.2979 src/NzbDrone.Core/ImportLists/Exclusions/ImportListExclusionService.cs HandleAsync).
    if (req.query.addImportListExclusion === 'true' && !exclusions.some(e => e.tvdbId === s.tvdbId)) {
      exclusions.push({ id: exclusions.length + 1, tvdbId: s.tvdbId, title: s.title })
    }
    st.removeSeries(s.id)
    return reply.code(200).send()
  })

  // GET /api/v3/importlistexclusion/paged (Sonarr v4.0.19.2979 src/Sonarr.Api.V3/ImportLists/
  // ImportListExclusionController.cs): sort keys id (the default), title, tvdbId. The un-paged GET is marked
  // Obsolete there and is not served here.
  app.get<{ Querystring: Q }>('/api/v3/importlistexclusion/paged', async (req) => sortedPage(exclusions, req.query, ['id', 'title', 'tvdbId']))

  app.get<{ Querystring: Q }>('/api/v3/episode', async (req, reply) => {
    const ids = idList(req.query, 'episodeIds')
    if (!req.query.seriesId && !ids) return base.invalid(reply, [{ propertyName: 'SeriesId', errorMessage: 'seriesId or episodeIds must be provided', errorCode: 'NotEmptyValidator' }])
    let list: SimEpisode[] = ids ? ids.map(id => st.episodes.get(id)).filter((e): e is SimEpisode => !!e) : st.bySeries.get(Number(req.query.seriesId)) ?? []
    if (req.query.seasonNumber !== undefined) list = list.filter(e => e.seasonNumber === Number(req.query.seasonNumber))
    return list.map(e => episodeResource(st, e, { includeFile: req.query.includeEpisodeFile === 'true', includeSeries: req.query.includeSeries === 'true', now: now() }))
  })

  app.get<{ Params: { id: string } }>('/api/v3/episode/:id', async (req, reply) => {
    const e = st.episodes.get(Number(req.params.id))
    return e ? episodeResource(st, e, { includeFile: true, includeSeries: true, now: now() }) : base.notFound(reply)
  })

  app.get<{ Querystring: Q }>('/api/v3/episodefile', async (req) =>
    [...st.files.values()].filter(f => f.seriesId === Number(req.query.seriesId)).map(episodeFileResource))

  app.get<{ Querystring: Q }>('/api/v3/calendar', async (req) => {
    const start = Date.parse(req.query.start ?? '') || now() - 86_400_000
    const end = Date.parse(req.query.end ?? '') || start + 2 * 86_400_000
    const all = req.query.unmonitored === 'true'
    return [...st.episodes.values()]
      .filter(e => { const t = Date.parse(e.airDateUtc); return t >= start && t < end && (all || (e.monitored && st.series.get(e.seriesId)?.monitored)) })
      .sort((a, b) => a.airDateUtc.localeCompare(b.airDateUtc))
      .map(e => episodeResource(st, e, { includeSeries: req.query.includeSeries === 'true', now: now() }))
  })

  registerSonarrCutoff(app, st, () => state.profiles, now)

  app.get<{ Querystring: Q }>('/api/v3/wanted/missing', async (req) => {
    const missing = [...st.episodes.values()]
      .filter(e => e.monitored && e.episodeFileId === 0 && Date.parse(e.airDateUtc) < now() && st.series.get(e.seriesId)?.monitored)
      .sort((a, b) => b.airDateUtc.localeCompare(a.airDateUtc))
    const page = base.paged(missing, req.query, 'episodes.airDateUtc')
    return { ...page, records: page.records.map(e => episodeResource(st, e, { includeSeries: req.query.includeSeries === 'true', now: now() })) }
  })

  app.get<{ Querystring: Q }>('/api/v3/release', async (req, reply) => {
    const episode = req.query.episodeId ? st.episodes.get(Number(req.query.episodeId)) : undefined
    const s = st.series.get(episode?.seriesId ?? Number(req.query.seriesId))
    if (!s || (req.query.episodeId && !episode) || (!episode && req.query.seasonNumber === undefined)) return base.notFound(reply)
    const season = episode?.seasonNumber ?? Number(req.query.seasonNumber)
    const eps = episode ? [episode] : (st.bySeries.get(s.id) ?? []).filter(e => e.seasonNumber === season)
    if (eps.length === 0) return []
    const existing = episode?.episodeFileId ? st.files.get(episode.episodeFileId)?.quality : undefined
    return generateReleases(base, 'sonarr', {
      name: `${dotted(s.title)}.S${pad(season)}${episode ? `E${pad(episode.episodeNumber)}` : ''}`,
      profile: state.profiles.find(p => p.id === s.qualityProfileId)!,
      existing,
      target: { seriesId: s.id, seasonNumber: season, episodeIds: eps.map(e => e.id) },
      fields: {
        fullSeason: !episode,
        seasonNumber: season,
        seriesTitle: s.title,
        episodeNumbers: episode ? [episode.episodeNumber] : [],
        absoluteEpisodeNumbers: [],
        mappedSeasonNumber: season,
        mappedEpisodeNumbers: eps.map(e => e.episodeNumber),
        mappedAbsoluteEpisodeNumbers: [],
        mappedSeriesId: s.id,
        languageWeight: 0,
        tvdbId: s.tvdbId,
        tvRageId: 0,
        episodeRequested: true,
        indexerFlags: 0,
        isDaily: false,
        isAbsoluteNumbering: false,
        isPossibleSpecialEpisode: false,
        special: false,
        seriesId: s.id,
        ...(episode ? { episodeId: episode.id } : {}),
        episodeIds: eps.map(e => e.id)
      }
    })
  })

  app.post<{ Body: Record<string, unknown> }>('/api/v3/release', async (req, reply) => grabRelease(base, 'sonarr', req.body, reply, id => st.episodes.get(id)))

  app.get<{ Querystring: Q }>('/api/v3/manualimport', async (req) => manualImportCandidates(base, st, req.query))

  base.onCommand('ManualImport', cmd => runManualImport(base, st, cmd))
  base.onCommand('RescanSeries', cmd => rescan(cmd.body.seriesId === undefined ? [...st.series.values()] : [st.series.get(Number(cmd.body.seriesId))]))
  for (const name of NOOP_COMMANDS) base.onCommand(name, () => undefined)
  // A search stamps each episode it searched (ReleaseSearchService.cs 539 @ v4.0.19.2979:
  // criteriaBase.Episodes.ForEach(e => e.LastSearchTime = lastSearchTime)); no indexer answers here, so nothing is grabbed.
  base.onCommand('EpisodeSearch', cmd => {
    for (const id of Array.isArray(cmd.body.episodeIds) ? cmd.body.episodeIds : []) { const e = st.episodes.get(Number(id)); if (e) e.lastSearchTime = new Date(now()).toISOString() }
    return undefined
  })

  /** Rescan: files that appeared in a series folder on disk become episode files; vanished ones are dropped. */
  function rescan (list: Array<SimSeries | undefined>): string {
    let found = 0
    for (const s of list) {
      if (!s) throw new Error('Series does not exist')
      const real = base.disk.real(s.path)
      if (!real || !existsSync(real) || !statSync(real).isDirectory()) continue
      for (const f of [...st.files.values()].filter(f => f.seriesId === s.id)) {
        const fr = base.disk.real(f.path)
        if (fr && !existsSync(fr)) { st.files.delete(f.id); for (const ep of st.bySeries.get(s.id) ?? []) if (ep.episodeFileId === f.id) ep.episodeFileId = 0 }
      }
      const known = new Set([...st.files.values()].map(f => f.path))
      for (const v of listVideos(base.disk, s.path).filter(v => !known.has(v.seenPath))) {
        const p = parseName(v.name)
        const eps = (st.bySeries.get(s.id) ?? []).filter(e => e.seasonNumber === p.season && p.episodes.includes(e.episodeNumber))
        if (eps.length === 0) continue
        const file = st.addFile(s, eps, parseQuality('sonarr', v.name), v.size, '')
        file.path = v.seenPath
        file.relativePath = v.seenPath.slice(s.path.length + 1)
        found++
      }
    }
    return found ? `Found ${found} new episode files` : 'Completed'
  }

  function applyMonitoring (s: SimSeries, monitor: string, seasons?: Array<{ seasonNumber: number, monitored: boolean }>) {
    const eps = st.bySeries.get(s.id) ?? []
    const last = Math.max(0, ...eps.map(e => e.seasonNumber))
    const t = now()
    const pick: Record<string, (e: SimEpisode) => boolean> = {
      all: () => true,
      future: e => Date.parse(e.airDateUtc) >= t,
      missing: e => e.episodeFileId === 0,
      existing: e => e.episodeFileId > 0,
      firstSeason: e => e.seasonNumber === 1,
      lastSeason: e => e.seasonNumber === last,
      latestSeason: e => e.seasonNumber === last,
      pilot: e => e.seasonNumber === 1 && e.episodeNumber === 1,
      recent: e => Date.parse(e.airDateUtc) >= t - 90 * 86_400_000,
      none: () => false
    }
    const skip = monitor === 'skip' || monitor === 'unknown'
    for (const e of eps) {
      e.monitored = skip ? seasons?.find(x => x.seasonNumber === e.seasonNumber)?.monitored ?? true : (pick[monitor] ?? pick.all)(e)
    }
    for (const n of new Set(eps.map(e => e.seasonNumber))) s.seasonsMonitored[n] = eps.some(e => e.seasonNumber === n && e.monitored)
  }

  // First-run setup (POST /api/setup) wires download clients and root folders through these.
  const setup = opts.setupRoutes === false ? undefined : registerServarrSetupRoutes(base)
  const server = await base.listen()
  return { url: server.url, apiKey: opts.apiKey, state: Object.assign(state, { library: st }), disk: base.disk, downloadClients: setup?.downloadClients, violations: base.violations, faults: base.faults, requests: base.requests, close: server.close }
}

export type SonarrSimulator = Awaited<ReturnType<typeof createSonarrSimulator>>
