// Setup wires each extra manager instance as it wires the default one: the torrent client as its download
// client and a Prowlarr application of its own ("Sonarr (anime)"); a second run finds both done; an
// instance without its key is skipped with the variable to set.
import t from 'tap'
import { runSetup } from '../../lib/setup/run.js'
import type { SetupLog } from '../../lib/setup/types.js'
import { createServarrSetupSimulator } from '../../simulators/servarr/setup-routes.js'
import { makeRoots } from '../helpers/build.js'
import { newKey, startSetupStack } from './stack.js'

const quiet: SetupLog = { info: () => {}, warn: () => {}, error: () => {} }

/** A second Sonarr simulator with its own key and its own disk. */
async function animeSonarr (t: Parameters<typeof startSetupStack>[0]) {
  const key = newKey()
  const roots = makeRoots()
  const sim = await createServarrSetupSimulator('sonarr', { apiKey: key, disk: { media: roots.media, downloads: roots.downloads } })
  t.teardown(async () => { await sim.close(); roots.cleanup() })
  return { sim, key }
}

t.test('an extra Sonarr gets the torrent client and its own Prowlarr application', async t => {
  const anime = await animeSonarr(t)
  const stack = await startSetupStack(t, { SERIES_MANAGER_INSTANCES: 'anime', SERIES_MANAGER_ANIME_URL: anime.sim.url, SERIES_MANAGER_ANIME_API_KEY: anime.key })
  const run = async () => await runSetup(stack.config, { configRoot: stack.configRoot, steps: ['keys', 'download_clients', 'applications'] }, quiet)

  const first = await run()
  const byStep = new Map(first.results.map(r => [r.step, r]))
  t.match(byStep.get('download_client.sonarr@anime'), { status: 'done', message: /Added qBittorrent .* to Sonarr \(anime\)/ })
  t.match(byStep.get('application.sonarr@anime'), { status: 'done', message: /Prowlarr now syncs indexers to Sonarr \(anime\)/ })
  t.notOk(first.results.some(r => r.step.endsWith('@anime') && r.step.startsWith('root_folder')), 'no root folder is guessed for an extra instance')
  const dc = anime.sim.downloadClients.list()[0] as { fields: Array<{ name: string, value: unknown }> }
  t.match(Object.fromEntries(dc.fields.map(f => [f.name, f.value])), { host: 'qbittorrent', port: 8085, tvCategory: 'tv-sonarr' })
  t.equal(stack.sonarr.downloadClients.list().length, 1, 'the default Sonarr got its own, once')
  const apps = stack.prowlarr.state.applications.map(a => ({ name: a.name, implementation: a.implementation, baseUrl: a.fields.find(f => f.name === 'baseUrl')?.value, apiKey: a.fields.find(f => f.name === 'apiKey')?.value }))
  t.match(apps, [
    { name: 'Sonarr', baseUrl: stack.sonarr.url },
    { name: 'Radarr', baseUrl: stack.radarr.url },
    { name: 'Sonarr (anime)', implementation: 'Sonarr', baseUrl: anime.sim.url, apiKey: anime.key }
  ])
  t.same(stack.violations(), [])

  const second = await run()
  for (const r of second.results.filter(r => r.step.endsWith('@anime'))) t.equal(r.status, 'already_done', `${r.step}: ${r.message}`)
  t.equal(anime.sim.downloadClients.list().length, 1)
  t.equal(stack.prowlarr.state.applications.length, 3)
})

t.test('an extra instance without its key is skipped, naming the variable; a dry run plans', async t => {
  const anime = await animeSonarr(t)
  const keyless = await startSetupStack(t, { SERIES_MANAGER_INSTANCES: 'anime', SERIES_MANAGER_ANIME_URL: anime.sim.url })
  const r = await runSetup(keyless.config, { configRoot: keyless.configRoot, steps: ['download_client.sonarr'] }, quiet)
  t.match(r.results.find(x => x.step === 'download_client.sonarr@anime'), { status: 'skipped', message: /SERIES_MANAGER_ANIME_API_KEY/ })
  t.notOk(r.results.some(x => x.step.startsWith('application.')), 'only the selected steps run, for every instance')

  const keyed = await startSetupStack(t, { SERIES_MANAGER_INSTANCES: 'anime', SERIES_MANAGER_ANIME_URL: anime.sim.url, SERIES_MANAGER_ANIME_API_KEY: anime.key })
  const dry = await runSetup(keyed.config, { configRoot: keyed.configRoot, dryRun: true }, quiet)
  t.match(dry.results.find(x => x.step === 'download_client.sonarr@anime'), { status: 'planned' })
  t.equal(anime.sim.downloadClients.list().length, 0, 'a dry run changes nothing')
})
