// The grab tools' free-space check: a release must fit in the downloads folder and in the title's library
// folder (lib/library/landing-space.ts) before the manager is asked to grab it. Refused with the numbers.
import type { FastifyInstance } from 'fastify'
import type { ServarrCore } from '../../clients/servarr/core.js'
import { refusal } from '../../lib/answers/next-calls.js'
import { freeSpacePreview } from '../../lib/answers/common-calls.js'
import { formatBytes } from '../../core/format.js'
import { checkLanding, type LandingPlace } from '../../lib/library/landing-space.js'
import { rememberedReleaseSize } from './release-sizes.js'

/** Throws when the release does not fit; otherwise returns the sentences for the answer: what fits, what was not checked. */
export type GrabSpaceCheck = (client: ServarrCore, release: { guid: string, indexerId: number }, libraryFolder: string | undefined) => Promise<string>

export function grabSpaceCheck (app: FastifyInstance, releasesTool: string): GrabSpaceCheck {
  return async (client, release, libraryFolder) => {
    const size = rememberedReleaseSize(client, release.guid, release.indexerId)
    if (size === undefined) return ` Free space was not checked: the release's size is known only from a ${releasesTool} answer of the last 30 minutes.`
    const places: LandingPlace[] = [{ label: 'downloads', path: app.config.DOWNLOADS_ROOT }]
    if (libraryFolder) places.push({ label: 'library', path: libraryFolder })
    const verdict = await checkLanding(size, places, app.disk.figures)
    if (verdict.short.length > 0) {
      const where = verdict.short.map(d => `the ${d.labels.join(' and ')} disk (${d.path}) has ${formatBytes(d.freeBytes)} free`).join('; ')
      throw refusal(`Not enough free space for this release (${formatBytes(size)}): ${where}. ` +
        `Free space first (clean up, or remove titles nobody watches), or pick a smaller release from ${releasesTool}.`, [freeSpacePreview()])
    }
    // What the check found, so a grab that went through says the release fits and where.
    const fits = verdict.roomy.length > 0
      ? ` Free space checked for this release (${formatBytes(size)}): ${verdict.roomy.map(d => `the ${d.labels.join(' and ')} disk has ${formatBytes(d.freeBytes)} free`).join('; ')}.`
      : ''
    const unchecked = verdict.unchecked.length > 0 ? ` Free space was not checked for ${verdict.unchecked.map(p => `${p.label} (${p.path})`).join(', ')}: not visible to this server.` : ''
    return fits + unchecked
  }
}
