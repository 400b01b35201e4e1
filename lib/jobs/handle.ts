// The handle a running job's code gets (core/job-types.ts JobHandle): progress and messages while it runs, the
// undo data it checkpoints, and questions it asks the person; each change goes through the registry's changed().
import type { Logger } from '../../core/logger.js'
import type { JobHandle } from '../../core/job-types.js'
import type { Entry } from './entry.js'
import { waitForInput } from './input.js'
import { clip, toJson } from './values.js'

export interface HandleDeps {
  /** Records a change (journal now or soon) and tells the listeners. */
  changed: (entry: Entry, persist: 'now' | 'soon') => void
  journal: { isClosed: () => boolean }
  log: Logger
}

export function jobHandle (entry: Entry, controller: AbortController, { changed, journal, log }: HandleDeps): JobHandle {
  const { record } = entry
  return {
    id: record.id,
    signal: controller.signal,
    progress (percent, message) {
      if (record.status !== 'running' || entry.cancelRequested) return
      if (Number.isFinite(percent)) record.progress = Math.min(100, Math.max(0, Math.round(percent * 10) / 10))
      if (message !== undefined) record.message = clip(message)
      changed(entry, 'soon')
    },
    message (text) {
      if (record.status !== 'running' || entry.cancelRequested) return
      record.message = clip(text)
      changed(entry, 'soon')
    },
    setInverse (inverse) {
      // Accepted even after the job was recorded as finished: a run winding down after an abort
      // checkpoints here, and losing that would lose the way back.
      record.inverse = toJson(inverse, 'setInverse')
      if (journal.isClosed()) log.warn({ jobId: record.id, kind: record.kind, inverse: record.inverse }, 'undo data arrived after the job journal was closed; it is kept only in this log line')
      changed(entry, 'now')
    },
    requestInput (requests) {
      const asked = toJson(requests, 'the input requests') as Record<string, unknown>
      return waitForInput(asked, controller.signal, input => {
        entry.input = input
        if (input) { record.inputRequests = asked; changed(entry, 'now') }
      })
    }
  }
}
