// Plex Media Server, closed source: read in its published API description (LukeHagar/plex-api-spec @ ae9507e,
// the community OpenAPI that plexapi.dev renders) and, for what it leaves out, in python-plexapi as it calls and
// parses each endpoint (pkkid/python-plexapi @ 4.16.1, MIT).
import type { FidelityRow } from './types.js'

const SPEC = { repo: 'LukeHagar/plex-api-spec', path: 'plex-api-spec.yaml', tag: 'main@ae9507e' }
const API = (path: string) => ({ repo: 'pkkid/python-plexapi', path, tag: '4.16.1' })
const row = (method: string, path: string, source: FidelityRow['source'], behaviours: string[], mark: Pick<FidelityRow, 'simulatorOnly'> = {}): FidelityRow =>
  ({ service: 'Plex', method, path, source, behaviours, ...mark })
/** What every route shares (description.md : 3-12, 350-366; spec : 13492-13517; plexapi/server.py : 164-170, 750-772). */
const COMMON = 'X-Plex-Token header (or query) on every route but /identity, 401 without the right one; XML unless Accept: application/json, then {MediaContainer:{…}}'
const PAGED = 'Paged by the X-Plex-Container-Start/-Size request headers (description.md : 350-366); the answer carries X-Plex-Container-Start, X-Plex-Container-Total-Size and the container\'s offset/size/totalSize; size 0 answers the count alone (plexapi/library.py : 505-527)'

/** A shared user's own token reads the library as that user (plexapi/server.py : 245-277 switchUser; clients/plex/shares.ts). */
const SHARED = 'A shared or managed user\'s own token (plex.tv shared_servers accessToken) reads it as that user: only shared libraries, and only titles their share\'s filterMovies / filterTelevision / filterMusic allow (contentRating, contentRating!, label, label!; a show\'s covers its seasons and episodes); a hidden item answers 404 (support.plex.tv/articles/204232573 "Restricting the Shares": with ratings chosen only those ratings are shared, aside from labels shared). Anything else with that token: 401'

export const PLEX_ROWS: FidelityRow[] = [
  row('GET', '/identity', SPEC, ['Lines 1214-1240: no token needed; machineIdentifier, version, claimed. The probe reads version from it (plexapi/server.py : 192-194)']),
  row('GET', '/', SPEC, [`Line 201; plexapi/server.py : 116-162: friendlyName, version, machineIdentifier, platform, myPlexUsername (the owner). ${COMMON}`]),
  row('GET', '/accounts', API('plexapi/server.py'), ['Lines 279-284 systemAccounts (the spec has no such route): Account entries {id, name}; id 0 is the system account with no name']),
  row('GET', '/status/sessions', SPEC, ['Line 3603; plexapi/base.py : 947-960 PlexSession: one Metadata per playing item with User {id, title}, Player {title, product, state playing|paused}, Session {id}, viewOffset (ms), and TranscodeSession {videoDecision} only while transcoding']),
  row('POST', '/status/sessions/terminate', SPEC, ['Lines 3815-3865: sessionId and reason query parameters; the session stops; 401 "Server does not have the feature enabled" (a server without it: a Plex Pass feature), 403 "sessionId is empty", 404 "Session not found". The client tells the first 401 from a wrong token by GET /, which a right token passes']),
  row('GET', '/status/sessions/history/all', SPEC, [
    'Lines 3706-3750; plexapi/server.py : 654-679: sort=viewedAt:desc, accountID, metadataItemID, librarySectionID and viewedAt>=<epoch s> filters; one row per finished play {historyKey, ratingKey, grandparentRatingKey, title, viewedAt, accountID}',
    'The owner\'s token reads every account\'s plays (accountID, spec : 3727-3728): per-user watch state without each user\'s token (plexapi/server.py : 245-277 switchUser would need plex.tv)',
    PAGED
  ]),
  row('GET', '/library/sections', API('plexapi/library.py'), ['Lines 50-52 (the spec names GET /library/sections/all, : 1585-1617): Directory entries {key, type movie|show|artist|photo, title, refreshing, Location [{id, path}]}', SHARED]),
  row('POST', '/library/sections', API('plexapi/library.py'), [
    'Lines 383-388: name, type, agent, scanner, language and one location= per folder as query parameters (the spec\'s POST /library/sections/all, : 1618-1707, names them required and answers 400 on bad parameters)',
    'Agents and scanners per type: movie tv.plex.agents.movie "Plex Movie" and show tv.plex.agents.series "Plex TV Series" as the Library.add docstring lists them (lines 229-330), artist tv.plex.agents.music "Plex Music", which the docstring leaves out, as python-plexapi\'s own test bootstrap creates its music section (tools/plex-bootstraptest.py : 563-564, 580-581, 597-598)'
  ]),
  row('GET', '/library/sections/all/refresh', API('plexapi/library.py'), ['Lines 203-205 Library.update: scans every section; answers at once, the scan runs in the background (sections show refreshing until it ends)']),
  row('GET', '/library/sections/{sectionId}/refresh', API('plexapi/library.py'), ['Lines 840-851 LibrarySection.update(path): one section, optional path= (a folder of it, the server\'s path); answers at once, the section shows refreshing until the scan ends', 'Only that section\'s folders (or that one folder) are read: new files elsewhere wait for their own scan']),
  row('POST', '/library/sections/{sectionId}/refresh', SPEC, ['Lines 8932-9003: the spec\'s form of the section scan (force, path); unknown section → 404'], { simulatorOnly: 'the spec\'s verb; served so a client written from the spec works' }),
  row('GET', '/library/all', API('plexapi/library.py'), ['Lines 160-177 Library.search: type (plexapi/utils.py SEARCHTYPES: 1 movie, 2 show, 3 season, 4 episode, 9 album), title, sort=<field>[:desc] across every section (spec : 1245)', PAGED, SHARED]),
  row('GET', '/library/sections/{sectionId}/all', SPEC, ['Line 7878; plexapi/library.py : 1249-1278: the same filters inside one section; includeGuids=1 (spec : 7906) adds Guid [{id: tmdb://…, tvdb://…, imdb://…}]', PAGED, SHARED]),
  row('GET', '/library/metadata/{ids}', SPEC, ['Line 6224; plexapi/base.py : 311-330: comma-separated ratingKeys; a movie\'s or episode\'s file is Media[0].Part[0].file, a show\'s folder Location[0].path (plexapi/video.py); unknown → 404', SHARED]),
  row('GET', '/library/metadata/{ids}/children', API('plexapi/video.py'), ['Lines 652-654 Show.seasons (excludeAllLeaves=1), 836-839 Season.episodes: a show\'s seasons (excludeAllLeaves=1), a season\'s episodes, each with index, parentIndex, leafCount', PAGED, SHARED]),
  row('PUT', '/library/metadata/{ids}/refresh', SPEC, ['Line 7085; plexapi/base.py : 708-709: queues a metadata refresh and answers at once; force=1 re-reads everything; unknown → 404']),
  row('GET', '/api/servers/{machineIdentifier}/shared_servers', API('plexapi/myplex.py'), [
    'On https://plex.tv, read through the URL guard with the owner\'s X-Plex-Token: line 96 FRIENDINVITE; lines 1232-1237 MyPlexUser.get_token take the accessToken of the SharedServer whose userID is the user\'s (what plexapi/server.py : 245-277 switchUser reads the server with); a managed (Home) user has one too (lines 356-403 createHomeUser post to it)',
    'XML: MediaContainer {machineIdentifier} with one SharedServer {id, userID, username, accessToken, allLibraries, filterAll, filterMovies, filterTelevision, filterMusic, filterPhotos} per user and its Section {id, key, title, shared 1|0} children (lines 1301-1324); the filters are `key=v1%2Cv2|…` with keys contentRating, contentRating!, label, label! (lines 736-743 _filterDictToStr). A wrong token: 401'
  ])
]
