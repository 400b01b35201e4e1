// The contract harness itself must bite: wrong shapes are reported, right ones pass.
import t from 'tap'
import Fastify from 'fastify'
import { attachContract, loadContract } from '../../simulators/contract.js'
import { attachFaults } from '../../simulators/faults.js'

t.test('requests and responses are checked against the official spec', async t => {
  const sonarr = await loadContract('sonarr')
  t.same(sonarr.checkRequest({ method: 'GET', path: '/api/v3/series/lookup', query: { term: 'Dark' }, headers: {} }), [])
  t.match(sonarr.checkRequest({ method: 'GET', path: '/api/v3/no-such-endpoint', query: {}, headers: {} })[0], /not an operation/)
  t.match(sonarr.checkResponse({ method: 'GET', path: '/api/v3/system/status' }, 200, { version: '4.0.0', isLinux: 'yes' })[0], /isLinux must be boolean/)
  t.same(sonarr.checkRequest({ method: 'POST', path: '/api/v3/command', query: {}, headers: { 'content-type': 'application/json' }, body: { name: 'RescanSeries', seriesId: 1 } }), [],
    'command-specific fields are allowed on CommandResource')
  const jellyfin = await loadContract('jellyfin')
  t.match(jellyfin.checkRequest({ method: 'GET', path: '/Items', query: { startIndex: 'x' }, headers: {} })[0], /startIndex must be integer/)
  t.same(jellyfin.checkResponse({ method: 'GET', path: '/System/Info/Public' }, 200, { Version: '10.11.11', Id: '0123456789abcdef0123456789abcdef' }), [])
  const pyload = await loadContract('pyload')
  t.match(pyload.checkRequest({ method: 'POST', path: '/api/add_package', query: {}, headers: { 'content-type': 'application/json' }, body: { name: 'x' } })[0], /links/)
})

t.test('attachContract records violations of a simulator, and faults are exempt', async t => {
  const app = Fastify()
  const violations = attachContract(app, await loadContract('sonarr'))
  const faults = attachFaults(app)
  app.get('/api/v3/system/status', async () => ({ version: '4.0.0', isLinux: 'yes' }))
  await app.ready()
  t.teardown(() => app.close())
  await app.inject('/api/v3/system/status')
  t.equal(violations.length, 1)
  t.match(violations[0], /isLinux must be boolean/)
  faults.set('invalid-json', { count: 1 })
  const res = await app.inject('/api/v3/system/status')
  t.equal(res.body, '{"truncated": [1, 2')
  t.equal(violations.length, 1, 'an injected fault is not a contract violation')
  t.equal(faults.mode, 'none', 'count-limited fault resets itself')
})

t.test('a body checked before is skipped only when it passed: the same wrong body is reported every time', async t => {
  const app = Fastify()
  const violations = attachContract(app, await loadContract('sonarr'))
  let isLinux: unknown = true
  app.get('/api/v3/system/status', async () => ({ version: '4.0.0', isLinux }))
  await app.ready()
  t.teardown(() => app.close())
  await app.inject('/api/v3/system/status')
  await app.inject('/api/v3/system/status')
  t.same(violations, [], 'a right body passes, checked once or remembered')
  isLinux = 'yes'
  await app.inject('/api/v3/system/status')
  await app.inject('/api/v3/system/status')
  t.equal(violations.length, 2, 'a wrong body is reported each time it is sent')
  t.match(violations[1], /isLinux must be boolean/)
})
