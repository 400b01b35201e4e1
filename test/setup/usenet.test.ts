// Setup wires the Usenet client (USENET_CLIENT_TYPE) into Sonarr and Radarr as a download client, with the
// fields and categories the managers use (Sabnzbd / Nzbget implementations, protocol usenet, the category the
// program ships with); a second run finds it done; a dry run only plans; without a Usenet client no step runs.
import t from 'tap'
import { runSetup } from '../../lib/setup/run.js'
import type { SetupLog } from '../../lib/setup/types.js'
import { newKey, startSetupStack } from './stack.js'

const quiet: SetupLog = { info: () => {}, warn: () => {}, error: () => {} }
const fieldsOf = (dc: unknown) => Object.fromEntries((dc as { fields: Array<{ name: string, value: unknown }> }).fields.map(f => [f.name, f.value]))

t.test('SABnzbd is added to Sonarr and Radarr with its API key and categories, once', async t => {
  const sabKey = newKey()
  const stack = await startSetupStack(t, { USENET_CLIENT_TYPE: 'sabnzbd', USENET_CLIENT_URL: 'http://sabnzbd:8080/sabnzbd', USENET_CLIENT_API_KEY: sabKey })
  const run = async (dryRun = false) => await runSetup(stack.config, { configRoot: stack.configRoot, steps: ['keys', 'download_clients'], dryRun }, quiet)

  const dry = await run(true)
  t.match(dry.results.find(r => r.step === 'usenet_client.sonarr'), { status: 'planned', message: 'Would add SABnzbd at sabnzbd:8080 to Sonarr (category tv).' })
  t.equal(stack.sonarr.downloadClients.list().length, 0, 'a dry run changes nothing')

  const first = await run()
  t.match(first.results.find(r => r.step === 'usenet_client.sonarr'), { status: 'done', message: /^Added SABnzbd at sabnzbd:8080 to Sonarr \(category tv/ })
  t.match(first.results.find(r => r.step === 'usenet_client.radarr'), { status: 'done', message: /^Added SABnzbd at sabnzbd:8080 to Radarr \(category movies/ })
  t.notMatch(JSON.stringify(first.results), sabKey, 'the key is in no message')
  const sab = (sim: typeof stack.sonarr) => sim.downloadClients.list().find((d: any) => d.implementation === 'Sabnzbd') as Record<string, unknown>
  t.match(sab(stack.sonarr), { name: 'SABnzbd', implementation: 'Sabnzbd', configContract: 'SabnzbdSettings', protocol: 'usenet', enable: true })
  t.match(fieldsOf(sab(stack.sonarr)), { host: 'sabnzbd', port: 8080, useSsl: false, urlBase: '/sabnzbd', apiKey: '********', tvCategory: 'tv' })
  t.equal(stack.sonarr.downloadClients.entries.find(e => e.implementation === 'Sabnzbd')?.values.apiKey, sabKey, 'the manager got the key')
  t.match(fieldsOf(sab(stack.radarr)), { movieCategory: 'movies' })
  t.same(stack.violations(), [])

  const second = await run()
  t.match(second.results.filter(r => r.step.startsWith('usenet_client.')), [{ status: 'already_done' }, { status: 'already_done' }])
  t.equal(stack.sonarr.downloadClients.list().filter((d: any) => d.implementation === 'Sabnzbd').length, 1, 'added once')
})

t.test('NZBGet is added with its user and password and its own categories; no Usenet client, no step', async t => {
  const stack = await startSetupStack(t, { USENET_CLIENT_TYPE: 'nzbget', USENET_CLIENT_URL: 'http://nzbget:6789', USENET_CLIENT_USERNAME: 'nzbget', USENET_CLIENT_PASSWORD: 'secret-6789' })
  const r = await runSetup(stack.config, { configRoot: stack.configRoot, steps: ['keys', 'download_client.radarr'] }, quiet)
  t.match(r.results.find(x => x.step === 'usenet_client.radarr'), { status: 'done', message: /^Added NZBGet at nzbget:6789 to Radarr \(category Movies/ })
  t.notOk(r.results.some(x => x.step === 'usenet_client.sonarr'), 'only for the managers whose download-client step is selected')
  const dc = stack.radarr.downloadClients.list().find((d: any) => d.implementation === 'Nzbget') as Record<string, unknown>
  t.match(dc, { name: 'NZBGet', configContract: 'NzbgetSettings', protocol: 'usenet' })
  t.match(fieldsOf(dc), { host: 'nzbget', port: 6789, urlBase: '', username: 'nzbget', password: '********', movieCategory: 'Movies' })
  t.notOk('apiKey' in fieldsOf(dc))

  const plain = await startSetupStack(t)
  const none = await runSetup(plain.config, { configRoot: plain.configRoot, steps: ['keys', 'download_clients'] }, quiet)
  t.notOk(none.results.some(x => x.step.startsWith('usenet_client.')), 'without USENET_CLIENT_TYPE nothing changes')
})
