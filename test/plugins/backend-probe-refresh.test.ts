// A backend check asked for now (refreshBackendStatus: server_status for an instance not probed yet, the setup
// page's "check again") answers from a round of probes begun after the ask. A round already under way may have
// read the backend before it went down; joining it answered "reachable" for a backend that was not (seen on a
// loaded machine, where the start-up round was still out when the test took its series manager down).
import t from 'tap'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { buildTestApp } from '../helpers/build.js'
import { until } from '../helpers/until.js'

t.test('a check asked for while a round is under way is not answered by that round', async t => {
  let mode: 'hold' | 'down' = 'hold'
  const held: ServerResponse[] = []
  const server = createServer((req, res) => {
    if (mode === 'down') { req.socket.destroy(); return }
    held.push(res)
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>(resolve => { server.closeAllConnections(); server.close(() => resolve()) }))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  // The start-up round's probe of the series manager is held open.
  const { app } = await buildTestApp(t, { probe: true, config: { SERIES_MANAGER_URL: url, SERIES_MANAGER_API_KEY: 'a'.repeat(32) } })
  await until(() => held.length > 0)
  mode = 'down'
  const asked = app.refreshBackendStatus()
  // The round under way then hears the series manager up.
  held.shift()!.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ appName: 'Sonarr', version: '4.0.14.2939' }))
  const sonarr = (await asked).find(s => s.service === 'Sonarr')
  t.equal(sonarr?.reachable, false, 'the series manager is down when the check was asked for')
  t.match(sonarr?.error, /unreachable|reset|closed/i)
})
