// Seerr, read at v3.1.0 (seerr-team/seerr; the v1 API Overseerr 1.34 and Jellyseerr 2.7 answer alike for
// these routes, docs/requests.md). Auth for every route but /status: X-Api-Key, acting as X-API-User when sent.
import type { FidelityRow } from './types.js'

const TAG = 'v3.1.0'
const src = (path: string) => ({ repo: 'seerr-team/seerr', path, tag: TAG })
const AUTH = 'X-Api-Key acts as user 1, or as the user named in X-API-User (any id; no extra permission needed); no such user or a wrong key → 403 {status, error} (server/middleware/auth.ts : 9-55)'

export const SEERR_ROWS: FidelityRow[] = [
  { service: 'Seerr', method: 'GET', path: '/api/v1/status', source: src('server/routes/index.ts'), behaviours: ['Public (before any auth check): {version, commitTag, updateAvailable, commitsBehind, restartRequired} (lines 50-80); the probe reads version'] },
  { service: 'Seerr', method: 'GET', path: '/api/v1/user', source: src('server/routes/user/index.ts'), behaviours: [AUTH, 'take (default 10) and skip page it; {pageInfo {pages, pageSize, results, page}, results} (lines 35-120)', 'User.filter drops email and settings unless the caller has MANAGE_USERS; displayName = username, else Plex or Jellyfin name, else e-mail (server/entity/User.ts : 42-51, 267-271)'] },
  { service: 'Seerr', method: 'GET', path: '/api/v1/user/{id}/settings/notifications', source: src('server/routes/user/usersettings.ts'), behaviours: [AUTH, 'Own profile or MANAGE_USERS (isOwnProfileOrAdmin); 404 "User not found." (lines 521-563)', 'telegramEnabled is the global Telegram agent switch; telegramChatId and notificationTypes are the user\'s own settings, {} until they set any, else {telegram: <event bits>, …} (line 557; bits server/lib/notifications/index.ts : 6-20)'] },
  { service: 'Seerr', method: 'GET', path: '/api/v1/request', source: src('server/routes/request.ts'), behaviours: [AUTH, 'filter: approved/processing → APPROVED, pending → PENDING, unavailable → both, failed, completed/available/deleted → COMPLETED, else every status (lines 45-75); and on the media\'s status (status4k for a 4K request): available → AVAILABLE, processing/unavailable → UNKNOWN, PENDING, PROCESSING or PARTIALLY_AVAILABLE, deleted → DELETED, else any (lines 77-104, 131-138; server/constants/media.ts : 14-22); newest id first; take/skip (lines 106-182)', 'A user without MANAGE_REQUESTS or REQUEST_VIEW sees only their own requests (lines 141-161)', 'Each request with media {tmdbId, tvdbId, status, status4k, externalServiceId(4k)}, seasons [{seasonNumber}], requestedBy, modifiedBy (lines 125-139, server/entity/MediaRequest.ts : 512-612)', 'A difference, on purpose: the simulator refreshes availability from the linked manager on each read, where Seerr learns it only in its scheduled scans (server/lib/scanners/radarr/index.ts : 82-101): the media server\'s recently-added scan every 5 minutes, the full Radarr/Sonarr scan every 24 hours (server/job/schedule.ts : 107-160), so a real Seerr reports a download available minutes, up to a day, later; available media completes its approved requests (server/subscriber/MediaSubscriber.ts : 53-115)'] },
  { service: 'Seerr', method: 'GET', path: '/api/v1/request/{id}', source: src('server/routes/request.ts'), behaviours: [AUTH, 'The request with requestedBy and modifiedBy; someone else\'s needs MANAGE_REQUESTS or REQUEST_VIEW (403 with message); 404 "Request not found." (lines 428-458)'] },
  {
    service: 'Seerr',
    method: 'POST',
    path: '/api/v1/request',
    source: src('server/entity/MediaRequest.ts'),
    behaviours: [
      AUTH,
      'Body {mediaType, mediaId (TMDB), tvdbId?, seasons? (numbers or "all"), is4k?} (server/interfaces/api/requestInterfaces.ts : 16-29); made as the acting user',
      'REQUEST or REQUEST_MOVIE/REQUEST_TV (REQUEST_4K… for 4K) needed, else 403 "You do not have permission to make [4K ]movie requests." (lines 79-111)',
      'Quota exceeded → 403 "Movie Quota exceeded." / "Series Quota exceeded." (lines 113-119); blocklisted media → 403 (lines 143-151)',
      'A movie with an open (not declined, not completed) request for the same 4K flag → 409 (lines 173-190); seasons already asked for are dropped, none left → 202 (lines 393-430)',
      'AUTO_APPROVE(_MOVIE/_TV, 4K variants) or MANAGE_REQUESTS → APPROVED with modifiedBy, else PENDING (lines 340-368); 201 with the request (server/routes/request.ts : 303-336)',
      'An approved request is sent to the default Radarr/Sonarr: lookup, then add monitored with a search; externalServiceId is remembered and the media becomes PROCESSING; a failed send marks it FAILED (server/subscriber/MediaRequestSubscriber.ts : 183-460, server/api/servarr/radarr.ts : 114-215)'
    ]
  },
  { service: 'Seerr', method: 'POST', path: '/api/v1/request/{id}/{status}', source: src('server/routes/request.ts'), behaviours: [AUTH, 'status approve, decline or pending; needs MANAGE_REQUESTS (403 {status, error} from isAuthenticated otherwise); no body, so no reason (lines 662-704)', 'Sets status and modifiedBy to the acting user; 200 with the request; 404 "Request not found."; approving sends it to the manager (afterUpdate, MediaRequestSubscriber.ts : 942-960)'] }
]
