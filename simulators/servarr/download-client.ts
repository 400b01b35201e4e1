// The download client a simulated manager sends its grabs to (default qBittorrent, as before). It decides the
// release protocol and the downloadId the manager stores, as the real managers get them from each client
// (Sonarr v4.0.19.2979 / Radarr v6.0.3.10276, src/NzbDrone.Core/Download/Clients/…):
// - torrent clients: the release's info hash, upper-case (TorrentClientBase.cs; QBittorrent.cs, Transmission.cs
//   and Deluge.cs list their torrents by that hash);
// - SABnzbd: the nzo_id its addfile answers (Sabnzbd/Sabnzbd.cs AddFromNzbFile returns response.Ids.First();
//   GetQueue sets DownloadId = sabQueueItem.Id), "SABnzbd_nzo_" and a random tail (sabnzbd/filesystem.py get_new_id);
// - NZBGet: a "drone" parameter Sonarr adds with the NZB, 32 hex digits (Nzbget/NzbgetProxy.cs DownloadNzb:
//   Guid.NewGuid().ToString().Replace("-", ""); Nzbget.cs GetQueue/GetHistory read it back as DownloadId).
// The queue's downloadClient is the name the household gave the client (QueueResource.DownloadClient ←
// DownloadClientItemClientInfo.Name = Definition.Name, Download/DownloadClientItem.cs).
import { randomBytes } from 'node:crypto'

export type SimClientImplementation = 'QBittorrent' | 'Transmission' | 'Deluge' | 'Sabnzbd' | 'Nzbget'

export interface SimDownloadClient {
  /** The name the manager shows for it (what setup named it). */
  name: string
  implementation: SimClientImplementation
}

export const DEFAULT_DOWNLOAD_CLIENT: SimDownloadClient = { name: 'qBittorrent', implementation: 'QBittorrent' }

export function protocolOf (client: SimDownloadClient): 'torrent' | 'usenet' {
  return client.implementation === 'Sabnzbd' || client.implementation === 'Nzbget' ? 'usenet' : 'torrent'
}

/** The downloadId the manager records for a grab of a release whose info hash (torrents) is `infoHash`. */
export function downloadIdFor (client: SimDownloadClient, infoHash: string): string {
  if (client.implementation === 'Sabnzbd') return `SABnzbd_nzo_${randomBytes(6).toString('base64url').toLowerCase()}`
  if (client.implementation === 'Nzbget') return randomBytes(16).toString('hex')
  return infoHash.toUpperCase()
}
