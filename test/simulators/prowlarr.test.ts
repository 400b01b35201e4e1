// Prowlarr simulator behaviour the contract does not carry: *arr auth rules.
import t from 'tap'
import { request } from 'undici'
import { createProwlarrSimulator } from '../../simulators/prowlarr/index.js'

t.test('auth like the real *arr: header or apikey query, 401 with an empty body otherwise', async t => {
  const sim = await createProwlarrSimulator({ apiKey: 'goodkey' })
  t.teardown(() => sim.close())
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await request(sim.url + path, { headers })
    return { status: res.statusCode, body: await res.body.text() }
  }
  t.equal((await get('/api/v1/system/status', { 'x-api-key': 'goodkey' })).status, 200)
  const before = sim.violations.length
  t.equal((await get('/api/v1/system/status?apikey=goodkey')).status, 200)
  // The spec declares `apikey` as a query security scheme, not a parameter; the contract harness
  // may count it as an extra query property. Anything else would be a real drift.
  for (const v of sim.violations.splice(before)) t.match(v, /\/query must NOT have additional properties/)
  t.same(await get('/api/v1/system/status', { 'x-api-key': 'bad' }), { status: 401, body: '' })
  t.same(await get('/api/v1/indexer'), { status: 401, body: '' })
  t.equal((await get('/ping')).status, 200, '/ping is anonymous')
  t.same(sim.violations, [])
})

t.test('the validator bites: a response that drifts from the contract is recorded', async t => {
  const sim = await createProwlarrSimulator({ apiKey: 'goodkey' })
  t.teardown(() => sim.close())
  sim.state.indexers[0].protocol = 'carrier-pigeon'
  await request(sim.url + '/api/v1/indexer', { headers: { 'x-api-key': 'goodkey' } }).then(r => r.body.dump())
  t.equal(sim.violations.length, 1)
  t.match(sim.violations[0], /prowlarr: response GET \/api\/v1\/indexer: \/0\/protocol/)
})
