// Setup turns on Deluge's Label plugin (off on a fresh Deluge), which Deluge categories are: against the real
// deluged + deluge-web (Debian's 2.0.3) on loopback, as test/clients/deluge.test.ts starts them. A dry run only
// plans; the run turns it on and a category then works; a second run leaves it, said so.
import t from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runSetup } from '../../lib/setup/run.js'
import type { SetupLog } from '../../lib/setup/types.js'
import { createDelugeClient } from '../../clients/deluge/client.js'
import { createPathMap } from '../../core/path-map.js'
import { delugeUnavailable, startDeluge } from '../../simulators/real-deluge.js'
import { startSetupStack } from './stack.js'

const PASSWORD = 'deluge-setup-password-1'
const quiet: SetupLog = { info: () => {}, warn: () => {}, error: () => {} }

const skip = await delugeUnavailable()
t.test('setup turns on the Label plugin of a fresh Deluge, once', { skip }, async t => {
  const base = mkdtempSync(join(tmpdir(), 'deluge-setup-'))
  const downloads = join(base, 'downloads')
  const dl = await startDeluge(join(base, 'deluge'), { password: PASSWORD, downloadDir: downloads })
  t.teardown(async () => { await dl.stop(); rmSync(base, { recursive: true, force: true }) })
  const client = createDelugeClient({ url: dl.url, username: '', password: PASSWORD, downloadsRoot: downloads, pathMap: createPathMap(''), deadlineMs: 15_000 })
  t.teardown(() => client.close())
  const magnet = (n: string) => `magnet:?xt=urn:btih:${n.repeat(40)}&dn=Label.Test`

  t.equal(await client.labelPlugin.on(), false, 'a fresh Deluge has it off')
  await t.rejects(client.addMagnet(magnet('a'), { paused: true, category: 'tv' }), { message: /Label plugin is off/ }, 'so a category is refused')

  const stack = await startSetupStack(t, { TORRENT_CLIENT_TYPE: 'deluge', TORRENT_CLIENT_URL: dl.url, TORRENT_CLIENT_USERNAME: '', TORRENT_CLIENT_PASSWORD: PASSWORD })
  const run = async (dryRun = false) => await runSetup(stack.config, { configRoot: stack.configRoot, steps: ['keys', 'download_clients'], dryRun }, quiet)
  const label = (r: Awaited<ReturnType<typeof run>>) => r.results.find(x => x.step === 'deluge.label_plugin')

  t.match(label(await run(true)), { status: 'planned', message: 'Would turn on Deluge\'s Label plugin, which its categories need.' })
  t.equal(await client.labelPlugin.on(), false, 'a dry run changes nothing')

  const first = await run()
  t.match(label(first), { status: 'done', message: /^Turned on Deluge's Label plugin/ })
  const order = first.results.map(r => r.step)
  t.ok(order.indexOf('deluge.label_plugin') < order.indexOf('download_client.sonarr'), 'before the managers get Deluge with its category')
  t.match(first.results.find(r => r.step === 'download_client.sonarr'), { status: 'done' })
  t.notMatch(JSON.stringify(first.results), PASSWORD, 'the password is in no message')
  t.equal(await client.labelPlugin.on(), true, 'on, as Deluge reports it')
  t.same(await client.addMagnet(magnet('b'), { paused: true, category: 'tv' }), { hash: 'b'.repeat(40) }, 'a category works now')
  t.equal((await client.list()).find(x => x.hash === 'b'.repeat(40))?.category, 'tv')

  t.match(label(await run()), { status: 'already_done', message: 'Deluge\'s Label plugin is already on (its categories work).' })
})

t.test('no Deluge configured, no step; a Deluge without its password is skipped, naming the variable', async t => {
  const plain = await startSetupStack(t)
  const none = await runSetup(plain.config, { configRoot: plain.configRoot, steps: ['keys', 'download_clients'] }, quiet)
  t.notOk(none.results.some(r => r.step.startsWith('deluge')))
  const nopass = await startSetupStack(t, { TORRENT_CLIENT_TYPE: 'deluge', TORRENT_CLIENT_URL: 'http://127.0.0.1:9', TORRENT_CLIENT_USERNAME: '', TORRENT_CLIENT_PASSWORD: '' })
  const r = await runSetup(nopass.config, { configRoot: nopass.configRoot, steps: ['keys', 'download_clients'] }, quiet)
  t.match(r.results.find(x => x.step === 'deluge.label_plugin'), { status: 'skipped', message: /Set TORRENT_CLIENT_PASSWORD/ })
})
