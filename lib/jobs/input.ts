// A running job waiting for its client's answers (MCP tasks' input_required): what is still pending by key,
// what has been answered, and who to wake once nothing is pending. The registry keeps one per waiting job.
export interface PendingInput {
  pending: Record<string, unknown>
  answers: Record<string, unknown>
  resolve: (answers: Record<string, unknown>) => void
}

/** Starts a wait; `set` stores (or, with undefined, clears) the job's pending input. Rejects when `signal` aborts. */
export function waitForInput (requests: Record<string, unknown>, signal: AbortSignal, set: (input: PendingInput | undefined) => void): Promise<Record<string, unknown>> {
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise((resolve, reject) => {
    set({ pending: { ...requests }, answers: {}, resolve })
    signal.addEventListener('abort', () => { set(undefined); reject(signal.reason) }, { once: true })
  })
}

/** Records the answers to pending keys (others are ignored); wakes the job once every key is answered. Returns what is still pending. */
export function answerInput (input: PendingInput, responses: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(responses)) {
    if (!(key in input.pending)) continue
    input.answers[key] = value
    delete input.pending[key]
  }
  if (Object.keys(input.pending).length === 0) input.resolve(input.answers)
  return { ...input.pending }
}
