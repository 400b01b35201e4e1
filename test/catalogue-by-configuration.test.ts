// The model-visible catalogue for every kind of stack (issue 39): within its budget whatever is configured, and
// nothing of a backend that is not configured (its fields, views, actions, or its name in a description), so
// one backend's additions never crowd out another's descriptions.
import t from 'tap'
import type { PublishedTool } from '../core/tool-types.js'
import { CATALOGUE_TARGETS, catalogueSize } from '../lib/tools/catalogue-size.js'
import { buildTestApp } from './helpers/build.js'

const SABNZBD = { USENET_CLIENT_TYPE: 'sabnzbd', USENET_CLIENT_URL: 'http://sabnzbd:8080', USENET_CLIENT_API_KEY: 'sab-key' }
const NZBGET = { USENET_CLIENT_TYPE: 'nzbget', USENET_CLIENT_URL: 'http://nzbget:6789', USENET_CLIENT_USERNAME: 'nzbget', USENET_CLIENT_PASSWORD: 'pw' }
const SEERR = { REQUESTS_URL: 'http://seerr:5055', REQUESTS_API_KEY: 'seerr-key' }
const PLEX = { MEDIA_SERVER_TYPE: 'plex', MEDIA_SERVER_TOKEN: 'plex-token' }
const KEYS = {
  MEDIA_SERVER_API_KEY: 'k',
  SERIES_MANAGER_API_KEY: 'k',
  MOVIE_MANAGER_API_KEY: 'k',
  INDEXER_MANAGER_API_KEY: 'k',
  DOWNLOAD_MANAGER_API_KEY: 'k',
  TORRENT_CLIENT_PASSWORD: 'pw'
}
const EXTRA_INSTANCES = {
  SERIES_MANAGER_INSTANCES: 'anime',
  SERIES_MANAGER_ANIME_URL: 'http://sonarr-anime:8989',
  SERIES_MANAGER_ANIME_API_KEY: 'k',
  MOVIE_MANAGER_INSTANCES: 'uhd',
  MOVIE_MANAGER_UHD_URL: 'http://radarr-uhd:7878',
  MOVIE_MANAGER_UHD_API_KEY: 'k',
  TORRENT_CLIENT_INSTANCES: 'seedbox',
  TORRENT_CLIENT_SEEDBOX_URL: 'http://seedbox:8080',
  TORRENT_CLIENT_SEEDBOX_TYPE: 'transmission'
}
const EXTRA_USENET = { USENET_CLIENT_INSTANCES: 'news2', USENET_CLIENT_NEWS2_TYPE: 'nzbget', USENET_CLIENT_NEWS2_URL: 'http://nzbget2:6789', USENET_CLIENT_NEWS2_USERNAME: 'n', USENET_CLIENT_NEWS2_PASSWORD: 'p' }
const ALL = { ...KEYS, ...SABNZBD, ...SEERR, ...EXTRA_INSTANCES, ...EXTRA_USENET }

interface Stack { config: Record<string, unknown>, usenet?: boolean, seerr?: boolean, instances?: boolean, plex?: boolean }

const STACKS: Record<string, Stack> = {
  'nothing optional (Jellyfin, qBittorrent, pyLoad)': { config: {} },
  'Plex instead of Jellyfin': { config: PLEX, plex: true },
  'Transmission alone': { config: { TORRENT_CLIENT_TYPE: 'transmission' } },
  'Deluge alone': { config: { TORRENT_CLIENT_TYPE: 'deluge' } },
  SABnzbd: { config: SABNZBD, usenet: true },
  NZBGet: { config: NZBGET, usenet: true },
  Seerr: { config: SEERR, seerr: true },
  'extra instances': { config: EXTRA_INSTANCES, instances: true },
  'every backend, every extra instance (Jellyfin)': { config: ALL, usenet: true, seerr: true, instances: true },
  'every backend, every extra instance (Plex)': { config: { ...ALL, ...PLEX }, usenet: true, seerr: true, instances: true, plex: true }
}

/** What a client hands the model for one tool. */
const modelVisible = (tool: PublishedTool) => JSON.stringify({ name: tool.name, title: tool.title, description: tool.description, inputSchema: tool.inputSchema })
const inputFields = (tool: PublishedTool) => Object.keys((tool.inputSchema as { properties: Record<string, unknown> }).properties)

for (const [name, stack] of Object.entries(STACKS)) {
  t.test(name, async t => {
    const { app } = await buildTestApp(t, { config: stack.config })
    const tools = app.tools.list()
    t.equal(tools.length, 30, 'every tool is listed: only fields, views and actions come and go')
    const size = catalogueSize(tools)
    const heaviest = [...size.tools].sort((a, b) => b.modelVisible - a.modelVisible).slice(0, 3).map(w => `${w.name} ${w.modelVisible} B`)
    t.ok(size.modelVisible <= CATALOGUE_TARGETS.modelVisibleBytes,
      `model-visible catalogue ${size.modelVisible} B ≤ ${CATALOGUE_TARGETS.modelVisibleBytes} B (heaviest: ${heaviest.join(', ')})`)

    const mentioning = (pattern: RegExp, except = new Set<string>()) => tools.filter(tool => !except.has(tool.name) && pattern.test(modelVisible(tool))).map(tool => tool.name)
    const withField = (field: string) => tools.filter(tool => inputFields(tool).includes(field)).map(tool => tool.name)
    const cancel = tools.find(tool => tool.name === 'cancel_downloads')!
    const sources = (cancel.inputSchema as { properties: { source: { enum: string[] } } }).properties.source.enum

    if (stack.usenet) {
      t.ok(sources.includes('usenet'), 'cancel_downloads reads the Usenet queue')
      t.match(tools.find(tool => tool.name === 'download_add')!.description, /\.nzb links go to the Usenet client/)
      t.match(modelVisible(tools.find(tool => tool.name === 'cleanup_server')!), /usenetHistory/, 'cleanup_server offers usenetHistory')
    } else {
      t.same(mentioning(/usenet|nzb/i), [], 'no Usenet client: no tool lists its queue, ids, links or history')
      t.notOk(sources.includes('usenet'))
    }
    if (stack.seerr) t.same(withField('requestId'), ['download_status'], 'Seerr\'s requests are listed')
    else t.same(mentioning(/seerr|requestId/i), [], 'no Seerr: no requests, approve or decline')
    if (stack.instances) t.ok(withField('instance').length >= 14, 'extra instances: the tools that touch them take instance')
    else t.same(withField('instance'), [], 'one instance of each: no instance field')
    t.same(mentioning(stack.plex ? /jellyfin/i : /plex/i), [], `only ${stack.plex ? 'Plex' : 'Jellyfin'} is described`)
  })
}
