// A TimerClock (core/timer-clock.ts) a test moves by hand: advance(ms) moves time and runs, in time order, every
// timer that falls due, so a schedule is tested without waiting in real time. pending() counts timers still set.
import type { TimerClock } from '../../core/timer-clock.js'

export interface ManualClock extends TimerClock {
  advance: (ms: number) => void
  pending: () => number
}

export function manualClock (start = 1_000_000): ManualClock {
  let time = start
  let nextId = 0
  const timers = new Map<number, { at: number, fn: () => void }>()
  return {
    now: () => time,
    setTimer: (fn, ms) => { const id = ++nextId; timers.set(id, { at: time + Math.max(0, ms), fn }); return id },
    clearTimer: handle => { timers.delete(handle as number) },
    pending: () => timers.size,
    advance (ms: number) {
      const until = time + ms
      for (;;) {
        const due = [...timers].filter(([, x]) => x.at <= until).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0]
        if (!due) break
        timers.delete(due[0])
        time = due[1].at
        due[1].fn()
      }
      time = until
    }
  }
}
