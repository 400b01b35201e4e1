// A root folder as GET and POST /api/v3/rootfolder answer it. RootFolderService.GetDetails (Sonarr v4.0.19.2979 /
// Radarr v6.0.3.10276, src/NzbDrone.Core/RootFolders/RootFolderService.cs) sets Accessible, FreeSpace (the mount's
// AvailableFreeSpace: src/NzbDrone.Mono/Disk/DiskProvider.cs GetAvailableSpace) and the unmapped folders only when
// the folder exists; otherwise they keep their defaults: false and null. RootFolderResource
// (src/Sonarr.Api.V3 / src/Radarr.Api.V3 RootFolders/RootFolderResource.cs) carries no TotalSpace, and the API
// leaves nulls out (src/NzbDrone.Common/Serializer/System.Text.Json/STJson.cs WhenWritingNull), so a missing
// folder is {id, path, accessible: false}.
import { statSync, statfsSync } from 'node:fs'
import type { SimDisk } from './files.js'

/** What a simulator without a real folder behind the path answers: it has no disk to look at. */
const UNMAPPED_FREE_BYTES = 2_000_000_000_000

export function rootFolderResource (folder: { id: number, path: string }, disk: SimDisk) {
  const { id, path } = folder
  const real = disk.real(path)
  if (real === undefined) return { id, path, accessible: true, freeSpace: UNMAPPED_FREE_BYTES, unmappedFolders: [] }
  if (!isFolder(real)) return { id, path, accessible: false }
  const fs = statfsSync(real)
  return { id, path, accessible: true, freeSpace: fs.bavail * fs.bsize, unmappedFolders: [] }
}

function isFolder (path: string): boolean {
  try { return statSync(path).isDirectory() } catch { return false }
}
