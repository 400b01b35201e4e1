// The upgrades view over two movie managers (the default one and "uhd"): with no instance named, both are read
// and each row names its instance; the releases call it suggests names the instance and is accepted as given;
// an instance that does not answer is an unknown part, named, and the other's rows still answer.
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { createRadarrSimulator, type RadarrSimulator } from '../../../simulators/servarr/radarr.js'
import { extraManagers } from '../../helpers/instance-stack.js'
import { qualities } from '../../../simulators/servarr/qualities.js'
import { ok } from '../../helpers/results.js'

const KEY = 'd1e2f3a4b5c60718293a4b5c6d7e8f90'
const uhd = await createRadarrSimulator({ apiKey: KEY })
t.teardown(() => uhd.close())
const s = await startServarrStack(t, { config: extraManagers({}, { uhd: [uhd, KEY] }) })

/** Puts one movie of the manager below its profile's cutoff; its id. */
function downgradeOne (sim: RadarrSimulator): number {
  const movie = [...sim.state.library.movies.values()].find(m => m.movieFileId && sim.state.profiles.find(p => p.id === m.qualityProfileId)!.cutoff !== 1)!
  sim.state.library.files.get(movie.movieFileId)!.quality = qualities('radarr').find(q => q.id === 1)!
  return movie.id
}

t.test('every instance read, each row naming its own; a silent one named', async t => {
  const ids = { default: downgradeOne(s.radarr), uhd: downgradeOne(uhd) }
  const data = ok(await s.call('movie_status', { view: 'upgrades' }))
  t.equal(data.total, 2)
  t.same(data.items.map((r: { instance: string, id: number }) => [r.instance, r.id]).sort(), [['default', ids.default], ['uhd', ids.uhd]])
  t.match(data.parts, [{ part: 'Movie manager "default"', state: 'checked', found: 1 }, { part: 'Movie manager "uhd"', state: 'checked', found: 1 }])
  const onUhd = data.next.find((n: { arguments: { instance: string } }) => n.arguments.instance === 'uhd')
  t.match(onUhd, { tool: 'movie_releases', arguments: { id: ids.uhd, idType: 'movieId', instance: 'uhd' } })
  t.notOk((await s.call(onUhd.tool, onUhd.arguments)).isError, 'the suggested call is accepted as given')

  uhd.faults.set('down')
  t.teardown(() => uhd.faults.set('none'))
  const res = await s.call('movie_status', { view: 'upgrades' })
  const partial = ok(res)
  t.equal(partial.total, 1, 'the default instance\'s row')
  t.match(partial.parts, [{ part: 'Movie manager "default"', state: 'checked' }, { part: 'Movie manager "uhd"', state: 'unknown' }])
  t.match(res.content[0].text, /Unknown, did not answer: Movie manager "uhd"/)
})
