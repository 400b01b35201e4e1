// server_status with an extra series manager ("anime", its library on a disk of its own that is nearly full)
// and an extra movie manager ("uhd", down): each extra instance is reported as /health probes it (reachable,
// version, why not), and the low-disk warning covers the anime library's disk. The default instances'
// disks have room, so nothing else is warned about.
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { createSonarrSimulator } from '../../../simulators/servarr/sonarr.js'
import { createRadarrSimulator } from '../../../simulators/servarr/radarr.js'
import { extraManagers, nearlyFullDisk } from '../../helpers/instance-stack.js'
import { ok } from '../../helpers/results.js'

const disk = nearlyFullDisk('anime-media-')
if (!disk) t.plan(0, 'needs a second filesystem (/dev/shm) for the anime library')
else {
  const animeMedia = disk.dir
  t.teardown(disk.cleanup)
  const KEYS = { anime: 'b1c2d3e4f5a60718293a4b5c6d7e8f90', uhd: 'c1d2e3f4a5b60718293a4b5c6d7e8f90' }
  const anime = await createSonarrSimulator({ apiKey: KEYS.anime, paths: { media: '/anime' }, disk: { media: animeMedia } })
  const uhd = await createRadarrSimulator({ apiKey: KEYS.uhd })
  t.teardown(() => Promise.all([anime.close(), uhd.close()]))
  const s = await startServarrStack(t, {
    jellyfin: true,
    build: { plugins: { disk: { figures: disk.figures } } },
    config: roots => ({
      PATH_MAP: `/data=${roots.media},/downloads=${roots.downloads},/anime=${animeMedia}`,
      DISK_MIN_FREE_GIB: 5,
      ...extraManagers({ anime: [anime, KEYS.anime] }, { uhd: [uhd, KEYS.uhd] })
    })
  })

  t.test('each extra instance as /health sees it, and the disk of the anime library', async t => {
    uhd.faults.set('down')
    t.teardown(() => uhd.faults.set('none'))
    await s.app.refreshBackendStatus()
    const res = await s.call('server_status', {})
    const data = ok(res)
    t.match(data.instances, [
      { service: 'Sonarr (anime)', reachable: true, version: /^\d+\./ },
      { service: 'Radarr (uhd)', reachable: false, error: /unreachable/ }
    ])
    t.equal(data.instances.length, 2, 'the default instances are not repeated here')
    const health = (await s.app.inject({ method: 'GET', url: '/health' })).json().backends
    t.same(data.instances.map((i: any) => i.reachable), ['Sonarr (anime)', 'Radarr (uhd)'].map(name => health.find((b: any) => b.service === name).reachable), 'as /health says')
    t.match(data.lowDisk, [new RegExp(`^the series manager "anime" library disk \\(${animeMedia}/.+\\) has 1\\.0 GiB free, below DISK_MIN_FREE_GIB \\(5 GiB\\)$`)])
    t.match(res.content[0]!.text, /Low disk space: the series manager "anime" library disk .* Extra instances: Sonarr \(anime\) \d\S* up; Radarr \(uhd\) unreachable/)
  })

  t.test('an instance not probed yet is checked before the answer', async t => {
    const again = await startServarrStack(t, {
      jellyfin: true,
      build: { plugins: { backendProbe: { autoStart: false } } },
      config: extraManagers({ anime: [anime, KEYS.anime] })
    })
    t.same(again.app.backendStatus(), [], 'no probe round yet')
    t.match(ok(await again.call('server_status', {})).instances, [{ service: 'Sonarr (anime)', reachable: true }])
  })
}
