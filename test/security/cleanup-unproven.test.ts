// Hostile review, issue 12 finding 6: cleanup_server must never delete what a source cannot prove
// unreferenced. A pyLoad key without the SETTINGS permission hides the storage folder, so live package
// folders cannot be located: they become untouchable, not deletable. download_direct's folder is never a
// candidate. Runnable alone: npx tap test/security/cleanup-unproven.test.ts
import t from 'tap'
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPathSandbox } from '../../lib/sandbox/sandbox.js'
import { findDownloadLeftovers } from '../../lib/library/cleanup-candidates.js'
import { directDownloadReferences } from '../../lib/library/cleanup-direct-downloads.js'
import type { PyloadPackage } from '../../clients/pyload/types.js'
import { createPyloadSimulator } from '../../simulators/pyload/index.js'
import { createRadarrSimulator } from '../../simulators/servarr/radarr.js'
import { createSonarrSimulator } from '../../simulators/servarr/sonarr.js'
import { buildTestApp, makeRoots } from '../helpers/build.js'
import { QBT_PASSWORD, startQbittorrent, swarmUnavailable } from '../helpers/qbt-swarm.js'
import { toolContext } from '../helpers/sim-app.js'
import { text } from '../helpers/results.js'
import { managersConfig } from '../helpers/servarr-sims.js'

const DAY = 24 * 3600_000
const OLD = new Date(Date.now() - 3 * DAY)

/** An old file, its folders backdated too (leftovers must be older than the age limit). */
function oldFile (root: string, rel: string) {
  const parts = rel.split('/')
  mkdirSync(join(root, ...parts.slice(0, -1)), { recursive: true })
  writeFileSync(join(root, rel), 'x')
  for (let n = parts.length; n > 0; n--) utimesSync(join(root, ...parts.slice(0, n)), OLD, OLD)
}

const pkg = (folderName: string) => ({ id: 1, name: folderName, destination: 'queue', linksDone: 1, linksTotal: 1, bytesDone: 1, bytesTotal: 1, finished: true, failed: false, folderName, files: [] }) as PyloadPackage
const noStorage = (packages: PyloadPackage[]) => ({ queue: async () => packages, collector: async () => [], storageFolder: async () => undefined })

t.test('a storage folder that cannot be read makes every folder named like a package untouchable, at any depth', async t => {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const sandbox = await createPathSandbox({ mediaRoot: roots.media, downloadsRoot: roots.downloads })
  oldFile(roots.downloads, 'Live.Package/part1.mkv')
  oldFile(roots.downloads, 'pyload/Other.Live/part1.mkv')
  oldFile(roots.downloads, 'Forgotten.Thing/file.mkv')
  const refs = await directDownloadReferences(noStorage([pkg('Live.Package'), pkg('Other.Live'), pkg('../..')]), [roots.downloads, roots.media])
  t.same(refs.names, ['Live.Package', 'Other.Live'], 'path tricks in a folder name name nothing')
  t.match(refs.notes[0], /SETTINGS permission/)
  const found = await findDownloadLeftovers(sandbox, { paths: refs.paths, unavailable: [], names: refs.names, containers: refs.containers }, DAY)
  t.same(found.map(f => f.name), ['downloads/Forgotten.Thing'])
})

t.test('packages without a folder of their own and an unknown storage folder prove nothing: the source is unavailable', async t => {
  await t.rejects(directDownloadReferences(noStorage([pkg('')]), ['/srv/downloads']), /storage folder is unknown.*write straight into it/)
  const outside = { queue: async () => [pkg('A')], collector: async () => [], storageFolder: async () => '/pyload-only/storage' }
  const refs = await directDownloadReferences(outside, ['/srv/downloads'])
  t.same({ names: refs.names, paths: refs.paths }, { names: ['A'], paths: [] }, 'a storage folder outside our roots (PATH_MAP gap) locates nothing: named only')
  t.match(refs.notes[0], /not inside the folders this server sees \(check PATH_MAP\)/)
})

t.test('download_direct\'s folder is never a leftover, pyLoad\'s storage folder is opened, not judged whole', async t => {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const sandbox = await createPathSandbox({ mediaRoot: roots.media, downloadsRoot: roots.downloads })
  oldFile(roots.downloads, 'direct/2026-01-01-abcd/video.mp4')
  oldFile(roots.downloads, 'pyload/Live.Package/part1.mkv')
  oldFile(roots.downloads, 'pyload/Gone.Package/part1.mkv')
  const storage = join(roots.downloads, 'pyload')
  const refs = await directDownloadReferences({ queue: async () => [{ ...pkg('Live.Package'), folderPath: join(storage, 'Live.Package') }], collector: async () => [], storageFolder: async () => storage }, [roots.downloads])
  const found = await findDownloadLeftovers(sandbox, { paths: refs.paths, unavailable: [], containers: refs.containers }, DAY)
  t.same(found.map(f => f.name), ['downloads/pyload/Gone.Package'], 'only the package folder pyLoad no longer lists')
})

t.test('end to end: no SETTINGS permission, a live package folder and download_direct\'s folder survive cleanup', { skip: await swarmUnavailable() }, async t => {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const keys = { sonarr: 'c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f8', radarr: 'd3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a9', pyload: 'f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c1' }
  const disk = { media: roots.media, downloads: roots.downloads }
  const sonarr = await createSonarrSimulator({ apiKey: keys.sonarr, disk, paths: { downloads: roots.downloads } })
  const radarr = await createRadarrSimulator({ apiKey: keys.radarr, disk, paths: { downloads: roots.downloads } })
  const pyload = await createPyloadSimulator({ apiKey: keys.pyload, storageDir: join(roots.downloads, 'pyload'), settingsPermission: false })
  t.teardown(() => Promise.allSettled([sonarr.close(), radarr.close(), pyload.close()]))
  const qbt = await startQbittorrent(join(roots.base, 'qbt'), { downloadDir: roots.downloads })
  t.teardown(() => qbt.stop())
  const { app } = await buildTestApp(t, {
    roots,
    config: {
      ...managersConfig(roots, { sonarr, radarr }, keys),
      DOWNLOAD_MANAGER_URL: pyload.url,
      DOWNLOAD_MANAGER_API_KEY: keys.pyload,
      TORRENT_CLIENT_URL: qbt.url,
      TORRENT_CLIENT_PASSWORD: QBT_PASSWORD
    }
  })

  pyload.state.addFinishedPackage('Live: Package?', [{ name: 'part1.mkv', content: 'pkg' }])
  const live = join(roots.downloads, 'pyload', 'Live Package')
  t.ok(existsSync(join(live, 'part1.mkv')), 'pyLoad wrote the package where it writes it')
  utimesSync(join(live, 'part1.mkv'), OLD, OLD)
  utimesSync(live, OLD, OLD)
  utimesSync(join(roots.downloads, 'pyload'), OLD, OLD)
  oldFile(roots.downloads, 'direct/2026-01-01-0a1b2c3d/video.mp4')
  oldFile(roots.downloads, 'Forgotten.Thing/file.mkv')

  const args = { categories: ['downloadLeftovers'] }
  const call = (a: Record<string, unknown>) => app.tools.call('cleanup_server', a, toolContext())
  const preview = await call(args)
  t.notOk(preview.isError, text(preview))
  const targets = (preview.structuredContent as any).confirmation.targets as Array<{ name: string }>
  t.same(targets.map(x => x.name), ['downloads/Forgotten.Thing'], 'neither the live package nor download_direct\'s folder is proposed')
  t.match(text(preview), /folders named like a direct-download package are kept.*SETTINGS permission/)
  const done = await call({ ...args, confirmToken: (preview.structuredContent as any).confirmation.confirmToken })
  t.notOk(done.isError, text(done))
  t.ok(existsSync(join(live, 'part1.mkv')), 'the live package folder is still there')
  t.ok(existsSync(join(roots.downloads, 'direct/2026-01-01-0a1b2c3d/video.mp4')), 'download_direct\'s file is still there')
  t.notOk(existsSync(join(roots.downloads, 'Forgotten.Thing')), 'a real leftover still goes')
  t.same([...sonarr.violations, ...radarr.violations, ...pyload.violations], [])
})
