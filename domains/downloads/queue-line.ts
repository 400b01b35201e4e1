// The first line of download_status's queue: how many downloads, then the first few by name with how far they
// are and the time left, so the answer is read without opening the rows. Names are downloader text: one line,
// clipped.
import { plainLine } from '../../core/untrusted-text.js'

export interface QueueLineItem {
  name: string
  about?: string
  state: string
  /** Absent while the total size is unknown: then no percentage is said. */
  progressPercent?: number
  etaSeconds?: number
}

const NAMED = 3

export function queueLine (items: readonly QueueLineItem[], total: number): string {
  const head = `${total} download${total === 1 ? '' : 's'} in progress or waiting`
  if (items.length === 0) return `${head}.`
  const named = items.slice(0, NAMED).map(describe)
  const more = total - named.length
  return `${head}: ${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}.`
}

function describe (i: QueueLineItem): string {
  const name = JSON.stringify(plainLine(i.about ?? i.name, 80))
  const left = i.etaSeconds !== undefined && i.etaSeconds > 0 && (i.state === 'downloading' || i.state === 'fetching') ? `, ${timeLeft(i.etaSeconds)} left` : ''
  return `${name} ${i.state}${i.progressPercent !== undefined ? ` ${i.progressPercent}%` : ''}${left}`
}

function timeLeft (s: number): string {
  if (s < 90) return `about ${Math.max(1, Math.round(s))} s`
  if (s < 90 * 60) return `about ${Math.round(s / 60)} min`
  if (s < 48 * 3600) return `about ${Math.round(s / 360) / 10} h`
  return `about ${Math.round(s / 86_400)} days`
}
