// The Prowlarr client against the contract-validated simulator.
import t from 'tap'
import { createProwlarrClient } from '../../clients/prowlarr/client.js'
import { createProwlarrSimulator } from '../../simulators/prowlarr/index.js'

const KEY = '0123456789abcdef0123456789abcdef'

t.test('status, health, indexers and applications', async t => {
  const sim = await createProwlarrSimulator({ apiKey: KEY })
  t.teardown(() => sim.close())
  const px = createProwlarrClient({ INDEXER_MANAGER_URL: sim.url, INDEXER_MANAGER_API_KEY: KEY })
  t.teardown(() => px.close())

  t.match(await px.status(), { appName: 'Prowlarr', version: /^1\./ })
  const indexers = await px.indexers()
  t.equal(indexers.length, 6)
  t.ok(indexers.find(i => i.name === 'The Pirate Bay')?.disabledTill, 'a failing indexer shows when it comes back')
  t.ok(indexers.some(i => i.protocol === 'usenet'))

  const health = await px.health()
  t.ok(health.some(h => h.type === 'warning' && /unavailable due to failures/.test(h.message)))
  t.ok(health.some(h => h.source === 'ApplicationCheck'), 'no applications yet')

  t.same(await px.applications(), [])
  const created = await px.addApplication({ name: 'Sonarr', implementation: 'Sonarr', prowlarrUrl: 'http://prowlarr:9696', baseUrl: 'http://sonarr:8989', apiKey: 'sonarr-secret-key' })
  t.match(created, { id: 1, name: 'Sonarr', implementation: 'Sonarr', syncLevel: 'fullSync' })
  t.equal(created.fields.baseUrl, 'http://sonarr:8989')
  t.notOk('apiKey' in created.fields, 'credentials never come back')
  t.notMatch(JSON.stringify(await px.applications()), /sonarr-secret-key/)
  t.notOk((await px.health()).some(h => h.source === 'ApplicationCheck'))
  await t.rejects(px.addApplication({ name: 'sonarr', implementation: 'Sonarr', prowlarrUrl: 'http://p', baseUrl: 'http://s', apiKey: 'k' }), { code: 'rejected' }, 'a duplicate name is refused')

  t.match(await px.probe(), { service: 'Prowlarr', configured: true, reachable: true, version: /^1\./ })
  t.same(sim.violations, [], 'no contract violations')
})

t.test('auth: wrong key, missing key, and the key never leaks', async t => {
  const sim = await createProwlarrSimulator({ apiKey: KEY })
  t.teardown(() => sim.close())
  const wrong = createProwlarrClient({ INDEXER_MANAGER_URL: sim.url, INDEXER_MANAGER_API_KEY: 'nope-nope' })
  t.teardown(() => wrong.close())
  const err = await wrong.status().catch(e => e)
  t.match(err, { code: 'unauthorized', message: /INDEXER_MANAGER_API_KEY/ })
  t.notMatch(err.message, /nope-nope/)

  const none = createProwlarrClient({ INDEXER_MANAGER_URL: sim.url, INDEXER_MANAGER_API_KEY: '' })
  t.teardown(() => none.close())
  await t.rejects(none.indexers(), { code: 'not_configured', message: /INDEXER_MANAGER_API_KEY/ })
  t.match(await none.probe(), { configured: false, reachable: false })

  const px = createProwlarrClient({ INDEXER_MANAGER_URL: sim.url, INDEXER_MANAGER_API_KEY: KEY }, { deadlineMs: 300 })
  t.teardown(() => px.close())
  sim.faults.set('slow', { delayMs: 2_000, count: 3 })
  await t.rejects(px.status(), { code: 'timeout' })
  // A refused connection is "unavailable", retries included, whatever the machine's speed: on the short deadline a
  // loaded machine's retries ran past 300 ms and it read "did not answer" instead.
  const patient = createProwlarrClient({ INDEXER_MANAGER_URL: sim.url, INDEXER_MANAGER_API_KEY: KEY })
  t.teardown(() => patient.close())
  sim.faults.set('down', { count: 3 })
  await t.rejects(patient.health(), { code: 'unavailable', message: /INDEXER_MANAGER_URL/ })
  sim.faults.set('none')
  t.equal((await px.indexers()).length, 6)
})
