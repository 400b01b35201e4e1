// What an upgrade would cost on disk (issue 37): the best approved release of the title's last search minus the
// file it replaces, or, with no search seen, a typical size of the wanted quality for the title's runtime (said
// as an estimate). The wanted quality is the profile's cutoff, as the managers decide it: the cutoff item, or
// with upgrades not allowed the first allowed quality (Sonarr v4.0.19.2979 NzbDrone.Core/Tv/
// EpisodeCutoffService.cs, Radarr v6.0.3.10276 NzbDrone.Core/Movies/MovieCutoffService.cs).
import type { QualityProfile, QualityProfileItem, Release } from '../../clients/servarr/types.js'
import { untrusted } from '../../core/untrusted-text.js'

/** Typical megabytes per minute of video by resolution (a common encode, not a release's promise). */
const TYPICAL_MB_PER_MINUTE: Array<[number, number]> = [[480, 8], [576, 10], [720, 17], [1080, 33], [2160, 100]]

export interface WantedQuality { name: string, resolution?: number }

const qualitiesOf = (item: QualityProfileItem): QualityProfileItem[] => item.quality ? [item] : (item.items ?? []).flatMap(qualitiesOf)

/** The profile's cutoff as a name (a quality or a group), with its resolution when known. */
export function wantedQuality (profile: QualityProfile | undefined): WantedQuality | undefined {
  if (!profile?.items) return undefined
  const cutoffId = profile.upgradeAllowed === false
    ? profile.items.find(i => i.allowed)?.quality?.id ?? profile.items.find(i => i.allowed)?.id
    : profile.cutoff
  const item = profile.items.find(i => (i.quality ? i.quality.id : i.id) === cutoffId)
  if (!item) return undefined
  const top = qualitiesOf(item).map(i => i.quality!).sort((a, b) => (b.resolution ?? 0) - (a.resolution ?? 0))[0]
  const name = item.quality?.name ?? item.name ?? top?.name ?? 'cutoff'
  const resolution = top?.resolution || resolutionIn(name)
  return { name, ...(resolution ? { resolution } : {}) }
}

const resolutionIn = (name: string) => Number(/(\d{3,4})p/i.exec(name)?.[1] ?? 0) || undefined

/** A typical file of that quality for `minutes` of video; Blu-ray and remux sources run larger. */
export function typicalBytes (wanted: WantedQuality, minutes: number): number {
  const res = wanted.resolution ?? 1080
  const perMinute = (TYPICAL_MB_PER_MINUTE.find(([r]) => res <= r) ?? TYPICAL_MB_PER_MINUTE.at(-1)!)[1]
  const source = /remux/i.test(wanted.name) ? 2.5 : /bluray/i.test(wanted.name) ? 1.5 : 1
  return Math.round(perMinute * source * minutes * 1e6)
}

export interface UpgradeCost { newBytes: number, upgradeBytes: number, sizeFrom: 'release' | 'estimate', release?: string }

/** The disk the upgrade needs: the new file minus the one it replaces (negative when it frees space). */
export function upgradeCost (o: { fileBytes: number, release?: Release, wanted?: WantedQuality, minutes: number }): UpgradeCost {
  if (o.release?.size) return { newBytes: o.release.size, upgradeBytes: o.release.size - o.fileBytes, sizeFrom: 'release', release: untrusted(o.release.title, 200) }
  const newBytes = typicalBytes(o.wanted ?? { name: 'unknown' }, o.minutes)
  return { newBytes, upgradeBytes: newBytes - o.fileBytes, sizeFrom: 'estimate' }
}
