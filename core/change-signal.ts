// A change signal without a framework: whoever changes something emits, whoever keeps a view of it listens and
// drops that view. The tool registry plugin emits "the library changed" (plugins/tool-registry.ts); the
// dashboard's library counts listen (routes/api/dashboard/snapshot.ts). A failing listener never fails the emitter.
export interface ChangeSignal<T> {
  emit: (what: T) => void
  /** Returns the unsubscribe function. */
  subscribe: (listener: (what: T) => void) => () => void
}

export function createChangeSignal<T> (onListenerError: (err: unknown) => void = () => {}): ChangeSignal<T> {
  const listeners = new Set<(what: T) => void>()
  return {
    emit (what) {
      for (const listener of listeners) {
        try { listener(what) } catch (err) { onListenerError(err) }
      }
    },
    subscribe (listener) {
      listeners.add(listener)
      return () => { listeners.delete(listener) }
    }
  }
}
