// The download side of the large-library bench's stack: the real qbittorrent-nox (when installed) and the
// pyLoad simulator, so get_library_state's torrent and direct-download parts answer as in a household's stack.
// Without them those parts would wait for an unreachable port: a read retries a refused connection twice
// (150 and 300 ms backoff, clients/http.ts) until the breaker opens, which is the backend's absence timed,
// not the read.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { qbtUnavailable, startQbittorrent } from '../simulators/real-qbittorrent.js'
import { createPyloadSimulator } from '../simulators/pyload/server.js'

export interface BenchDownloaders { env: Record<string, string>, note: string, close: () => Promise<void> }

export async function startBenchDownloaders (): Promise<BenchDownloaders> {
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-bench-dl-'))
  const storage = join(dir, 'pyload')
  mkdirSync(storage)
  const pyloadKey = randomBytes(16).toString('hex')
  const pyload = await createPyloadSimulator({ apiKey: pyloadKey, storageDir: storage })
  const env: Record<string, string> = { DOWNLOAD_MANAGER_URL: pyload.url, DOWNLOAD_MANAGER_API_KEY: pyloadKey }
  const missing = await qbtUnavailable(4)
  const password = randomBytes(12).toString('hex')
  const qbt = missing ? undefined : await startQbittorrent(join(dir, 'qbt'), { password })
  if (qbt) Object.assign(env, { TORRENT_CLIENT_URL: qbt.url, TORRENT_CLIENT_USERNAME: 'admin', TORRENT_CLIENT_PASSWORD: password })
  else env.TORRENT_CLIENT_URL = 'http://127.0.0.1:9'
  return {
    env,
    note: qbt ? 'torrent client: qbittorrent-nox 4.x; direct downloads: pyLoad simulator' : `torrent client: none (${missing}); get_library_state includes its retries`,
    close: async () => {
      await Promise.allSettled([qbt?.stop(), pyload.close()])
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
