// GET and POST /api/v3/rootfolder on the simulated managers answer as RootFolderService.GetDetails does: a folder
// that exists is accessible with the free space of its disk; a missing one is {id, path, accessible: false}, with
// no free space at all (never a made-up figure); no totalSpace (RootFolderResource has none). Both within the
// services' OpenAPI contracts.
import t from 'tap'
import { rmSync, statfsSync } from 'node:fs'
import { join } from 'node:path'
import { createSonarrSimulator } from '../../simulators/servarr/sonarr.js'
import { createRadarrSimulator } from '../../simulators/servarr/radarr.js'
import { createServarrSetupSimulator } from '../../simulators/servarr/setup-routes.js'
import { makeRoots } from '../helpers/build.js'

const KEY = '0123456789abcdef0123456789abcdef'
const GiB = 1024 ** 3

for (const [name, create, present, missing] of [
  ['sonarr', createSonarrSimulator, 'tv', 'anime'],
  ['radarr', createRadarrSimulator, 'movies', undefined]
] as const) {
  t.test(`${name}: root folders carry the disk's free space, and a missing folder none`, async t => {
    const roots = makeRoots()
    const sim = await create({ apiKey: KEY, disk: { media: roots.media, downloads: roots.downloads } })
    t.teardown(async () => { await sim.close(); roots.cleanup() })
    if (missing) rmSync(join(roots.media, missing), { recursive: true })
    const res = await fetch(`${sim.url}/api/v3/rootfolder`, { headers: { 'x-api-key': KEY } })
    const folders = await res.json() as Array<Record<string, unknown>>
    const fs = statfsSync(join(roots.media, present))
    const here = folders.find(f => f.path === `/data/${present}`)!
    t.equal(here.accessible, true)
    // Other work on the same disk moves its free space a little between the two reads.
    t.ok(Math.abs(Number(here.freeSpace) - fs.bavail * fs.bsize) < GiB, `freeSpace ${String(here.freeSpace)} is the disk's free space (${fs.bavail * fs.bsize})`)
    for (const f of folders) t.notOk('totalSpace' in f, 'no totalSpace: the resource has none')
    if (missing) t.same(folders.find(f => f.path === `/data/${missing}`), { id: 2, path: `/data/${missing}`, accessible: false }, 'a missing folder: not accessible, no free space')
    t.same(sim.violations, [], 'within the OpenAPI contract')
  })
}

t.test('a root folder just added answers with its disk\'s free space', async t => {
  const roots = makeRoots()
  const sim = await createServarrSetupSimulator('sonarr', { apiKey: KEY, disk: { media: roots.media, downloads: roots.downloads } })
  t.teardown(async () => { await sim.close(); roots.cleanup() })
  const res = await fetch(`${sim.url}/api/v3/rootfolder`, { method: 'POST', headers: { 'x-api-key': KEY, 'content-type': 'application/json' }, body: JSON.stringify({ path: '/data/music' }) })
  t.equal(res.status, 201)
  const added = await res.json() as Record<string, unknown>
  const fs = statfsSync(join(roots.media, 'music'))
  t.match(added, { path: '/data/music', accessible: true, unmappedFolders: [] })
  t.ok(Math.abs(Number(added.freeSpace) - fs.bavail * fs.bsize) < GiB, 'the free space of its disk')
  t.same(sim.violations, [], 'within the OpenAPI contract')
})
