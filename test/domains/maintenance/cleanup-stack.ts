// The stack cleanup_server's tests run on: Sonarr/Radarr/Jellyfin/pyLoad simulators (contract-validated) and a
// real qbittorrent-nox or an unreachable one, with the file helpers the tests share.
import { mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { createSonarrSimulator, type SonarrSimulator } from '../../../simulators/servarr/sonarr.js'
import { createRadarrSimulator, type RadarrSimulator } from '../../../simulators/servarr/radarr.js'
import { createJellyfinSimulator, type JellyfinSimulator } from '../../../simulators/jellyfin/index.js'
import { createPyloadSimulator, type PyloadSimulator } from '../../../simulators/pyload/index.js'
import type { ToolCallResult } from '../../../core/tool-types.js'
import { buildTestApp, makeRoots, type TestRoots } from '../../helpers/build.js'
import { toolContext } from '../../helpers/sim-app.js'
import { QBT_PASSWORD, startQbittorrent, type QbtMajor } from '../../helpers/qbt-swarm.js'
import { data } from '../../helpers/results.js'
import { managersConfig } from '../../helpers/servarr-sims.js'

const KEYS = { sonarr: 'c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7', radarr: 'd3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8', jellyfin: 'e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9', pyload: 'f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0' }
const OLD = new Date(Date.now() - 3 * 24 * 3600_000)

export interface Stack {
  app: FastifyInstance
  roots: TestRoots
  sonarr: SonarrSimulator
  radarr: RadarrSimulator
  jellyfin: JellyfinSimulator
  pyload: PyloadSimulator
  call: (args: Record<string, unknown>) => Promise<ToolCallResult>
  /** Contract violations any simulator saw (asserted empty at the end of each test). */
  violations: () => string[]
}

/** Every backend is a simulator (or a real qbittorrent-nox); the managers see the library as /data (PATH_MAP). */
export async function stack (t: { teardown: (fn: () => unknown) => void }, o: { torrents: 'real' | 'unreachable', major?: QbtMajor, jellyfin?: { taskMs?: number, apiKey?: string }, config?: Record<string, string> | ((roots: TestRoots) => Record<string, string>) }): Promise<Stack> {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  // The library crosses PATH_MAP (/data); downloads are seen under their real path by every backend, as the
  // real qbittorrent-nox on this machine can only see real paths.
  const disk = { media: roots.media, downloads: roots.downloads }
  const paths = { downloads: roots.downloads }
  const sonarr = await createSonarrSimulator({ apiKey: KEYS.sonarr, disk, paths, downloadMs: 30 })
  const radarr = await createRadarrSimulator({ apiKey: KEYS.radarr, disk, paths, downloadMs: 30 })
  const jellyfin = await createJellyfinSimulator({ apiKey: KEYS.jellyfin, scanMs: 5, taskMs: o.jellyfin?.taskMs })
  const pyload = await createPyloadSimulator({ apiKey: KEYS.pyload, storageDir: roots.downloads, linkDurationMs: 60_000 })
  t.teardown(() => Promise.allSettled([sonarr.close(), radarr.close(), jellyfin.close(), pyload.close()]))
  let torrentUrl = 'http://127.0.0.1:9'
  if (o.torrents === 'real') {
    const qbt = await startQbittorrent(join(roots.base, 'qbt'), { downloadDir: roots.downloads, major: o.major })
    t.teardown(() => qbt.stop())
    torrentUrl = qbt.url
  }
  const { app } = await buildTestApp(t, {
    roots,
    config: {
      ...managersConfig(roots, { sonarr, radarr }, KEYS),
      MEDIA_SERVER_URL: jellyfin.url,
      MEDIA_SERVER_API_KEY: o.jellyfin?.apiKey ?? KEYS.jellyfin,
      DOWNLOAD_MANAGER_URL: pyload.url,
      DOWNLOAD_MANAGER_API_KEY: KEYS.pyload,
      TORRENT_CLIENT_URL: torrentUrl,
      TORRENT_CLIENT_PASSWORD: QBT_PASSWORD,
      ...(typeof o.config === 'function' ? o.config(roots) : o.config)
    }
  })
  return {
    app,
    roots,
    sonarr,
    radarr,
    jellyfin,
    pyload,
    call: args => app.tools.call('cleanup_server', args, toolContext()),
    violations: () => [...sonarr.violations, ...radarr.violations, ...jellyfin.violations, ...pyload.violations]
  }
}

export function put (root: string, rel: string, content: string | Buffer = 'x') {
  mkdirSync(join(root, rel, '..'), { recursive: true })
  writeFileSync(join(root, rel), content)
}

/** Backdates a file or a whole tree (leftovers and temp files must be older than olderThanHours). */
export function age (path: string) {
  if (statSync(path).isDirectory()) for (const e of readdirSync(path)) age(join(path, e))
  utimesSync(path, OLD, OLD)
}

export const confirmWith = async (s: Stack, args: Record<string, unknown>, preview: ToolCallResult) =>
  await s.call({ ...args, confirmToken: data(preview).confirmation.confirmToken })
