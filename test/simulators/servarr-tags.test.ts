// POST /api/v3/tag as each manager answers it: Radarr validates the label (a-z, 0-9 and -), Sonarr does not
// (Sonarr v4.0.19.2979 / Radarr v6.0.3.10276 src/*.Api.V3/Tags/TagController.cs); both store it lower-cased,
// give back the tag whose label is exactly the one sent, and refuse a label differing only in case (UNIQUE).
import t, { type Test } from 'tap'
import { createRadarrSimulator } from '../../simulators/servarr/radarr.js'
import { createSonarrSimulator } from '../../simulators/servarr/sonarr.js'

const KEY = 'abcdef0123456789abcdef0123456789'

async function simulator (t: Test, kind: 'sonarr' | 'radarr') {
  const sim = kind === 'sonarr' ? await createSonarrSimulator({ apiKey: KEY }) : await createRadarrSimulator({ apiKey: KEY })
  t.teardown(() => sim.close())
  const post = async (label: unknown) => {
    const res = await fetch(`${sim.url}/api/v3/tag`, { method: 'POST', headers: { 'x-api-key': KEY, 'content-type': 'application/json' }, body: JSON.stringify({ label }) })
    return { status: res.status, json: await res.json() }
  }
  return { sim, post }
}

t.test('Sonarr takes any label: no validator on its TagController', async t => {
  const { sim, post } = await simulator(t, 'sonarr')
  const spaced = await post('Keep Me!')
  t.equal(spaced.status, 201)
  t.equal(spaced.json.label, 'keep me!', 'stored lower-cased')
  t.same((await post('keep me!')).json, spaced.json, 'the exact label again gives the same tag')
  t.equal((await post('KEEP ME!')).status, 409, 'a label differing only in case fails the unique insert')
  t.equal((await post(null)).status, 500, 'a null label is a NullReferenceException, not a validation failure')
  t.same(sim.violations, [])
})

t.test('Radarr refuses a label outside a-z, 0-9 and -', async t => {
  const { sim, post } = await simulator(t, 'radarr')
  const spaced = await post('Keep Me!')
  t.equal(spaced.status, 400)
  t.match(spaced.json, [{ propertyName: 'Label', errorMessage: 'Allowed characters a-z, 0-9 and -' }])
  t.match((await post('')).json, [{ propertyName: 'Label', errorCode: 'NotEmptyValidator' }])
  const keep = await post('Keep')
  t.equal(keep.status, 201)
  t.equal(keep.json.label, 'keep')
  t.same((await post('keep')).json, keep.json, 'the exact stored label gives the same tag')
  t.equal((await post('KEEP')).status, 409, 'a label differing only in case fails the unique insert')
  t.same(sim.violations, [])
})
