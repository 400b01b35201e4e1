// How requests to Jellyfin are shaped: the Authorization header, the library-creation body, item ids in
// Jellyfin's own form, and one page of items as the client returns it.
import { packageVersion } from '../../core/package-version.js'
import { toItem, type MediaItem, type Page, type RawItem, type RawQueryResult } from './types.js'

export function authorizationHeader (token: string, version = packageVersion()): string {
  const q = (v: string) => `"${encodeURIComponent(v)}"`
  return `MediaBrowser Client=${q('mediastack-mcp')}, Device=${q('server')}, DeviceId=${q('mediastack-mcp')}, Version=${q(version)}, Token=${q(token)}`
}

/**
 * The query and body that add a library. The folders go in the body's LibraryOptions.PathInfos, never in the
 * `paths` query: that one is read by CommaDelimitedCollectionModelBinder, which splits a single value on commas
 * (a folder "A, B" would become "A" and "B"), and a non-empty one replaces PathInfos (jellyfin/jellyfin v10.11.11
 * Jellyfin.Api/Controllers/LibraryStructureController.cs AddVirtualFolder).
 */
export function libraryRequest (q: { name: string, collectionType: string, paths: readonly string[], refresh?: boolean }) {
  return {
    query: { name: q.name, collectionType: q.collectionType, refreshLibrary: q.refresh ?? true },
    json: { LibraryOptions: { Enabled: true, EnableRealtimeMonitor: true, PathInfos: q.paths.map(Path => ({ Path })) } }
  }
}

/** An item id in Jellyfin's "N" form (32 lower-case hex digits), or undefined when it is not a GUID. */
export function itemGuid (id: string): string | undefined {
  return /^[0-9a-f]{32}$|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id.replace(/-/g, '').toLowerCase() : undefined
}

export function page (raw: RawQueryResult<RawItem> | null | undefined, startIndex: number, ours: (item: MediaItem) => MediaItem): Page<MediaItem> {
  return { items: (raw?.Items ?? []).map(toItem).map(ours), total: raw?.TotalRecordCount ?? 0, startIndex: raw?.StartIndex ?? startIndex }
}
