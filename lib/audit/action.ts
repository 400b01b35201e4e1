// Records one write that is not a tool call (a setup run, a dashboard action) around the code that does it:
// the entry is stored first — if it cannot be, AuditUnavailableError is thrown and `act` never runs — and
// completed with the outcome `settle` reads from the result (or the error `act` threw).
import type { AuditFinish, AuditStart, AuditStore } from './store.js'

export async function recordAction<T> (
  store: AuditStore, start: AuditStart, act: () => Promise<T>, settle: (result: T) => AuditFinish,
  /** The public text of an error `act` threw; anything else is recorded as unexpected. */
  failure: (err: unknown) => string | undefined = () => undefined
): Promise<T> {
  const id = store.begin(start)
  let result: T
  try {
    result = await act()
  } catch (err) {
    finishQuietly(store, id, { outcome: 'error', error: failure(err) ?? 'failed unexpectedly; see the server log' })
    throw err
  }
  finishQuietly(store, id, settle(result))
  return result
}

/** The action already ran: an entry that cannot be completed stays pending (shown as interrupted after a restart). */
function finishQuietly (store: AuditStore, id: number, finish: AuditFinish) {
  try { store.finish(id, finish) } catch { /* stays pending */ }
}
