// Starts every simulated backend (media server, series and movie managers, indexer manager,
// direct-download manager) on loopback and returns the settings that point the tool server at them.
// Used by `npm run demo`; the simulators see the library under /data and /downloads like the real stack.
// Each backend also answers what first-run setup needs (download clients and root folders in Sonarr/Radarr,
// indexer proxies and tags in Prowlarr, admin sign-in and API keys in Jellyfin), so POST /api/setup works
// against the demo; setup reads the *arr keys from a config root holding each service's config.xml, as
// the real services write it (SETUP_CONFIG_ROOT in the returned settings).
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomToken } from '../lib/secrets.js'
import { createJellyfinSimulator } from './jellyfin/index.js'
import { furnishLibrary, layStrayFiles, jellyfinPlays, seedPlayHistory, seedQueues, type PlayRecorder } from './household.js'
import { seedLibraryHealth } from './household-health.js'
import { createPlexSimulator, type PlexSimulator } from './plex/index.js'
import { libraryFromManagers } from './fixtures/managers-library.js'
import { createProwlarrSetupSimulator } from './prowlarr/setup-proxy.js'
import { createPyloadSimulator } from './pyload/server.js'
import { createSabnzbdSimulator } from './sabnzbd/server.js'
import { createRadarrSimulator } from './servarr/radarr.js'
import { createSonarrSimulator } from './servarr/sonarr.js'
import { createSeerrSimulator } from './seerr/index.js'
import { DEMO_SEERR_USERS } from './seerr/household.js'

export interface SimulatedStack {
  /** Tool-server settings: backend URLs, keys and PATH_MAP. */
  settings: Record<string, string>
  /** The media server's administrator, for setup's sign-in (a fresh password per run). */
  jellyfinAdmin: { username: string, password: string }
  /** Every contract violation the simulators saw (Sonarr/Radarr only check with `validate`). */
  violations: () => string[]
  /** The simulated Plex, when the stack runs one instead of Jellyfin (tests record plays through its world). */
  plex?: PlexSimulator
  /** Moves the series and movie managers' clocks forward (with `manualClock`, the only way their downloads progress). */
  advanceClock: (ms: number) => void
  close: () => Promise<void>
}

export interface StackOptions {
  /** Check requests and answers against the services' API descriptions (tests). */
  validate?: boolean
  /**
   * The demo's household (simulators/household.ts): every manager file laid on the disk as a link of this
   * sample video, queues with downloads in every state, and play history. Without it the stack is the bare
   * seed the tests build on.
   */
  household?: { sample: string }
  /**
   * Requests through Seerr: its simulator, linked to these Sonarr and Radarr (an approved request lands in the
   * manager), with a small household of Seerr users (simulators/seerr/household.ts); the tool server is
   * pointed at it with the owner's clients mapped to its admin.
   */
  seerr?: boolean
  // --- usenet
  /** Also start the SABnzbd simulator and configure it as the Usenet client (with the household: a few jobs). */
  usenet?: boolean
  /** Which media server to simulate (default jellyfin); plex runs the Plex simulator over the same world. */
  mediaServer?: 'jellyfin' | 'plex'
  /** The managers' clocks stand still until a test moves them (advanceClock); the demo runs on real time. */
  manualClock?: boolean
}

export async function startSimulatedStack (roots: { media: string, downloads: string }, opts: StackOptions = {}): Promise<SimulatedStack> {
  // 32 hex digits, the form the real services generate (setup refuses anything but letters and digits).
  const key = () => randomBytes(16).toString('hex')
  const keys = { jellyfin: key(), sonarr: key(), radarr: key(), prowlarr: key(), pyload: key() }
  const disk = { media: roots.media, downloads: roots.downloads }
  const storage = join(roots.downloads, 'pyload')
  mkdirSync(storage, { recursive: true })
  const closers: Array<() => Promise<void>> = []
  const configRoot = writeConfigRoot({ sonarr: keys.sonarr, radarr: keys.radarr, prowlarr: keys.prowlarr })
  closers.push(async () => { rmSync(configRoot, { recursive: true, force: true }) })
  const jellyfinAdmin = { username: 'admin', password: randomToken(12) }
  try {
    const sonarr = await createSonarrSimulator({ apiKey: keys.sonarr, disk, validate: opts.validate ?? false, manualClock: opts.manualClock })
    closers.push(sonarr.close)
    const radarr = await createRadarrSimulator({ apiKey: keys.radarr, disk, validate: opts.validate ?? false, manualClock: opts.manualClock })
    closers.push(radarr.close)
    if (opts.household) {
      furnishLibrary(sonarr, radarr, opts.household.sample)
      layStrayFiles(sonarr, opts.household.sample)
      seedQueues(sonarr, radarr, '/downloads')
      seedLibraryHealth(sonarr, radarr)
    }
    // One world: the media server shows what the managers hold files for.
    const library = libraryFromManagers(sonarr.state.library, radarr.state.library)
    // ...a scan drops what a manager deleted with its files, and lists what a manager imported since.
    const removed = () => [...sonarr.disk.removed, ...radarr.disk.removed]
    const fileExists = (path: string) => !removed().some(r => path === r || path.startsWith(`${r}/`))
    const discover = () => libraryFromManagers(sonarr.state.library, radarr.state.library)
    const media = await startMediaServer(opts.mediaServer ?? 'jellyfin', keys.jellyfin, { library, fileExists, discover, admin: jellyfinAdmin })
    closers.push(media.close)
    if (opts.household) seedPlayHistory(media.plays)
    const prowlarr = await createProwlarrSetupSimulator({ apiKey: keys.prowlarr })
    closers.push(prowlarr.close)
    const pyload = await createPyloadSimulator({ apiKey: keys.pyload, storageDir: storage })
    closers.push(pyload.close)
    const seerrKey = key()
    const seerr = opts.seerr
      ? await createSeerrSimulator({ apiKey: seerrKey, users: DEMO_SEERR_USERS, telegramEnabled: true, radarr: { url: radarr.url, apiKey: keys.radarr }, sonarr: { url: sonarr.url, apiKey: keys.sonarr } })
      : undefined
    if (seerr) closers.push(seerr.close)
    // --- usenet
    const usenet = opts.usenet ? await startUsenet(key(), closers, opts.household !== undefined) : {}
    return {
      settings: {
        ...media.settings,
        SERIES_MANAGER_URL: sonarr.url,
        SERIES_MANAGER_API_KEY: keys.sonarr,
        MOVIE_MANAGER_URL: radarr.url,
        MOVIE_MANAGER_API_KEY: keys.radarr,
        INDEXER_MANAGER_URL: prowlarr.url,
        INDEXER_MANAGER_API_KEY: keys.prowlarr,
        DOWNLOAD_MANAGER_URL: pyload.url,
        DOWNLOAD_MANAGER_API_KEY: keys.pyload,
        PATH_MAP: `/data=${roots.media},/downloads=${roots.downloads}`,
        SETUP_CONFIG_ROOT: configRoot,
        ...(seerr ? { REQUESTS_URL: seerr.url, REQUESTS_API_KEY: seerrKey, REQUESTS_USERS: 'owner=1,telegram:111=2' } : {}), // alice's bot id, mapped by the operator (issue 35 #9)
        ...usenet
      },
      jellyfinAdmin,
      ...(media.plex ? { plex: media.plex } : {}),
      violations: () => [...media.violations, ...sonarr.violations, ...radarr.violations, ...prowlarr.violations],
      advanceClock: ms => { sonarr.state.advanceClock(ms); radarr.state.advanceClock(ms) },
      close: async () => { await Promise.allSettled(closers.map(c => c())) }
    }
  } catch (err) {
    await Promise.allSettled(closers.map(c => c()))
    throw err
  }
}

/** The SABnzbd simulator as the Usenet client; the household gets one job downloading, one waiting, one failed. */
async function startUsenet (apiKey: string, closers: Array<() => Promise<void>>, household: boolean): Promise<Record<string, string>> {
  // Its downloads move with the wall clock, as a real SABnzbd's do: time left shrinks between two looks.
  const sab = await createSabnzbdSimulator({ apiKey, completeDir: '/downloads/complete', bytesPerSecond: 2 * 1024 * 1024, now: Date.now })
  closers.push(sab.close)
  if (household) {
    // The failed one first: jobs download in order, and it fails half way (too many articles missing).
    sab.state.add('Concert.2019.1080p', 40 * 1024 * 1024, { cat: 'movies', outcome: 'missing articles' })
    sab.state.advance(15_000)
    sab.state.add('Nature.Documentary.S02E03.1080p.WEB', 1400 * 1024 * 1024, { cat: 'tv' })
    sab.state.add('Old.Film.1954.720p.BluRay', 900 * 1024 * 1024, { cat: 'movies' })
    sab.state.advance(30_000)
  }
  return { USENET_CLIENT_TYPE: 'sabnzbd', USENET_CLIENT_URL: sab.url, USENET_CLIENT_API_KEY: apiKey }
}

type World = Pick<Parameters<typeof createJellyfinSimulator>[0], 'library' | 'fileExists' | 'discover'>

/** The media server of the stack: Jellyfin (with setup's admin sign-in) or Plex, over the same world. */
async function startMediaServer (kind: 'jellyfin' | 'plex', key: string, o: World & { admin: { username: string, password: string } }): Promise<{ plex?: PlexSimulator, plays: PlayRecorder, violations: string[], close: () => Promise<void>, settings: Record<string, string> }> {
  const world = { library: o.library, fileExists: o.fileExists, discover: o.discover }
  if (kind === 'plex') {
    const plex = await createPlexSimulator({ token: key, ...world })
    const plays = { state: plex.state, played: (user: { name: string }, id: string, when: Date) => plex.world.play(user.name, id, when) }
    return { plex, plays, violations: plex.violations, close: plex.close, settings: { MEDIA_SERVER_TYPE: 'plex', MEDIA_SERVER_URL: plex.url, MEDIA_SERVER_TOKEN: key } }
  }
  const jellyfin = await createJellyfinSimulator({ apiKey: key, passwords: { [o.admin.username]: o.admin.password }, ...world })
  return { plays: jellyfinPlays(jellyfin), violations: jellyfin.violations, close: jellyfin.close, settings: { MEDIA_SERVER_URL: jellyfin.url, MEDIA_SERVER_API_KEY: key } }
}

/** A fresh config root with <service>/config.xml for each *arr service, as they write it on first start. */
function writeConfigRoot (keys: Record<'sonarr' | 'radarr' | 'prowlarr', string>): string {
  const root = mkdtempSync(join(tmpdir(), 'msmcp-stack-config-'))
  const ports = { sonarr: 8989, radarr: 7878, prowlarr: 9696 }
  for (const [service, key] of Object.entries(keys) as Array<[keyof typeof ports, string]>) {
    mkdirSync(join(root, service), { recursive: true })
    const xml = `<Config>\n  <LogLevel>info</LogLevel>\n  <UrlBase></UrlBase>\n  <BindAddress>*</BindAddress>\n  <Port>${ports[service]}</Port>\n` +
      `  <EnableSsl>False</EnableSsl>\n  <ApiKey>${key}</ApiKey>\n  <AuthenticationMethod>Forms</AuthenticationMethod>\n  <Branch>main</Branch>\n</Config>\n`
    writeFileSync(join(root, service, 'config.xml'), xml, { mode: 0o600 })
  }
  return root
}
