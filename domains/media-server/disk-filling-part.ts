// server_status's disk forecast (issue 37): how fast each disk fills from the managers' imports of the last 30
// days and roughly when it falls below DISK_MIN_FREE_GIB (lib/library/disk-filling*.ts), with the managers'
// history as parts of the answer: one that did not answer is named, and the forecast rests on the others.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { FillForecastSchema, fillSentence } from '../../lib/library/disk-filling.js'
import { managerImportSources, readDiskFilling, type DiskFilling } from '../../lib/library/disk-filling-read.js'
import type { LandingPlace } from '../../lib/library/landing-space.js'
import { PartsRecord, uncheckedText, type Part } from '../../lib/answers/parts.js'

export const DiskFillingSchema = Type.Composite([
  Type.Object({
    disk: Type.String({ description: 'The places on this disk: media, downloads, an extra manager\'s library' }),
    freeBytes: Type.Integer({ minimum: 0, description: 'Free space now' })
  }),
  FillForecastSchema
], { additionalProperties: false, description: 'One disk\'s forecast' })

type Row = typeof DiskFillingSchema.static

export interface FillingAnswer { disks: Row[], parts: Part[] }

export async function diskFillingOf (app: FastifyInstance, places: LandingPlace[], signal: AbortSignal): Promise<FillingAnswer> {
  const read = await readDiskFilling({ sources: managerImportSources(app.backends), places, figures: app.disk.figures, minFreeBytes: app.config.DISK_MIN_FREE_GIB * 1024 ** 3, signal })
  const record = new PartsRecord()
  for (const source of read.answered) record.checked(`${source} import history`)
  for (const m of read.missing) record.unknown(`${m.source} import history`, m.reason)
  return { disks: read.disks.map(rowOf), parts: record.parts }
}

const rowOf = ({ labels, path: _, ...d }: DiskFilling): Row => ({ disk: labels.join(' and '), ...d })

/** " Filling: …; … ." plus the history that did not answer; empty when no disk was measured. */
export function fillingSentence (a: FillingAnswer, minFreeGiB: number): string {
  if (a.disks.length === 0) return ''
  const unchecked = uncheckedText(a.parts.filter(p => p.state !== 'checked'))
  return ` Filling: ${a.disks.map(d => fillSentence(d.disk, d, minFreeGiB)).join('; ')}.${unchecked ? ` ${unchecked.replace(/^Unknown, did not answer:/, 'Not counted, did not answer:')}` : ''}`
}
