// The Deluge client when deluge-web's daemon is stopped or restarted under it, against the real deluged +
// deluge-web 2.0.3 (Debian's split services): a stopped daemon is named as such, a restarted one is reconnected
// to once (deluge-web keeps the dead connection and answers nothing until it is told to connect again), and a
// daemon's refusal is said in words, not as the Twisted traceback deluge-web sends (json_api.py 181-190).
import { test } from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BackendError } from '../../core/errors.js'
import { createPathMap } from '../../core/path-map.js'
import { createDelugeClient } from '../../clients/deluge/client.js'
import { delugeUnavailable, startDeluge } from '../../simulators/real-deluge.js'

const PASSWORD = 'deluge-test-password-1'

test('Deluge client when deluged stops or restarts under deluge-web', { skip: await delugeUnavailable() }, async t => {
  const base = mkdtempSync(join(tmpdir(), 'deluge-daemon-'))
  const dl = await startDeluge(join(base, 'deluge'), { password: PASSWORD })
  const client = createDelugeClient({ url: dl.url, username: '', password: PASSWORD, downloadsRoot: dl.downloadDir, pathMap: createPathMap(''), deadlineMs: 15_000 })
  t.teardown(async () => {
    await client.close()
    await dl.stop()
    rmSync(base, { recursive: true, force: true })
  })
  const where = dl.daemonAddress.replace(/\./g, '\\.')

  await t.test('a stopped daemon is named as one, not taken for an old Deluge', async t => {
    await dl.stopDaemon()
    const err = await client.list().catch(e => e)
    t.type(err, BackendError)
    t.match(err.message, new RegExp(`deluge-web is not connected to deluged \\(${where}\\) and could not connect to it\\. Is deluged running\\?`))
    t.notMatch(err.message, /Deluge 2\.0/)
  })

  await t.test('once it runs, the next call connects', async t => {
    await dl.startDaemon()
    t.same(await client.list(), [])
  })

  await t.test('a daemon restarted under deluge-web is reconnected to once and the call answers', async t => {
    await dl.stopDaemon()
    await dl.startDaemon()
    t.same(await client.list(), [], 'answered, not "did not answer in 15 s"')
    t.equal((await client.version()).app, '2.0.3')
  })

  await t.test('a daemon gone since the last call is said to be lost', async t => {
    await dl.stopDaemon()
    await t.rejects(client.list(), { constructor: BackendError, message: new RegExp(`deluge-web lost its connection to deluged \\(${where}\\) and could not reconnect\\. Is deluged running\\?`) })
    await dl.startDaemon()
  })

  await t.test('a daemon refusal says what was refused, without the traceback', async t => {
    const err = await client.pause(['f'.repeat(40)]).catch(e => e)
    t.type(err, BackendError)
    t.equal(err.message, `Deluge refused to pause: it has no torrent ${'f'.repeat(40)}.`)
    t.notMatch(err.message, /Traceback|Failure|\.py|KeyError/)
  })
})
