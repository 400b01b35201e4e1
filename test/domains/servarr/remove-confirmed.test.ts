// series_remove and movie_remove on the confirmed call: the registry re-runs the preview to check the token's
// fingerprint, and the handler acts on that record instead of describing the title again. Counted at the
// wire: a recording proxy sits between the tool server and each simulator.
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { ok } from '../../helpers/results.js'

interface Recorder { url: string, seen: string[], forwardTo: (target: string) => void, close: () => Promise<void> }

/**
 * Forwards every request to the simulator named by `forwardTo` and records "METHOD path". The tool server starts
 * beside the simulators and may ask (its start-up fetches, its health probe) before the test knows their address:
 * such a request waits for it, as one to a slow manager would.
 */
async function recordingProxy (): Promise<Recorder> {
  let forwardTo: (target: string) => void = () => {}
  const target = new Promise<string>(resolve => { forwardTo = resolve })
  const rec: Recorder = { url: '', seen: [], forwardTo, close: async () => {} }
  const server: Server = createServer(async (req, res) => {
    // The background health probe (GET /system/status) runs on its own clock; it is not the tool's.
    if (!req.url?.endsWith('/system/status')) rec.seen.push(`${req.method} ${req.url}`)
    const out = httpRequest(new URL(req.url ?? '/', await target), { method: req.method, headers: req.headers }, up => {
      res.writeHead(up.statusCode ?? 502, up.headers)
      up.pipe(res)
    })
    out.on('error', () => res.destroy())
    req.pipe(out)
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  rec.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  rec.close = () => new Promise(resolve => { server.closeAllConnections(); server.close(() => resolve()) })
  return rec
}

const sonarrWire = await recordingProxy()
const radarrWire = await recordingProxy()
t.teardown(async () => { await sonarrWire.close(); await radarrWire.close() })
const s = await startServarrStack(t, { config: { SERIES_MANAGER_URL: sonarrWire.url, MOVIE_MANAGER_URL: radarrWire.url } })
sonarrWire.forwardTo(s.sonarr.url)
radarrWire.forwardTo(s.radarr.url)

for (const [tool, wire, idKey] of [['series_remove', sonarrWire, 'seriesId'], ['movie_remove', radarrWire, 'movieId']] as const) {
  t.test(`${tool}: the confirmed call asks the manager once, then deletes`, async t => {
    wire.seen.length = 0
    const preview = ok(await s.call(tool, { id: 1 }))
    const previewCalls = [...wire.seen]
    t.ok(previewCalls.length > 0 && previewCalls.every(c => c.startsWith('GET ')), 'the preview only reads')

    wire.seen.length = 0
    const done = ok(await s.call(tool, { id: 1, confirmToken: preview.confirmation.confirmToken }))
    const deleteAt = wire.seen.findIndex(c => c.startsWith('DELETE '))
    const deletes = wire.seen.filter(c => c.startsWith('DELETE '))
    t.same(wire.seen.slice(0, deleteAt), previewCalls, 'one describe (the registry\'s fingerprint check), not a second one in the handler')
    t.equal(deletes.length, 1, 'one DELETE')
    // Issue 34 item 9: the look after the effect (lib/effects) reads the manager's list once.
    t.same(wire.seen.slice(deleteAt + 1).map(c => c.split('?')[0]), [`GET /api/v3/${tool === 'series_remove' ? 'series' : 'movie'}`], 'then one look whether the title is gone')
    t.same(done.removed, preview.confirmation.targets, 'acts on exactly the previewed record')
    t.same(done.idUsed, { value: 1, type: idKey })
  })
}
