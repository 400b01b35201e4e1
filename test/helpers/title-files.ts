// Puts a simulated title's files on disk where the simulator's manager keeps them (sparse files of the sizes it
// tracks), so this server sees what the manager would delete. The seeded library is not on disk otherwise: as
// it stands, it is a manager whose folders this server cannot see (PATH_MAP wrong, media not mounted).
import { closeSync, mkdirSync, openSync, ftruncateSync } from 'node:fs'
import { dirname } from 'node:path'
import type { SonarrSimulator } from '../../simulators/servarr/sonarr.js'
import type { RadarrSimulator } from '../../simulators/servarr/radarr.js'

function sparse (real: string, size: number) {
  mkdirSync(dirname(real), { recursive: true })
  const fd = openSync(real, 'w')
  ftruncateSync(fd, size)
  closeSync(fd)
}

/** Writes the tracked files of one series or movie under the simulator's disk; returns their total size. */
export function materialize (sim: SonarrSimulator | RadarrSimulator, id: number): number {
  let total = 0
  for (const f of sim.state.library.files.values() as Iterable<{ seriesId?: number, movieId?: number, path: string, size: number }>) {
    if (f.seriesId !== id && f.movieId !== id) continue
    const real = sim.disk.real(f.path)
    if (!real) throw new Error(`${f.path} is outside the simulator's disk`)
    sparse(real, f.size)
    total += f.size
  }
  return total
}
