// Time and timers as one injectable thing: the system's by default; a test passes one it moves by hand
// (test/helpers/manual-clock.ts), so nothing scheduled on it ever waits in real time.

export interface TimerClock {
  now: () => number
  /** Runs fn once after ms; the handle is for clearTimer. Never keeps the process alive on its own. */
  setTimer: (fn: () => void, ms: number) => unknown
  clearTimer: (handle: unknown) => void
}

export const systemClock: TimerClock = {
  now: () => Date.now(),
  setTimer: (fn, ms) => {
    const timer = setTimeout(fn, ms)
    timer.unref()
    return timer
  },
  clearTimer: handle => clearTimeout(handle as ReturnType<typeof setTimeout>)
}
