// `npm run demo`: the tool server on an embedded demo stack, on a bare machine. Simulated media server,
// series/movie/indexer managers and direct-download manager; a generated media tree with small real videos;
// the real local tools where installed (one line for each missing one); a real qbittorrent-nox when present.
// Honours PORT, INTERNAL_API_KEY (printed when generated), MEDIA_ROOT, DOWNLOADS_ROOT, STATE_DIR and the
// settings demo-config.ts passes through (allowed origins and hosts, the /mcp rate limit, …).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import closeWithGrace from 'close-with-grace'
import { ConfigError } from '../config.js'
import { REDACT_PATHS, buildApp } from '../app.js'
import { randomToken } from '../lib/secrets.js'
import { findExecutable } from '../core/process/index.js'
import { startSimulatedStack } from '../simulators/stack.js'
import { startQbittorrent, type QbtInstance } from '../simulators/real-qbittorrent.js'
import { generateDemoTree } from './demo-tree.js'
import { readableLogStream } from './demo-log.js'
import { demoConfig } from './demo-config.js'
import { mediaServerArg, backendLines, torrentLine } from './stack-lines.js'
import { listenProblem } from '../core/listen-error.js'
import { alsoOnIpv6Loopback, closeIpv6Loopback, listeningOn } from './demo-listen.js'

const env = process.env
const say = (line: string) => process.stdout.write(`${line}\n`)

// --media-server plex runs the simulated Plex instead of Jellyfin, over the same household.
const mediaServer = mediaServerArg('demo')

const scratch = mkdtempSync(join(tmpdir(), 'mediastack-demo-'))
const mediaRoot = env.MEDIA_ROOT ?? join(scratch, 'data')
const downloadsRoot = env.DOWNLOADS_ROOT ?? join(scratch, 'downloads')
const stateDir = env.STATE_DIR ?? join(scratch, 'state')
mkdirSync(stateDir, { recursive: true })
const generatedKey = env.INTERNAL_API_KEY ? undefined : randomToken(24)
const internalKey = env.INTERNAL_API_KEY ?? generatedKey!
const port = Number(env.PORT ?? 3000)

say('Mediastack MCP demo')
say(`  media root:     ${mediaRoot}${env.MEDIA_ROOT ? '' : ' (fresh temp tree)'}`)
say(`  downloads root: ${downloadsRoot}${env.DOWNLOADS_ROOT ? '' : ' (fresh temp tree)'}`)

const tools: Array<[string, string]> = [
  ['ffmpeg', 'optimize_media and fix_subtitles cannot rewrite files'],
  ['ffprobe', 'media analysis (optimize_media, fix_subtitles) is unavailable'],
  ['mkvmerge', 'MKV track tools fall back to ffmpeg'],
  ['mkvextract', 'exact subtitle extraction falls back to ffmpeg'],
  ['yt-dlp', 'download_direct cannot fetch video pages'],
  ['aria2c', 'download_direct cannot fetch plain files'],
  ['qbittorrent-nox', 'torrent tools report the torrent client as unreachable']
]
const found = new Map<string, boolean>()
for (const [bin, effect] of tools) {
  const ok = Boolean(await findExecutable(bin))
  found.set(bin, ok)
  say(ok ? `  ✓ ${bin} found` : `  ✗ ${bin} not installed: ${effect} (apt-get install ${bin === 'mkvmerge' || bin === 'mkvextract' ? 'mkvtoolnix' : bin === 'aria2c' ? 'aria2' : bin})`)
}

const tree = await generateDemoTree(mediaRoot, downloadsRoot)
say(`  demo tree: ${tree.files} media files${tree.realVideo ? ' (real 2 s videos with 2 audio and 2 subtitle tracks)' : ' (placeholder bytes: ffmpeg is missing)'}`)

// The household: the managers' files are links of one of the tree's sample videos (see simulators/household.ts).
// DEMO_REQUESTS=1 adds the request manager (Seerr) to the household.
const withRequests = env.DEMO_REQUESTS === '1'
const stack = await startSimulatedStack({ media: mediaRoot, downloads: downloadsRoot }, { household: { sample: tree.sample }, mediaServer, seerr: withRequests, usenet: true })
say('  simulated backends (demo keys, made for this run; check any answer against them directly):')
for (const line of backendLines(stack.settings, { mediaServer, requests: withRequests })) say(line)

let qbt: QbtInstance | undefined
const qbtPassword = randomToken(12)
if (found.get('qbittorrent-nox')) {
  try {
    qbt = await startQbittorrent(join(scratch, 'qbittorrent'), { password: qbtPassword, downloadDir: join(downloadsRoot, 'torrents') })
    say('  real torrent client: qbittorrent-nox on 127.0.0.1 (no DHT, LSD, PeX or UPnP); its WebUI:')
    say(torrentLine(qbt.url, 'admin', qbtPassword))
  } catch (err) {
    say(`  ✗ qbittorrent-nox did not start (${(err as Error).message.split('\n')[0]}); torrent tools will report it unreachable`)
  }
}

let config
try {
  config = demoConfig(env, {
    port,
    mediaRoot,
    downloadsRoot,
    stateDir,
    internalKey,
    stack: stack.settings,
    ...(qbt ? { torrent: { url: qbt.url, password: qbtPassword } } : {})
  })
} catch (err) {
  if (err instanceof ConfigError) { process.stderr.write(`${err.message}\n`); process.exit(78) }
  throw err
}

// Readable warnings instead of raw JSON lines between the demo's own lines.
const app = await buildApp(config, {
  logger: { level: config.LOG_LEVEL, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, stream: readableLogStream(line => process.stderr.write(`${line}\n`)) }
})
async function shutdown () {
  const v6Closed = closeIpv6Loopback(app)
  await app.close()
  await v6Closed
  await stack.close()
  await qbt?.stop()
  if (!env.MEDIA_ROOT && !env.DOWNLOADS_ROOT) rmSync(scratch, { recursive: true, force: true })
}
closeWithGrace({ delay: 10_000 }, shutdown)
// Without HOST, both loopback families: http://127.0.0.1, http://localhost and http://[::1] are one server
// (localhost may resolve to either; the IPv6 side is added when the machine has ::1).
const host = env.HOST ?? '127.0.0.1'
try {
  await app.listen({ port: config.PORT, host })
  if (!env.HOST) await alsoOnIpv6Loopback(app, (app.server.address() as { port: number }).port, say)
} catch (err) {
  const problem = listenProblem(err, config.PORT, host)
  if (!problem) throw err
  process.stderr.write(`${problem}\n`)
  await shutdown()
  process.exit(1)
}
const listening = listeningOn(app)

say('')
say(`MCP endpoint:  ${config.PUBLIC_URL}/mcp`)
say(`Dashboard:     ${config.PUBLIC_URL}/dashboard`)
say(generatedKey
  ? `Internal key:  ${generatedKey}   (generated for this run; send it as "Authorization: Bearer <key>", or sign in with OAuth)`
  : 'Internal key:  from INTERNAL_API_KEY')
say(`Ready: mediastack-mcp demo listening on ${listening.join(' and ')} (Ctrl+C to stop)`)
