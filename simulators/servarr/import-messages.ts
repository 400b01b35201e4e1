// The managers' own words for a finished download they will not import by themselves, shared by the queue's
// default for a finished download and the stuck cases (simulators/servarr/stuck.ts).
// Download/CompletedDownloadService.cs Check() in Sonarr v4.0.19.2979 and Radarr v6.0.3.10276: the release was
// found through grab history but matched by id, so the state is importBlocked with this warning.
import type { SimKind } from './qualities.js'

export function matchedByIdMessage (kind: SimKind): string {
  return kind === 'sonarr'
    ? 'Found matching series via grab history, but release was matched to series by ID. Automatic import is not possible. See the FAQ for details.'
    : 'Found matching movie via grab history, but release was matched to movie by ID. Manual Import required.'
}
