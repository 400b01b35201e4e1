// --- deluge: setup turns on Deluge's Label plugin, which its categories are (clients/deluge/labels.ts) and which
// a fresh Deluge has off: without it the managers' Deluge download client cannot set its category and our
// download_add refuses one. It runs for every Deluge torrent client (TORRENT_CLIENT_TYPE, or an extra instance's
// TORRENT_CLIENT_<NAME>_TYPE) when a download-client step is selected, before those steps; a plugin already on is
// left as it is. Calls cited in clients/deluge/labels.ts (deluge-torrent/deluge @ deluge-2.0.3).
import { createDelugeClient } from '../../clients/deluge/client.js'
import { createPathMap } from '../../core/path-map.js'
import { DEFAULT_INSTANCE } from '../../core/instance-config.js'
import type { Config } from '../../config.js'
import type { RunState, StepResult } from './types.js'

type Outcome = Omit<StepResult, 'step'>

export type DelugeStepId = `deluge${'' | `@${string}`}.label_plugin`

interface DelugeTarget { instance: string, url: string, password: string, prefix: string }

/** Every configured Deluge: the default torrent client when it is one, and each extra instance that is. */
function delugeTargets (config: Config): DelugeTarget[] {
  const main = config.TORRENT_CLIENT_TYPE === 'deluge' ? [{ instance: DEFAULT_INSTANCE, url: config.TORRENT_CLIENT_URL, password: config.TORRENT_CLIENT_PASSWORD, prefix: 'TORRENT_CLIENT' }] : []
  const extra = (config.instances?.torrents ?? []).filter(i => (i.settings.TYPE || config.TORRENT_CLIENT_TYPE) === 'deluge')
    .map(i => ({ instance: i.name, url: i.url, password: i.settings.PASSWORD ?? '', prefix: `TORRENT_CLIENT_${i.name.toUpperCase()}` }))
  return [...main, ...extra]
}

/** Turns the Label plugin on in one Deluge (through its Web UI's JSON-RPC), or says it already is. */
export async function labelPluginStep (state: RunState, d: DelugeTarget): Promise<Outcome> {
  const name = d.instance === DEFAULT_INSTANCE ? 'Deluge' : `Deluge (${d.instance})`
  if (d.password === '') return { status: 'skipped', message: `Set ${d.prefix}_PASSWORD (the ${name} Web UI password) first, so setup can sign in to turn on its Label plugin.` }
  const client = createDelugeClient({ url: d.url, username: '', password: d.password, downloadsRoot: '', pathMap: createPathMap('') })
  try {
    if (await client.labelPlugin.on()) return { status: 'already_done', message: `${name}'s Label plugin is already on (its categories work).` }
    if (state.request.dryRun) return { status: 'planned', message: `Would turn on ${name}'s Label plugin, which its categories need.` }
    await client.labelPlugin.enable()
    return { status: 'done', message: `Turned on ${name}'s Label plugin, which its categories need (it stays on across restarts).` }
  } finally {
    await client.close()
  }
}

/** The Label-plugin steps to run: one per Deluge, when a download-client step is selected. */
export function delugeSteps (config: Config, selected: readonly string[]): Array<{ id: DelugeStepId, backend: string, run: (s: RunState) => Promise<Outcome> }> {
  if (!selected.some(s => s.startsWith('download_client.'))) return []
  return delugeTargets(config).map(d => {
    const at = d.instance === DEFAULT_INSTANCE ? '' : `@${d.instance}`
    return { id: `deluge${at}.label_plugin` as DelugeStepId, backend: `deluge${at}`, run: (s: RunState) => labelPluginStep(s, d) }
  })
}
