// NZBGet JSON-RPC, read at nzbget/nzbget v21.0 (Debian 12 ships nzbget 21.0; the calls are unchanged at the
// repository's newest tag v21.1). The client runs against the real nzbget 21 in the tests: no simulator.
import type { FidelityRow } from './types.js'

const TAG = 'v21.0'
const XMLRPC = { repo: 'nzbget/nzbget', path: 'daemon/remote/XmlRpc.cpp', tag: TAG }
const rpc = (name: string, behaviours: string[], path = XMLRPC): FidelityRow => ({ service: 'NZBGet', method: 'RPC', path: name, source: path, behaviours })

export const NZBGET_ROWS: FidelityRow[] = [
  {
    service: 'NZBGet',
    method: 'POST',
    path: '/jsonrpc',
    source: { repo: 'nzbget/nzbget', path: 'daemon/remote/WebServer.cpp', tag: TAG },
    behaviours: [
      'HTTP Basic with ControlUsername/ControlPassword (also the restricted and add-only pairs); a wrong pair is 401 (WebServer.cpp 142, 262-283, 374-383)',
      'Body {method, params (positional), id}; answer {version: "1.1", result} or {error: {name: "JSONRPCError", code, message}} with HTTP 200 (XmlRpc.cpp 344-355, 517-524, 806-822)'
    ]
  },
  rpc('version', ['No params; answers the version string, "21.0" for Debian 12 (XmlRpc.cpp 1156-1163)']),
  rpc('status', [
    'DownloadRate (bytes/s, the whole program), DownloadPaused, QuotaReached, ServerTime, RemainingSizeLo/Hi… (XmlRpc.cpp 1185-1270): one rate for all items',
    'NewsServers[] holds only ID and Active (the server is enabled, XmlRpc.cpp 1265-1279): no field says a server refuses connections'
  ]),
  rpc('log', [
    'Params IDFrom, NumberOfEntries (one of them 0); entries {ID, Kind (INFO, WARNING, ERROR, DEBUG, DETAIL), Time, Text} (XmlRpc.cpp 1384-1447)',
    'A refused news server logs ERROR "Connection to HOST failed: ErrNo 111, Connection refused" (daemon/connect/Connection.cpp 576, 919-960) then WARNING "Blocking NAME (HOST) for N sec" (daemon/nntp/ServerPool.cpp 255-267) every RetryInterval, while the group stays DOWNLOADING at DownloadRate 0 — seen with the real nzbget 21 in the tests'
  ]),
  rpc('listgroups', [
    'Param NumberOfLogEntries; one entry per NZB: NZBID, NZBName, Category, FileSizeLo/Hi, RemainingSizeLo/Hi, PausedSizeLo/Hi, ActiveDownloads, Status, DestDir, Parameters [{Name, Value}] (XmlRpc.cpp 1897-1972)',
    'Status (DetectStatus 1974-2011): the post-processing stage (PP_QUEUED, LOADING_PARS, VERIFYING_SOURCES, REPAIRING, VERIFYING_REPAIRED, RENAMING, UNPACKING, MOVING, EXECUTING_SCRIPT, PP_FINISHED), QS_QUEUED/QS_EXECUTING, else FETCHING (an URL) or DOWNLOADING with active downloads, PAUSED when all that remains is paused, else QUEUED',
    'Sizes come in 32-bit halves Lo and Hi (XmlRpc.cpp 1518-1527)'
  ]),
  rpc('history', [
    'Param Hidden (false: hidden duplicates left out); entries with NZBID, Name, Category, FileSizeLo/Hi, DestDir, FinalDir, UnpackStatus, Parameters and Status (XmlRpc.cpp 2414-2532)',
    'A job whose unpack failed (UnpackStatus FAILURE, SPACE, PASSWORD) keeps FinalDir set while its files stay in DestDir (daemon/postprocess/Unpack.cpp 600-616, 745-748; PrePostProcessor.cpp 795-811): the client names DestDir for it — seen with the real nzbget 21 in the tests',
    'Status "<GROUP>/<DETAIL>" from NzbInfo::MakeTextStatus (daemon/queue/DownloadInfo.cpp 511-649): SUCCESS/{ALL,UNPACK,PAR,HEALTH,GOOD,MARK}, FAILURE/{PAR,UNPACK,MOVE,HEALTH,BAD,SCAN,FETCH,INTERNAL_ERROR}, WARNING/{DAMAGED,REPAIRABLE,HEALTH,SPACE,PASSWORD,SCRIPT,SKIPPED}, DELETED/{MANUAL,DUPE,GOOD,COPY}; a download whose health fell below critical (too many articles missing, without enough par2 blocks) is FAILURE/HEALTH — seen with the real nzbget 21 in the tests'
  ]),
  rpc('append', [
    'v21 positional order: NZBFilename, NZBContent (base64 NZB or an http(s) URL), Category, Priority, AddToTop, AddPaused, DupeKey, DupeScore, DupeMode, PPParameters; answers the NZBID (XmlRpc.cpp 2138-2290), -1 only when the content could not be handed to the scanner (2272-2290; Scanner.cpp AddExternalFile 511-608). Content it cannot parse still answers an id: the scan runs at once (ScanNzbDir(true), Scanner.cpp 605) and files the NZB straight into the history as deleted by the scan (AddFileToQueue 412-494, dsScan 482-486), history Status FAILURE/SCAN — seen with the real nzbget 21; the client reads the history back after an append and says so',
    'Sonarr/Radarr put a "drone" entry in PPParameters and keep its value as the download id (Sonarr src/NzbDrone.Core/Download/Clients/Nzbget/NzbgetProxy.cs DownloadNzb)'
  ]),
  rpc('editqueue', [
    'Params Command, Param, IDs[] (v18+); answers true, or false when no id matched (XmlRpc.cpp 2079-2136)',
    'Commands used (names at 2036-2061): GroupPause, GroupResume, GroupDelete (to the history, downloaded files deleted), GroupParkDelete (to the history, files kept: daemon/queue/DownloadInfo.h 973-974), HistoryFinalDelete (forgets a history item, files untouched), HistoryRedownload (back to the queue, as Sonarr retries)'
  ])
]
