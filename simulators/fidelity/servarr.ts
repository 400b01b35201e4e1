// Sonarr (read at v4.0.19.2979) and Radarr (read at v6.0.3.10276; v5.28.0.10274 agrees on every row here).
// They share one codebase: the rows both call are written once, each citing its own repository.
import type { FidelityRow } from './types.js'

type Arr = 'Sonarr' | 'Radarr'
const TAGS: Record<Arr, string> = { Sonarr: 'v4.0.19.2979', Radarr: 'v6.0.3.10276' }

function arr (service: Arr) {
  const api = (file: string) => ({ repo: `${service}/${service}`, path: `src/${service}.Api.V3/${file}`, tag: TAGS[service] })
  const core = (file: string) => ({ repo: `${service}/${service}`, path: `src/NzbDrone.Core/${file}`, tag: TAGS[service] })
  const row = (method: string, path: string, source: FidelityRow['source'], behaviours: string[], simulatorOnly?: string): FidelityRow =>
    ({ service, method, path: `/api/v3${path}`, source, behaviours, ...(simulatorOnly ? { simulatorOnly } : {}) })
  return { api, core, row }
}

const PAGING = 'Paging: page defaults to 1, pageSize to 10, sortDirection to descending (PagingResource); answers {page, pageSize, totalRecords, records}'
const VALIDATION = 'Validation failures → 400 with a JSON array of {propertyName, errorMessage, errorCode}'

function shared (service: Arr): FidelityRow[] {
  const { api, core, row } = arr(service)
  const sonarr = service === 'Sonarr'
  const idParam = sonarr ? 'seriesIds' : 'movieIds'
  const grabbed = sonarr ? 'EpisodeGrabbedEvent' : 'MovieGrabbedEvent'
  return [
    row('GET', '/system/status', api('System/SystemController.cs'), [`Answers SystemResource with version (e.g. "${TAGS[service].slice(1)}"); the probe reads it`]),
    row('GET', '/qualityprofile', api('Profiles/Quality/QualityProfileController.cs'), ['Answers every quality profile (bare array)']),
    row('GET', '/rootfolder', api('RootFolders/RootFolderController.cs'), [
      'Answers every root folder with its path as the manager sees it',
      `RootFolderService.GetDetails (${core('RootFolders/RootFolderService.cs').path}): a folder that exists is accessible, with freeSpace the free space of its disk (the mount's AvailableFreeSpace, src/NzbDrone.Mono/Disk/DiskProvider.cs; the simulator reads it with statfs of the mapped folder); a missing one is {id, path, accessible: false}: freeSpace and unmappedFolders stay null and the API leaves nulls out (STJson WhenWritingNull)`,
      'No totalSpace: the model has one, RootFolderResource does not',
      'Simulator stand-in: a folder with no real disk behind it (a simulator started without a disk mapping) answers accessible with 2 TB free'
    ]),
    row('POST', '/rootfolder', api('RootFolders/RootFolderController.cs'), [
      'Path must be absolute, exist, be writable, and not be a system, startup or recycle-bin folder or a mapped network drive',
      VALIDATION, '201 Created with the root folder, its details as GET gives them (RootFolderService.Add runs GetDetails)'
    ]),
    row('GET', '/tag', api('Tags/TagController.cs'), ['Answers every tag {id, label}']),
    row('POST', '/tag', api('Tags/TagController.cs'), [
      sonarr
        ? 'No validator on the label (unlike Radarr): any text is taken'
        : 'Label must be non-empty and match ^[a-z0-9-]+$ case-insensitively, else 400 "Allowed characters a-z, 0-9 and -"',
      `TagService.Add (${core('Tags/TagService.cs').path}): the tag whose label is exactly the one sent comes back; otherwise the label is stored lower-cased; 201 Created`,
      `Label is UNIQUE (${core(sonarr ? 'Datastore/Migration/079_dedupe_tags.cs' : 'Datastore/Migration/001_initial_setup.cs').path}): a label differing only in case from a stored one fails the insert, a SQLite "constraint failed" on a POST → 409 (${service}.Http/ErrorManagement/${service}ErrorPipeline.cs)`,
      ...(sonarr ? ['A null label → NullReferenceException (tag.Label.ToLowerInvariant()) → 500'] : [])
    ], 'tests tag titles (e.g. the keep tag of the watched cleanup)'),
    row('GET', '/queue', api('Queue/QueueController.cs'), [
      PAGING,
      `${idParam} (repeated) filters; include${sonarr ? 'UnknownSeriesItems' : 'UnknownMovieItems'} defaults to false`,
      `The queue is what DownloadMonitoringService last refreshed: after ${grabbed} the refresh runs through a 5 s Debouncer (NzbDrone.Core/Download/TrackedDownloads/DownloadMonitoringService.cs), so a grab is not in the queue for about 5 s`,
      'Stuck items (simulators/servarr/stuck.ts): trackedDownloadState importBlocked, or importPending with trackedDownloadStatus warning, with the reasons in statusMessages (NzbDrone.Core/Download/CompletedDownloadService.cs); failedPending (FailedDownloadService.cs), with no timeleft and no estimatedCompletionTime (QueueService.cs sets EstimatedCompletionTime only when the client RemainingTime has a value; a failed item has none); a qBittorrent stalledDL torrent is status warning with errorMessage "The download is stalled with no connections" (Download/Clients/QBittorrent/QBittorrent.cs)'
    ]),
    row('DELETE', '/queue/{id}', api('Queue/QueueController.cs'), [
      'removeFromClient defaults to TRUE (the download and its data go from the download client); blocklist, skipRedownload, changeCategory default false',
      'A pending release with that id is removed first; no tracked download with that id → 404',
      'blocklist=true marks the download failed (NzbDrone.Core/Download/FailedDownloadService.cs MarkAsFailed): a blocklist entry and a downloadFailed history record, both "Manually marked as failed"; unless skipRedownload, RedownloadFailedDownloadService.cs searches again (' +
        (sonarr ? 'EpisodeSearch, or SeasonSearch when the download was the whole season)' : 'MoviesSearch for the movie)') + '; the release is then rejected with "Release is blocklisted" (BlocklistSpecification.cs)'
    ]),
    row('GET', '/history/since', api('History/HistoryController.cs'), [
      'GetHistorySince(date, eventType): every record with date >= the given date, only of that event type when given (the enum\'s name, e.g. downloadFolderImported), oldest first, unpaged (HistoryRepository.cs Since)',
      `An import from a download folder (${core('History/HistoryService.cs').path} Handle(${sonarr ? 'EpisodeImportedEvent' : 'MovieFileImportedEvent'})) is recorded only for a new download, ${sonarr ? 'once per episode of the file, each' : 'once'} with data fileId, droppedPath, importedPath, downloadClient, downloadClientName, releaseGroup, customFormatScore, size (the file’s bytes, as text), indexerFlags${sonarr ? ', releaseType' : ''} (camelCase keys: STJson DictionaryKeyPolicy)`
    ]),
    row('GET', '/history', api('History/HistoryController.cs'), [
      PAGING,
      `eventType (repeated int), downloadId and ${idParam} filter; include${sonarr ? 'Series/includeEpisode' : 'Movie'} add the related records`
    ]),
    row('GET', '/release', api('Indexers/ReleaseController.cs'), [
      sonarr
        ? 'episodeId → episode search; seriesId + seasonNumber → season search; anything else → the RSS feeds, not an error'
        : 'movieId → movie search; without it → the RSS feeds, not an error',
      'A failed search → 400 with the failure message; other errors → 500',
      'Each release is cached for 30 minutes, keyed by indexerId + guid, for POST /release',
      'protocol is the release\'s (torrent or usenet); a Usenet release has no infoHash, seeders or leechers (ReleaseResource.cs takes them from a TorrentInfo it does not have; nulls are left out) and is never rejected for seeders'
    ]),
    row('POST', '/release', api('Indexers/ReleaseController.cs'), [
      'Body {guid, indexerId}: not in the 30-minute cache → 404 "Couldn\'t find requested release in cache, try searching again"',
      sonarr
        ? 'Cached but unmatched → 404 "Unable to parse episodes in the release, will need to be manually provided" or "Unable to find matching series and episodes, will need to be manually provided"'
        : 'Cached but unmatched → 404 "Unable to find matching movie, will need to be manually provided"',
      'The indexer download fails → 409 "Getting release from indexer failed"',
      `The grab goes to the download client: the queue row and the grabbed history name it (QueueResource.DownloadClient = the client's own name, ${core('Download/DownloadClientItem.cs').path}) and carry its id as downloadId: a torrent's info hash upper-case (Download/TorrentClientBase.cs), SABnzbd's nzo_id (Download/Clients/Sabnzbd/Sabnzbd.cs), NZBGet's "drone" parameter of 32 hex digits (Download/Clients/Nzbget/NzbgetProxy.cs DownloadNzb)`
    ]),
    row('GET', '/manualimport', api('ManualImport/ManualImportController.cs'), [
      sonarr
        ? 'With seriesId, folder is IGNORED: the answer lists that series\' existing library files (ManualImportService.GetMediaFiles(seriesId, seasonNumber))'
        : 'With movieId and no downloadId, folder is IGNORED: the answer lists that movie\'s existing library files',
      'A candidate carries downloadId only when the query passed downloadId (ManualImportService.MapItem); without it the import is untracked',
      'downloadId of a tracked download scans that download\'s output path; filterExistingFiles defaults to true',
      sonarr
        ? 'Rejections carry the real texts: "Invalid season or episode", "Unable to parse file" (ImportDecisionMaker), "Episodes not selected" (ManualImportService)'
        : 'Rejections carry the real texts of ImportDecisionMaker (e.g. "Unable to parse file")'
    ]),
    row('POST', '/command', api('Commands/CommandController.cs'), [
      'name is matched case-insensitively against the command class names without "Command" (RescanSeries = rescanseries); 201 Created with the command',
      'RefreshMonitoredDownloads refreshes the queue now (DownloadMonitoringService.Execute), instead of waiting for the 5 s debounce after a grab',
      'ManualImport runs at high priority; with importMode auto an untracked file (no downloadId) is MOVED, a tracked one copied when the client cannot release it (ImportApproved* CanMoveFiles)',
      `Per-file failures ("Failed to import ${sonarr ? 'episode' : 'movie'}, Destination already exists.", "…Root folder missing.", exceptions) are caught in ImportApproved${sonarr ? 'Episodes' : 'Movie'}: the command still completes (${core(sonarr ? 'MediaFiles/EpisodeImport/ImportApprovedEpisodes.cs' : 'MediaFiles/MovieImport/ImportApprovedMovie.cs').path})`,
      sonarr
        ? `EpisodeSearch {episodeIds} searches those episodes and stamps each one's lastSearchTime (${core('IndexerSearch/EpisodeSearchCommand.cs').path}; ${core('IndexerSearch/ReleaseSearchService.cs').path} 539); the simulator has no indexer, so nothing is grabbed`
        : `MoviesSearch {movieIds} searches those movies and stamps each one's lastSearchTime (${core('IndexerSearch/MoviesSearchCommand.cs').path}; ${core('IndexerSearch/ReleaseSearchService.cs').path} 123); the simulator has no indexer, so nothing is grabbed`
    ]),
    row('GET', '/command/{id}', api('Commands/CommandController.cs'), ['Answers the command with status queued, started, completed, failed, aborted, cancelled or orphaned; unknown id → 404']),
    row('GET', '/command', api('Commands/CommandController.cs'), ['GetStartedCommands: every command the queue manager holds (bare array), ordered by status, then priority descending'], 'tests watch the commands a tool started'),
    row('GET', '/blocklist', api('Blocklist/BlocklistController.cs'), [
      PAGING,
      `Sort keys date (the default, descending), indexer, ${sonarr ? 'series.sortTitle' : 'languages, movieMetadata.sortTitle, quality'}, sourceTitle; ${idParam} and protocols filter`
    ], 'tests check what removing a stuck download with blocklist=true blocklisted'),
    { service, method: 'GET', path: '/ping', source: { repo: `${service}/${service}`, path: `src/${service}.Http/Ping/PingController.cs`, tag: TAGS[service] }, behaviours: ['[AllowAnonymous]: no key needed; {"status": "OK"}, or 500 {"status": "Error"} when the configuration cannot be read'], simulatorOnly: 'tests and health checks of the simulator' },
    row('GET', '/downloadclient', api('DownloadClient/DownloadClientController.cs'), ['Provider list; apiKey/password field values are masked "********" (SchemaBuilder privacy)']),
    row('POST', '/downloadclient', api('ProviderControllerBase.cs'), [
      'An enabled client is tested before it is saved (connects to it) unless forceSave=true; a failed test → 400 validation failures',
      'Implementations QBittorrent, Transmission, Deluge (protocol torrent), Sabnzbd and Nzbget (protocol usenet), each with its settings fields (Download/Clients/Sabnzbd/SabnzbdSettings.cs 47-72: host, port, useSsl, urlBase, apiKey, username, password, tvCategory / movieCategory; Nzbget/NzbgetSettings.cs the same without apiKey)',
      VALIDATION, '201 Created'
    ])
  ]
}

function sonarrOnly (): FidelityRow[] {
  const { api, core, row } = arr('Sonarr')
  return [
    row('GET', '/series', api('Series/SeriesController.cs'), [
      'tvdbId filters to that series (empty array when absent)',
      'Without tvdbId: every series in one answer, no paging, each with statistics, seasons, images and alternate titles (AllSeries); the client reads it only through its cache'
    ]),
    row('GET', '/series/{id}', api('Series/SeriesController.cs'), ['Unknown id → 404 (RestController)']),
    row('GET', '/episode/{id}', api('Episodes/EpisodeControllerWithSignalR.cs'), ['GetResourceById: the episode with its series and episode file (MapToResource with includeSeries, includeEpisodeFile, includeImages); unknown id → 404'], 'served by the simulator; no client or test calls it'),
    row('GET', '/series/lookup', api('Series/SeriesLookupController.cs'), ['term is free text or "tvdb:<id>"; series already in the library carry their id, new ones id 0', 'Each result carries the show\'s certification (e.g. "TV-MA") when the metadata has one (SeriesResource.certification); a request by a person is judged by it (lib/people/request-limits.ts)']),
    row('POST', '/series', api('Series/SeriesController.cs'), ['Title, qualityProfileId and a path or rootFolderPath are validated (root folder must exist, path not an ancestor of another series)', VALIDATION, '201 Created']),
    row('PUT', '/series/{id}', api('Series/SeriesController.cs'), ['moveFiles defaults to false: a new path is only recorded', VALIDATION]),
    row('DELETE', '/series/{id}', api('Series/SeriesController.cs'), ['deleteFiles and addImportListExclusion default to false', 'addImportListExclusion=true puts the TvdbId on the import-list exclusions (ImportListExclusionService.HandleAsync(SeriesDeletedEvent))']),
    row('GET', '/importlistexclusion/paged', api('ImportLists/ImportListExclusionController.cs'), [
      'The paged list; the un-paged GET /importlistexclusion is marked [Obsolete("Deprecated")]',
      'Sort keys id (the default), title, tvdbId; sortDirection descending unless asked (PagingResource); page 1, pageSize 10 by default'
    ], 'tests check that a delete added the exclusion'),
    row('GET', '/episode', api('Episodes/EpisodeController.cs'), ['Needs seriesId or episodeIds, else 400 "seriesId or episodeIds must be provided"; includeEpisodeFile, includeSeries default false']),
    row('GET', '/episodefile', api('EpisodeFiles/EpisodeFileController.cs'), ['Needs seriesId or episodeFileIds, else 400 "seriesId or episodeFileIds must be provided"']),
    row('GET', '/calendar', api('Calendar/CalendarController.cs'), ['start defaults to today, end to today + 2 days; unmonitored, includeSeries default false']),
    row('GET', '/wanted/missing', api('Wanted/MissingController.cs'), [PAGING, 'monitored defaults to true; includeSeries defaults to false']),
    row('GET', '/wanted/cutoff', api('Wanted/CutoffController.cs'), [
      PAGING + '; sort keys episodes.airDateUtc (default), episodes.lastSearchTime, series.sortTitle',
      'monitored (default true) keeps episodes whose episode and series are monitored; false, those where either is not; includeSeries, includeEpisodeFile default false',
      `Rows: ${core('Tv/EpisodeCutoffService.cs').path} with EpisodeRepository.cs EpisodesWhereCutoffUnmetBuilder: an episode with a file, season 1 or later (specials left out), whose file quality is one of the profile items before the cutoff (allowed or not; with upgrades not allowed, before the first allowed quality); custom-format scores play no part`
    ])
  ]
}

function radarrOnly (): FidelityRow[] {
  const { api, core, row } = arr('Radarr')
  return [
    row('GET', '/movie', api('Movies/MovieController.cs'), [
      'tmdbId filters to that movie (empty array when absent)',
      'Without tmdbId: every movie in one answer, no paging, with statistics and the movie file (AllMovie); the client reads it only through its cache',
      'excludeLocalCovers (default false) skips MapCoversToLocal and GetCoverFileInfos, which lists the whole MediaCover folder recursively (NzbDrone.Core/MediaCover/MediaCoverService.cs)'
    ]),
    row('GET', '/movie/{id}', api('Movies/MovieController.cs'), ['Unknown id → 404 (RestController)']),
    row('GET', '/movie/lookup/tmdb', api('Movies/MovieLookupController.cs'), ['SearchByTmdbId: tmdbId query; a new Movie around the metadata provider\'s answer as a MovieResource, never the library entry (no id, no file) even for a movie the library holds', 'An unknown tmdbId → MovieNotFoundException (NzbDrone.Core/Exceptions/MovieNotFoundExceptions.cs, not a client exception) → 500'], 'tests look a movie up by TMDb id'),
    row('GET', '/movie/lookup', api('Movies/MovieLookupController.cs'), ['term is free text, "tmdb:<id>" or "imdb:tt…"; movies already in the library carry their id', 'Each result carries the certification of Radarr\'s certification country (MovieResource.certification, e.g. "R"); a request by a person is judged by it (lib/people/request-limits.ts)']),
    row('POST', '/movie', api('Movies/MovieController.cs'), ['tmdbId is required and must not be in the library already; a path or rootFolderPath and qualityProfileId are validated (Title only when tmdbId is missing)', VALIDATION, '201 Created']),
    row('PUT', '/movie/{id}', api('Movies/MovieController.cs'), ['moveFiles defaults to false: a new path is only recorded', VALIDATION]),
    row('DELETE', '/movie/{id}', api('Movies/MovieController.cs'), ['deleteFiles and addImportExclusion default to false', 'addImportExclusion=true puts the TmdbId on the import-list exclusions once (ImportListExclusionService.HandleAsync(MoviesDeletedEvent))']),
    row('GET', '/exclusions/paged', api('ImportLists/ImportListExclusionController.cs'), [
      'The controller is routed at "exclusions"; the paged list; the un-paged GET /exclusions is marked [Obsolete("Deprecated")]',
      'Sort keys id (the default), movieTitle, movieYear, tmdbId; sortDirection descending unless asked (PagingResource); page 1, pageSize 10 by default'
    ], 'tests check that a delete added the exclusion'),
    row('GET', '/moviefile', api('MovieFiles/MovieFileController.cs'), ['movieId (repeated) or movieFileIds required, else 400 "movieId or movieFileIds must be provided"']),
    row('GET', '/calendar', api('Calendar/CalendarController.cs'), ['start defaults to today, end to today + 2 days; unmonitored defaults to false']),
    row('GET', '/wanted/missing', api('Wanted/MissingController.cs'), [PAGING, 'monitored defaults to true']),
    row('GET', '/wanted/cutoff', api('Wanted/CutoffController.cs'), [
      PAGING + '; sort keys movieMetadata.sortTitle (default), movieMetadata.year, inCinemas, digitalRelease, physicalRelease, movies.lastSearchTime',
      'monitored (default true) keeps movies with Monitored equal to it; each movie with its movieFile (size, quality)',
      `Rows: ${core('Movies/MovieCutoffService.cs').path} with MovieRepository.cs MoviesWhereCutoffUnmetBuilder: a movie with a file whose quality is one of the profile items before the cutoff (allowed or not; with upgrades not allowed, before the first allowed quality); custom-format scores play no part`
    ])
  ]
}

export const SERVARR_ROWS: FidelityRow[] = [...shared('Sonarr'), ...sonarrOnly(), ...shared('Radarr'), ...radarrOnly()]
