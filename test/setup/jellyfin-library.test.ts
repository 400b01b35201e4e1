// Setup's library step as Jellyfin reads it: the folder travels whole (a comma in a folder name does not split
// it), and Jellyfin's 400 (a folder it cannot see) is explained as that, not as a name clash.
import t from 'tap'
import { createJellyfinSetupCalls } from '../../clients/setup-calls.js'
import { createPathMap } from '../../core/path-map.js'
import { createJellyfinSimulator } from '../../simulators/jellyfin/index.js'

const KEY = 'b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2'

t.test('a media folder with a comma in its name becomes one library folder', async t => {
  const sim = await createJellyfinSimulator({ apiKey: KEY, pathExists: p => p !== '/srv/missing/movies' })
  t.teardown(() => sim.close())
  const calls = createJellyfinSetupCalls({ baseUrl: sim.url })
  t.teardown(() => calls.close())
  await calls.addLibrary(KEY, { name: 'Films', collectionType: 'movies', path: '/srv/Media, Family/movies' })
  t.same((await calls.libraries(KEY)).find(l => l.name === 'Films')?.locations, ['/srv/Media, Family/movies'])
  await t.rejects(calls.addLibrary(KEY, { name: 'Lost', collectionType: 'movies', path: '/srv/missing/movies' }),
    { message: /cannot see the folder \/srv\/missing\/movies.*mounted/ })
  t.notOk((await calls.libraries(KEY)).some(l => l.name === 'Lost'), 'nothing was added')
  t.same(sim.violations, [])
})

t.test('PATH_MAP: setup\'s Jellyfin calls take and give our paths, and send Jellyfin its own', async t => {
  const sim = await createJellyfinSimulator({ apiKey: KEY })
  t.teardown(() => sim.close())
  const mapped = createJellyfinSetupCalls({ baseUrl: sim.url, pathMap: createPathMap('/data=/srv/media') })
  const plain = createJellyfinSetupCalls({ baseUrl: sim.url })
  t.teardown(async () => { await mapped.close(); await plain.close() })
  await mapped.addLibrary(KEY, { name: 'Docs', collectionType: 'movies', path: '/srv/media/docs' })
  t.same((await plain.libraries(KEY)).find(l => l.name === 'Docs')?.locations, ['/data/docs'], 'Jellyfin got its own path')
  t.same((await mapped.libraries(KEY)).find(l => l.name === 'Docs')?.locations, ['/srv/media/docs'], 'and we read ours back')
  t.equal(mapped.serverPath('/srv/media/docs'), '/data/docs')
  t.same(sim.violations, [])
})
