// Setup's library step as Jellyfin reads it: the folder travels whole (a comma in a folder name does not split
// it), and Jellyfin's 400 (a folder it cannot see) is explained as that, not as a name clash.
import t from 'tap'
import { createJellyfinSetupCalls } from '../../clients/setup-calls.js'
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
