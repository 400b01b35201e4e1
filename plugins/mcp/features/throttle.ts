// Leading and trailing throttle: the first call runs at once, later ones within the interval fold into one
// run at its end, so a burst gives at most one run per interval and the last change is never lost.
export interface Throttle {
  fire: () => void
  cancel: () => void
}

export function createThrottle (intervalMs: number, run: () => unknown, now: () => number = Date.now): Throttle {
  let last = -Infinity
  let timer: NodeJS.Timeout | undefined
  const go = () => {
    timer = undefined
    last = now()
    run()
  }
  return {
    fire () {
      if (timer) return
      const wait = last + intervalMs - now()
      if (wait <= 0) return go()
      timer = setTimeout(go, wait)
      timer.unref()
    },
    cancel () {
      if (timer) clearTimeout(timer)
      timer = undefined
    }
  }
}
