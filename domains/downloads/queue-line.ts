// The first line of download_status's queue: how many downloads in each state (core/download-state: "3
// downloading, 2 failed, 1 waiting for an import"), then the first few by name with how far they are, the time
// left or why they are stuck, so the answer is read without opening the rows. Names are downloader text: one
// line, clipped.
import { countByState, countsLine, STATE_WORDS, type DownloadState } from '../../core/download-state/index.js'
import { plainLine } from '../../core/untrusted-text.js'

export interface QueueLineItem {
  name: string
  about?: string
  status: DownloadState
  /** Why, in household words (stuck, failed, import blocked). */
  reason?: string
  /** Absent while the total size is unknown: then no percentage is said. */
  progressPercent?: number
  etaSeconds?: number
}

const NAMED = 3

/** `all`: every download of the queue (the counts); `shown`: the page, whose first few are named. */
export function queueLine (shown: readonly QueueLineItem[], all: readonly Pick<QueueLineItem, 'status'>[]): string {
  const total = all.length
  const counts = countsLine(countByState(all.map(i => ({ state: i.status }))))
  const head = `${total} download${total === 1 ? '' : 's'}${counts ? `: ${counts}` : ''}`
  if (shown.length === 0) return `${head}.`
  const named = shown.slice(0, NAMED).map(describe)
  const more = total - named.length
  return `${head}. ${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}.`
}

function describe (i: QueueLineItem): string {
  const name = JSON.stringify(plainLine(i.about ?? i.name, 80))
  const moving = i.status === 'downloading'
  const left = i.etaSeconds !== undefined && i.etaSeconds > 0 && moving ? `, ${timeLeft(i.etaSeconds)} left` : ''
  const why = i.reason && i.status !== 'downloading' && i.status !== 'queued' ? ` (${plainLine(i.reason, 120)})` : ''
  return `${name} ${STATE_WORDS[i.status]}${i.progressPercent !== undefined ? ` ${i.progressPercent}%` : ''}${left}${why}`
}

function timeLeft (s: number): string {
  if (s < 90) return `about ${Math.max(1, Math.round(s))} s`
  if (s < 90 * 60) return `about ${Math.round(s / 60)} min`
  if (s < 48 * 3600) return `about ${Math.round(s / 360) / 10} h`
  return `about ${Math.round(s / 86_400)} days`
}
