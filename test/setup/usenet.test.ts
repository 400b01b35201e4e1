// Setup wires the Usenet client (USENET_CLIENT_TYPE) into Sonarr and Radarr as a download client, with the
// fields and categories the managers use (Sabnzbd / Nzbget implementations, protocol usenet, the category the
// program ships with); a second run finds it done; a dry run only plans; without a Usenet client no step runs.
import t from 'tap'
import { runSetup } from '../../lib/setup/run.js'
import type { SetupLog } from '../../lib/setup/types.js'
import { newKey, startSetupStack } from './stack.js'
import { usenetClientBody } from '../../lib/setup/wire-usenet.js'

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

// --- usenet instances: every configured Usenet client (USENET_CLIENT_INSTANCES) is wired, each under its own
// name and in steps of its own, so one that fails is reported and the others are still added.
t.test('every Usenet client is added under its own name; one that fails does not stop the others; a re-run finds them', async t => {
  const [sabKey, sab3Key] = [newKey(), newKey()]
  const stack = await startSetupStack(t, {
    USENET_CLIENT_TYPE: 'sabnzbd',
    USENET_CLIENT_URL: 'http://sabnzbd:8080',
    USENET_CLIENT_API_KEY: sabKey,
    USENET_CLIENT_INSTANCES: 'news2,news3',
    USENET_CLIENT_NEWS2_TYPE: 'nzbget',
    USENET_CLIENT_NEWS2_URL: 'http://nzbget:6789',
    USENET_CLIENT_NEWS2_USERNAME: 'nzbget',
    USENET_CLIENT_NEWS2_PASSWORD: 'secret-6789',
    USENET_CLIENT_NEWS3_TYPE: 'sabnzbd',
    USENET_CLIENT_NEWS3_URL: 'http://sab3:9090',
    USENET_CLIENT_NEWS3_API_KEY: sab3Key
  })
  // Sonarr already lists an "NZBGet (news2)" that points at another host: that one step fails, named.
  const elsewhere = usenetClientBody({ instance: 'news2', type: 'nzbget', url: 'http://old-nzbget:6789', apiKey: '', username: 'u', password: 'p', urlVar: '' }, 'sonarr')
  stack.sonarr.downloadClients.add(elsewhere as never)
  const run = async () => await runSetup(stack.config, { configRoot: stack.configRoot, steps: ['keys', 'download_clients'] }, quiet)

  const first = await run()
  const usenet = (r: typeof first) => Object.fromEntries(r.results.filter(x => x.step.startsWith('usenet_client')).map(x => [x.step, [x.status, x.message]]))
  t.match(usenet(first), {
    'usenet_client.sonarr': ['done', /^Added SABnzbd at sabnzbd:8080 to Sonarr/],
    'usenet_client.radarr': ['done', /^Added SABnzbd at sabnzbd:8080 to Radarr/],
    'usenet_client@news2.sonarr': ['failed', /Sonarr has a download client named "NZBGet \(news2\)" that points elsewhere/],
    'usenet_client@news2.radarr': ['done', /^Added NZBGet \(news2\) at nzbget:6789 to Radarr \(category Movies/],
    'usenet_client@news3.sonarr': ['done', /^Added SABnzbd \(news3\) at sab3:9090 to Sonarr \(category tv/],
    'usenet_client@news3.radarr': ['done', /^Added SABnzbd \(news3\) at sab3:9090 to Radarr \(category movies/]
  })
  t.notMatch(JSON.stringify(first.results), new RegExp(`${sabKey}|${sab3Key}|secret-6789`), 'no secret in any message')
  const names = (sim: typeof stack.sonarr) => sim.downloadClients.list().filter((d: any) => d.protocol === 'usenet').map((d: any) => d.name).sort()
  t.same(names(stack.radarr), ['NZBGet (news2)', 'SABnzbd', 'SABnzbd (news3)'])
  t.same(names(stack.sonarr), ['NZBGet (news2)', 'SABnzbd', 'SABnzbd (news3)'], 'the old entry left as it was, the others added')
  const news3 = stack.sonarr.downloadClients.entries.find(e => e.name === 'SABnzbd (news3)')
  t.match(news3?.values, { host: 'sab3', port: 9090, apiKey: sab3Key, tvCategory: 'tv' }, 'each with its own address and key')
  t.match(fieldsOf(stack.radarr.downloadClients.list().find((d: any) => d.name === 'NZBGet (news2)')), { host: 'nzbget', username: 'nzbget', movieCategory: 'Movies' })
  t.same(stack.violations(), [])

  const second = await run()
  t.match(usenet(second), {
    'usenet_client.sonarr': ['already_done'],
    'usenet_client.radarr': ['already_done'],
    'usenet_client@news2.sonarr': ['failed'],
    'usenet_client@news2.radarr': ['already_done', /already has NZBGet \(news2\) at nzbget:6789/],
    'usenet_client@news3.sonarr': ['already_done'],
    'usenet_client@news3.radarr': ['already_done']
  })
  t.equal(stack.radarr.downloadClients.list().filter((d: any) => d.protocol === 'usenet').length, 3, 'nothing added twice')
})
