// The fidelity table: every backend endpoint the clients call or the simulators serve, the real source that
// defines it, and the behaviours the simulators reproduce. simulators/FIDELITY.md is rendered from these rows (render.ts);
// test/simulators/fidelity.test.ts holds the clients, the rows and the rendered file together.
import { ARIA2_ROWS } from './aria2.js'
import { FLARESOLVERR_ROWS } from './flaresolverr.js'
import { JELLYFIN_ROWS } from './jellyfin.js'
import { PLEX_ROWS } from './plex.js'
import { PROWLARR_ROWS } from './prowlarr.js'
import { PYLOAD_ROWS } from './pyload.js'
import { QBITTORRENT_ROWS } from './qbittorrent.js'
import { SERVARR_ROWS } from './servarr.js'
import { TRANSMISSION_ROWS } from './transmission.js'
// --- usenet
import { NZBGET_ROWS } from './nzbget.js'
import { SABNZBD_ROWS } from './sabnzbd.js'
import { SEERR_ROWS } from './seerr.js'
// --- deluge
import { DELUGE_ROWS } from './deluge.js'
import type { FidelityRow } from './types.js'

export type { FidelityRow, SourceRef } from './types.js'
export { routeKey } from './types.js'

export const FIDELITY_ROWS: FidelityRow[] = [
  ...JELLYFIN_ROWS, ...PLEX_ROWS, ...SERVARR_ROWS, ...PROWLARR_ROWS, ...QBITTORRENT_ROWS, ...PYLOAD_ROWS, ...ARIA2_ROWS, ...FLARESOLVERR_ROWS,
  ...TRANSMISSION_ROWS, ...NZBGET_ROWS, ...SABNZBD_ROWS, ...SEERR_ROWS,
  ...DELUGE_ROWS
]

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** The human-readable table, one section per service. */
export function renderFidelityMarkdown (rows: FidelityRow[] = FIDELITY_ROWS): string {
  const out = [
    '# Simulator fidelity',
    '',
    '<!-- Generated from simulators/fidelity/*.ts by `npx tsx simulators/fidelity/render.ts`; do not edit by hand. -->',
    '',
    'Every backend endpoint (or RPC method) our clients call or our simulators serve, the real service\'s source that',
    'defines its behaviour (repository, file, tag), and the behaviours read there that the simulators reproduce and the',
    'clients rely on. The data is `simulators/fidelity/*.ts`; `test/simulators/fidelity.test.ts` fails when a client',
    'calls an endpoint, or a simulator registers a route, that has no row here. Rows marked *simulator only* are served',
    'for tests or the demo and called by no client; rows marked *pending* belong to a call a change in progress adds or removes.',
    ''
  ]
  const services = [...new Set(rows.map(r => r.service))]
  for (const service of services) {
    out.push(`## ${service}`, '', '| Call | Source | Behaviours |', '|---|---|---|')
    for (const r of rows.filter(x => x.service === service)) {
      const source = `[${r.source.repo}](https://github.com/${r.source.repo}) \`${r.source.path}\` @ \`${r.source.tag}\``
      const behaviours = r.behaviours.map(b => `• ${cell(b)}`).join('<br>')
      const marks = `${r.pending ? ` *pending: ${cell(r.pending)}*` : ''}${r.simulatorOnly ? ` *simulator only: ${cell(r.simulatorOnly)}*` : ''}`
      out.push(`| \`${r.method} ${cell(r.path)}\`${marks} | ${source} | ${behaviours} |`)
    }
    out.push('')
  }
  return out.join('\n')
}
