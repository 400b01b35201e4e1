// The household events nobody asks for: a backend unreachable for longer than `downAfterMs` (told once, and
// once more when it is back), and a disk below the free-space threshold (told once per disk until it has room
// again). Fed with what the server already checks (the background probe, the disks' figures); decides only.
import type { Message, NotifyEvent } from '../../core/notify/types.js'

export interface WatchedBackend { service: string, configured: boolean, reachable: boolean, error?: string }

/**
 * Where a person sees every configured backend, downloaders included, with why it is down: the dashboard's
 * Services card (from the background probe, as /health). server_status covers the media server only.
 */
export const DOWN_WHERE = "the dashboard's Services card shows why"
export interface WatchedDisk { key: string, sentence: string }

export function createHouseholdWatch (o: { downAfterMs?: number, send: (event: NotifyEvent, m: Message) => void }) {
  const downAfterMs = o.downAfterMs ?? 5 * 60_000
  const downSince = new Map<string, number>()
  const toldDown = new Set<string>()
  const toldDisk = new Set<string>()

  function backends (list: WatchedBackend[], now = Date.now()) {
    for (const b of list) {
      if (!b.configured) continue
      if (b.reachable) {
        downSince.delete(b.service)
        if (toldDown.delete(b.service)) o.send('down', { title: `${b.service} is back`, body: `${b.service} answers again.`, type: 'success' })
        continue
      }
      const since = downSince.get(b.service) ?? now
      downSince.set(b.service, since)
      if (now - since >= downAfterMs && !toldDown.has(b.service)) {
        toldDown.add(b.service)
        const minutes = Math.round((now - since) / 60_000)
        const why = b.error ? ` (${b.error.replace(/\.$/, '')})` : ''
        o.send('down', { title: `${b.service} is down`, body: `${b.service} has not answered for ${minutes} minute(s)${why}. Tools that need it fail until it is back; ${DOWN_WHERE}.`, type: 'failure' })
      }
    }
  }

  function disks (low: WatchedDisk[]) {
    const now = new Set(low.map(d => d.key))
    for (const key of [...toldDisk]) if (!now.has(key)) toldDisk.delete(key)
    for (const d of low) {
      if (toldDisk.has(d.key)) continue
      toldDisk.add(d.key)
      o.send('disk', { title: 'Low disk space', body: `${d.sentence[0]!.toUpperCase()}${d.sentence.slice(1)}. Free space (cleanup_server) before new downloads are refused.`, type: 'warning' })
    }
  }

  return { backends, disks }
}
