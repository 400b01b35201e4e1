// The one download-state model (docs/architecture.md): the vocabulary and its household words (states.ts), and
// every downloader's and manager's mapping into it, each citing the program's own states.
export * from './states.js'
export { qbittorrentStatus, transmissionStatus, delugeStatus, NO_PROGRESS_MS, type QbittorrentRaw, type TransmissionRaw, type DelugeRaw } from './torrents.js'
export { usenetStatus, nzbgetTrouble, SERVER_TROUBLE_WINDOW_S, type UsenetWord, type UsenetTrouble, type NzbgetLogEntry } from './usenet.js'
export { managerStatus, type ManagerRowRaw } from './managers.js'
export { pyloadStatus, aria2Status, jobStatus } from './direct.js'
