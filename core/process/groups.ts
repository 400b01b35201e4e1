// Process groups started by this server. Every group still alive when Node exits is killed, so a crash
// or an unhandled test failure never leaves a downloader or transcoder running on its own.
const live = new Set<number>()
let hooked = false

/** Remembers a detached child's group; returns the function that forgets it (call it when it exits). */
export function trackGroup (pid: number): () => void {
  live.add(pid)
  if (!hooked) {
    hooked = true
    process.once('exit', () => { for (const p of live) killGroup(p, 'SIGKILL') })
  }
  return () => { live.delete(pid) }
}

/** Signals a whole process group (the child was spawned detached, so its pid is the group id). */
export function killGroup (pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal)
    return true
  } catch {
    try { process.kill(pid, signal); return true } catch { return false }
  }
}
