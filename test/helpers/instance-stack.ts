// Building blocks of the several-instances tests: the variables that add extra series/movie manager instances
// run by simulators, and a library folder on a filesystem of its own (/dev/shm) whose free space a disk
// figures seam reports as nearly full.
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'

interface Sim { url: string }

/** SERIES_MANAGER_INSTANCES / MOVIE_MANAGER_INSTANCES and each instance's URL and API key. */
export function extraManagers (series: Record<string, [Sim, string]>, movies: Record<string, [Sim, string]> = {}): Record<string, string> {
  const vars: Record<string, string> = {}
  for (const [prefix, list] of [['SERIES_MANAGER', series], ['MOVIE_MANAGER', movies]] as const) {
    const names = Object.keys(list)
    if (names.length === 0) continue
    vars[`${prefix}_INSTANCES`] = names.join(',')
    for (const [name, [sim, key]] of Object.entries(list)) {
      vars[`${prefix}_${name.toUpperCase()}_URL`] = sim.url
      vars[`${prefix}_${name.toUpperCase()}_API_KEY`] = key
    }
  }
  return vars
}

const SHM = '/dev/shm'
const GiB = 1024 ** 3

/**
 * A folder on a second filesystem, and disk figures that give it `freeGiB` free and every other disk 100 GiB;
 * undefined when the machine has no second filesystem. The caller removes the folder (cleanup).
 */
export function nearlyFullDisk (prefix: string, freeGiB = 1) {
  const otherFs = (() => { try { return statSync(SHM).dev !== statSync(process.cwd()).dev } catch { return false } })()
  if (!otherFs) return undefined
  const dir = mkdtempSync(join(SHM, prefix))
  const figures = async (path: string) => {
    const free = (path.startsWith(dir) ? freeGiB : 100) * GiB
    return { totalBytes: 500 * GiB, usedBytes: 500 * GiB - free, freeBytes: free, usedPercent: 50 }
  }
  return { dir, figures, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}
