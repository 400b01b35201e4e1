// Jellyfin, read at v10.11.11 (the current stable line; 10.10.7 has the same behaviour for every row here).
import type { FidelityRow } from './types.js'

const TAG = 'v10.11.11'
const src = (path: string) => ({ repo: 'jellyfin/jellyfin', path, tag: TAG })
const C = (name: string) => src(`Jellyfin.Api/Controllers/${name}.cs`)
const row = (method: string, path: string, source: FidelityRow['source'], behaviours: string[], mark: Pick<FidelityRow, 'pending' | 'simulatorOnly'> = {}): FidelityRow =>
  ({ service: 'Jellyfin', method, path, source, behaviours, ...mark })
/** The user a play-state or favourite call acts on (RequestHelpers.GetUserId), and its 404s. */
const USER_ITEM = 'The user is the userId query or the caller\'s own (RequestHelpers.GetUserId: another user\'s needs an administrator, else 403); an unknown user or item → 404; answers the item\'s UserItemDataDto'
const POLICY = 'For a user the server applies that user\'s UserPolicy (simulators/jellyfin/parental.ts): BaseItem.IsParentalAllowed hides an item whose own, parent\'s or library\'s tag is in BlockedTags (case-insensitive), and one whose rating (its own, else its parent\'s: OfficialRatingForComparison) scores above MaxParentalRating (LocalizationManager.GetRatingScore over Localization/Ratings/<country>.json; an equal score compares the sub-score); an unrated item, or one whose rating the table does not know, is hidden only when BlockUnratedItems lists its kind (Movie; Series for series, seasons and episodes; Music)'
const UNUSED = 'served by the simulator; no client or test calls it'

export const JELLYFIN_ROWS: FidelityRow[] = [
  row('GET', '/System/Info/Public', C('SystemController'), [
    'Anonymous (no key needed); answers Version, ServerName, Id: the probe reads Version from it'
  ]),
  row('GET', '/System/Info', C('SystemController'), ['Needs an authenticated token or key (FirstTimeSetupOrIgnoreParentalControl policy); 401 without one']),
  row('GET', '/Library/VirtualFolders', C('LibraryStructureController'), [
    'Answers a bare array of VirtualFolderInfo (Name, CollectionType, Locations, ItemId), not a QueryResult'
  ]),
  row('POST', '/Library/VirtualFolders', C('LibraryStructureController'), [
    'name, collectionType, refreshLibrary (default false) and paths are query parameters; LibraryOptions is the JSON body',
    'paths goes through CommaDelimitedCollectionModelBinder: a single value is split on "," (one folder named "A, B" becomes two paths), repeated values are taken whole; send folders in LibraryOptions.PathInfos instead',
    'Query paths, when given, replace LibraryOptions.PathInfos from the body',
    'A name already taken does not fail: LibraryManager.AddVirtualFolder numbers it (Movies2, Movies3…); the name is made a valid file name first',
    'A folder the server cannot see → ArgumentException "The specified path does not exist: <path>." (Emby.Server.Implementations/Library/LibraryManager.cs) → 400 text/plain "Error processing request." (Jellyfin.Api/Middleware/ExceptionMiddleware.cs sends the exception\'s message only in a Development environment)',
    '204 No Content on success'
  ]),
  row('GET', '/Items', C('ItemsController'), [
    'With an API key no user is resolved (userId stays empty) and the query runs unscoped: works without userId; ids=… is the way to read items by id with a key',
    'ids, includeItemTypes, fields, sortBy, sortOrder: one value is split on ",", repeated values bind as they are (CommaDelimitedCollectionModelBinder)',
    'Paging: startIndex (Skip) and limit; TotalRecordCount only when enableTotalRecordCount (default true)',
    'Answers a QueryResult {Items, TotalRecordCount, StartIndex}',
    'userId (an API key may name any user; a user token another user only as administrator: RequestHelpers.GetUserId, 403) scopes isPlayed/isFavorite and adds each item\'s UserData {Played, PlayCount, LastPlayedDate, IsFavorite} (enableUserData defaults to true); an unknown user is 404',
    'isPlayed with includeItemTypes=Series alone keeps a series when ANY episode is played (BaseItemRepository.TranslateQuery); a series\' own UserData.Played is UnplayedItemCount == 0 (Folder.FillUserDataDtoValues), so a series with no episode on disk is Played for every user',
    'With a user and fields=RecursiveItemCount, a folder other than a collection folder (Folder.SupportsUserDataFromChildren) carries RecursiveItemCount (its non-folder, non-virtual items: Folder.GetRecursiveChildCount) and, when that is above 0, UserData.PlayedPercentage with Played = PlayedPercentage >= 100; FillUserDataDtoValues is the only place RecursiveItemCount is set, so without a user it is absent',
    'sortBy=DatePlayed orders by the user\'s LastPlayedDate',
    `userId runs the query as that user (InternalItemsQuery.SetUser; BaseItemRepository.TranslateQuery: MaxParentalRating, BlockUnratedItems, ExcludeInheritedTags). ${POLICY}`,
    'The user\'s libraries (EnableAllFolders / EnabledFolders) narrow the query only when it has no parentId and no ids (Emby.Server.Implementations/Library/LibraryManager.cs AddUserToQuery); with an API key a parentId the user may not open is not refused ("api keys can always access all folders"), so the client asks GET /Items/{itemId} for the user first'
  ]),
  row('POST', '/Items/{itemId}/Refresh', C('ItemRefreshController'), [
    'metadataRefreshMode and imageRefreshMode default to None (nothing refreshed): FullRefresh must be asked for; replaceAllMetadata, replaceAllImages default false',
    'ProviderManager.QueueRefresh (high priority) and 204 at once; 404 when the item id is unknown'
  ]),
  row('DELETE', '/Items/{itemId}', C('LibraryController'), [
    'Deletes the item and its files from disk (LibraryManager.DeleteItem with DeleteFileLocation = true)',
    '404 when the item is unknown; 401 "Unauthorized access" when a user token may not delete it; an API key skips the per-user check',
    '204 No Content on success'
  ]),
  row('GET', '/Shows/{seriesId}/Seasons', C('TvShowsController'), [
    'Answers a QueryResult of seasons; 404 when the series id is unknown',
    `With userId, Series.GetSeasons(user, …) keeps the seasons that user may see. ${POLICY}`
  ]),
  row('GET', '/Shows/{seriesId}/Episodes', C('TvShowsController'), [
    'seasonId wins over season; an unknown seasonId → 404 "No season exists with Id …"',
    'season (number) with an unknown series → 404 "Series not found"; an unknown season number → empty list, not 404',
    'startIndex and limit page the episode list',
    'With userId, Season/Series.GetEpisodes(user, …) keep the episodes that user may see (the series itself is looked up without the user: 404 only for an unknown series)'
  ]),
  row('GET', '/Sessions', C('SessionController'), [
    'activeWithinSeconds filters by last activity; answers a bare array of SessionInfoDto'
  ]),
  row('POST', '/Sessions/{sessionId}/Playing/Stop', C('SessionController'), [
    'Route Sessions/{sessionId}/Playing/{command}: command is a PlaystateCommand (Stop, Pause, …); 204 No Content'
  ]),
  row('POST', '/Sessions/{sessionId}/Playing/{command}', C('SessionController'), [
    'SendPlaystateCommand: command is a PlaystateCommand (Stop, Pause, Unpause, …) sent to the session; an unknown session → ResourceNotFoundException → 404 "Error processing request."; 204 No Content'
  ], { simulatorOnly: 'the simulator answers every command on this route; the client sends only Stop (the row above)' }),
  row('POST', '/Sessions/{sessionId}/Message', C('SessionController'), [
    'Body MessageCommand {Header, Text, TimeoutMs}; an empty Header becomes "Message from Server"; 204 No Content'
  ]),
  row('POST', '/Sessions/Logout', C('SessionController'), ['Ends the session of the calling token; 204 No Content']),
  row('GET', '/Users', C('UserController'), [
    'Answers a bare array of UserDto; isHidden / isDisabled filters optional',
    'Each UserDto carries its Policy (Jellyfin.Server.Implementations/Users/UserManager.cs GetUserDto): MaxParentalRating (a rating score, absent when unlimited), MaxParentalSubRating, BlockedTags, BlockUnratedItems, EnableAllFolders, EnabledFolders (library ids)'
  ]),
  row('GET', '/Localization/ParentalRatings', C('LocalizationController'), [
    'GetParentalRatings: a bare array of ParentalRating {Name, Value, RatingScore {score, subScore}} for the server\'s MetadataCountryCode (Emby.Server.Implementations/Localization/LocalizationManager.cs GetParentalRatings over Localization/Ratings/<country>.json), plus "Unrated" (no score), "21", "XXX" (1000) and "Banned" (1001) where the country has no such score, ordered by score then sub-score',
    'The scores are the scale of a user\'s Policy.MaxParentalRating; GetRatingScore reads "n/a", "unrated", "not rated" and "nr" as unrated, a number as its own score, and drops a "Rated " prefix (lib/people/request-limits.ts does the same)'
  ]),
  row('POST', '/Users/AuthenticateByName', C('UserController'), [
    'Body {Username, Pw}; answers AuthenticationResult {User, AccessToken, SessionInfo}',
    'Wrong credentials: AuthenticationException "Invalid username or password entered." → 401; a disabled user or device limit: SecurityException → 403 (ExceptionMiddleware)'
  ]),
  row('GET', '/System/ActivityLog/Entries', C('ActivityLogController'), [
    'startIndex (Skip), limit, minDate, hasUserId; answers a QueryResult, newest first'
  ]),
  row('POST', '/Library/Refresh', C('LibraryController'), [
    'RequiresElevation; LibraryManager.ValidateMediaLibrary only queues the "Scan Media Library" task (cancelling a running one): 204 at once, the scan runs afterwards',
    'The scan (MediaBrowser.Controller/Entities/Folder.cs ValidateChildrenInternal2) creates items for files it has not seen (LibraryManager.CreateItems(newItems, …)) and deletes the items whose file is gone, files untouched (DeleteItem, DeleteFileLocation = false); items it already lists keep their ids and play data'
  ]),
  row('GET', '/ScheduledTasks', C('ScheduledTasksController'), [
    'Answers a bare array of TaskInfo (Id, Key, Name, State, Category, IsHidden, LastExecutionResult); isHidden / isEnabled filters optional'
  ]),
  row('POST', '/ScheduledTasks/Running/{taskId}', C('ScheduledTasksController'), [
    'Queues the task by Id (not Key); 404 when no task has that id; 204 No Content'
  ]),
  row('GET', '/Auth/Keys', C('ApiKeyController'), [
    'RequiresElevation (an administrator token); answers a QueryResult of AuthenticationInfo',
    'AuthenticationManager.GetApiKeys (Jellyfin.Server.Implementations/Security/AuthenticationManager.cs) fills only AppName, AccessToken, DateCreated (DeviceId, DeviceName, AppVersion empty): every key is listed with IsActive false (its default in MediaBrowser.Controller/Security/AuthenticationInfo.cs), Id 0, no DateRevoked; the same in v10.9.11 and v10.10.7. A listed key works: a revoked one is deleted, not listed'
  ]),
  row('POST', '/Auth/Keys', C('ApiKeyController'), [
    'app is a required query parameter; 204 No Content (the new key is not returned: list the keys to read it)'
  ]),
  row('DELETE', '/Auth/Keys/{key}', C('ApiKeyController'), [
    'RequiresElevation; AuthenticationManager.DeleteApiKey deletes the row with that access token (Jellyfin.Server.Implementations/Security/AuthenticationManager.cs); 204 No Content, an unknown key too'
  ], { simulatorOnly: UNUSED }),
  row('GET', '/Items/{itemId}', C('UserLibraryController'), [
    'GetItem: the user is the userId query or the caller\'s own; an API key without userId has none, and GetUserById(Guid.Empty) throws ArgumentException → 400; another user\'s id needs an administrator (403); an unknown user or item → 404',
    `An item the user may not see is 404 like an unknown one: LibraryManager.GetItemById(id, user) → BaseItem.IsVisibleStandalone (the item, every parent, and a library the user may open: Folder.IsVisible, EnableAllFolders / EnabledFolders). ${POLICY}`,
    'Answers the BaseItemDto (every field); the client asks it only with userId, for a person reading as their own user'
  ]),
  row('POST', '/UserPlayedItems/{itemId}', C('PlaystateController'), [
    'MarkPlayedItem: datePlayed optional; BaseItem.MarkPlayed sets Played, PlayCount at least 1 (+1 with a datePlayed), LastPlayedDate = datePlayed ?? the old one ?? now; a folder (series, season) marks every item below it (Folder.MarkPlayed)',
    USER_ITEM
  ], { simulatorOnly: 'tests mark titles played' }),
  row('DELETE', '/UserPlayedItems/{itemId}', C('PlaystateController'), [
    'MarkUnplayedItem: BaseItem.MarkUnplayed clears Played, PlayCount, LastPlayedDate and the position; a folder: every item below it',
    USER_ITEM
  ], { simulatorOnly: 'tests mark titles unplayed' }),
  row('POST', '/UserFavoriteItems/{itemId}', C('UserLibraryController'), ['MarkFavoriteItem: IsFavorite = true in the user\'s data (MarkFavorite)', USER_ITEM], { simulatorOnly: 'tests make titles favourites' }),
  row('DELETE', '/UserFavoriteItems/{itemId}', C('UserLibraryController'), ['UnmarkFavoriteItem: IsFavorite = false', USER_ITEM], { simulatorOnly: 'tests unmark favourites' }),
  row('GET', '/ScheduledTasks/{taskId}', C('ScheduledTasksController'), ['GetTask: the task whose Id matches (case-insensitive) as a TaskInfo; 404 when none'], { simulatorOnly: UNUSED })
]
