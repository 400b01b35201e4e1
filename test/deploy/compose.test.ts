// The Compose stack: valid against the Compose Specification, lint-clean, wired as docs/deployment.md says,
// every variable it uses declared in .env.example and the config schema, images pinned.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { Ajv } from 'ajv'
import Fastify from 'fastify'
import ipaddr from 'ipaddr.js'
import { ConfigSchema, loadConfig } from '../../config.js'
import { allocatorEnv, serverCommand } from '../../bench/start-flags.js'
import { entryAddressOf, modeEnvironment } from '../helpers/compose-env.js'

const root = new URL('../../', import.meta.url)
const read = (f: string) => readFileSync(new URL(f, root), 'utf8')
const FILES = ['compose/docker-compose.yml', 'compose/mode-local.yml', 'compose/mode-proxy.yml', 'compose/mode-tunnel.yml']
const yaml = (f: string) => parse(read(f), { merge: true })
const base = yaml(FILES[0])
const dclint = new URL('node_modules/dclint/', root)

t.test('every compose file validates against the Compose Specification schema', async t => {
  const schema = JSON.parse(readFileSync(new URL('schemas/compose.schema.json', dclint), 'utf8'))
  delete schema.$schema // draft-07 meta-schema URL as written by the spec; ajv knows draft-07 natively
  const ajv = new Ajv({ allErrors: true, strict: false })
  const validate = ajv.compile(schema)
  for (const f of FILES) {
    const ok = validate(yaml(f))
    t.ok(ok, `${f} ${JSON.stringify(validate.errors?.slice(0, 3))}`)
  }
  t.notOk(validate({ services: { x: { image: 'a:1', depends_on: 5 } } }), 'the validator bites on a malformed service')
})

t.test('dclint finds no errors', async t => {
  const bin = fileURLToPath(new URL('bin/dclint.cjs', dclint))
  const out = execFileSync(process.execPath, [bin, '-c', '.dclintrc.yml', '-q', ...FILES], { cwd: fileURLToPath(root), encoding: 'utf8' })
  t.notMatch(out, /error/)
})

t.test('services, names and ports follow the documented topology on one private bridge network', async t => {
  const s = base.services
  for (const name of ['jellyfin-host', 'mcp-server', 'sonarr', 'radarr', 'qbittorrent', 'pyload', 'prowlarr', 'flaresolverr', 'bot']) {
    t.ok(s[name], `${name} exists`)
    t.same(s[name].networks, ['internal'], `${name} is on the private network only`)
    t.ok(s[name].restart, `${name} has a restart policy`)
    t.notOk(s[name].ports, `${name} publishes nothing in the base file`)
  }
  t.equal(base.networks.internal.driver, 'bridge')
  t.equal(s['jellyfin-host'].container_name, 'jellyfin-host')
  t.equal(s['mcp-server'].container_name, 'mcp-server')
  t.equal(s.qbittorrent.environment.WEBUI_PORT, 8085)
  const env = s['mcp-server'].environment
  t.equal(env.MEDIA_SERVER_URL, 'http://jellyfin-host:8096')
  t.match(env.SERIES_MANAGER_URL, /:8989$/)
  t.match(env.MOVIE_MANAGER_URL, /:7878$/)
  t.match(env.TORRENT_CLIENT_URL, /:8085$/)
  t.match(env.DOWNLOAD_MANAGER_URL, /:8000$/)
  t.match(env.INDEXER_MANAGER_URL, /:9696$/)
  t.match(env.CHALLENGE_PROXY_URL, /:8191$/)
  t.equal(s.bot.environment.MCP_URL, 'http://mcp-server:3000/mcp')
  for (const name of ['mcp-server', 'sonarr', 'radarr']) {
    const vols: string[] = s[name].volumes
    t.ok(vols.some(v => v.endsWith(':/data')), `${name} mounts /data`)
  }
  for (const name of ['mcp-server', 'qbittorrent', 'pyload', 'sonarr', 'radarr']) {
    t.ok((s[name].volumes as string[]).some(v => v.endsWith(':/downloads')), `${name} mounts /downloads`)
  }
  t.ok(s['mcp-server'].healthcheck && s['jellyfin-host'].healthcheck && s.sonarr.healthcheck, 'health checks')
})

t.test('each deployment mode publishes only its entry point', async t => {
  const proxy = yaml('compose/mode-proxy.yml').services
  t.same(Object.keys(proxy).filter(k => proxy[k].ports), ['caddy'])
  const tunnel = yaml('compose/mode-tunnel.yml').services
  t.same(Object.keys(tunnel).filter(k => tunnel[k].ports), [], 'tunnel mode exposes no port')
  t.equal(tunnel.tunnel.environment.TUNNEL_TOKEN, '$' + '{TUNNEL_TOKEN}')
  const local = yaml('compose/mode-local.yml').services
  for (const [name, svc] of Object.entries<{ ports: string[] }>(local)) {
    for (const p of svc.ports) t.match(p, /^127\.0\.0\.1:/, `${name} publishes on localhost only`)
  }
  t.match(read('compose/Caddyfile'), /reverse_proxy mcp-server:3000/)
})

t.test('images are pinned (no latest, a version tag on every image)', async t => {
  for (const f of FILES) {
    const services = yaml(f).services as Record<string, { image?: string }>
    for (const [name, svc] of Object.entries(services)) {
      if (!svc.image) continue
      t.match(svc.image, /:[^:]*\d[^:]*$/, `${f} ${name} pins a version`)
      t.notMatch(svc.image, /:latest$/)
    }
  }
})

t.test('every variable the compose files use is in .env.example and the config schema, and the reverse', async t => {
  const used = new Set<string>()
  for (const f of [...FILES, 'compose/Caddyfile']) for (const m of read(f).matchAll(/\$\{?\{?\$?([A-Z][A-Z0-9_]+)/g)) used.add(m[1])
  const example = new Set([...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map(m => m[1]))
  const schema = new Set(Object.keys(ConfigSchema.properties))
  for (const v of used) {
    t.ok(example.has(v), `${v} is in .env.example`)
    t.ok(schema.has(v), `${v} is in the config schema`)
  }
  t.same([...example].sort(), [...schema].sort(), '.env.example and the config schema list the same variables')
})

t.test('Dockerfiles: multi-stage, pinned Node 24 LTS, non-root, media tools, health check', async t => {
  for (const f of ['compose/Dockerfile', 'compose/Dockerfile.bot']) {
    const text = read(f)
    const froms = [...text.matchAll(/^FROM (\S+)/gm)].map(m => m[1])
    t.ok(froms.length >= 2, `${f} is multi-stage`)
    for (const from of froms) t.match(from, /^node:24\.\d+\.\d+-bookworm-slim$/, `${f} pins Node 24`)
    const lastStage = text.slice(text.lastIndexOf('FROM '))
    t.match(lastStage, /^USER node$/m, `${f} runs as a non-root user`)
    t.match(text, /npm ci/)
    t.notMatch(text, /:latest/)
    t.notMatch(text, /^ADD /m, 'no ADD (COPY or a checked download instead)')
  }
  const server = read('compose/Dockerfile')
  for (const pkg of ['ffmpeg', 'mkvtoolnix', 'aria2']) t.match(server, new RegExp(`apt-get install[^\\n]*${pkg}`), `installs ${pkg}`)
  t.match(server, /ARG YTDLP_VERSION=\d{4}\.\d{2}\.\d{2}/, 'a pinned, current yt-dlp')
  t.match(server, /HEALTHCHECK .*\/health/)
  t.match(server, /rm -rf \/var\/lib\/apt\/lists/, 'apt lists cleaned')
  // The V8 flags the image runs the server with are those of `npm start`, which the large-library bench measures.
  const start = JSON.parse(read('package.json')).scripts.start as string
  const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(server)?.[1] ?? '[]') as string[]
  t.same(cmd, serverCommand(start), 'the image starts the server as npm start does (less the Node check and .env)')
  t.match(start, /--max-semi-space-size=\d+/, 'the young generation is capped (RSS budget of issue 17)')
  // Memory freed in per-thread malloc arenas stayed resident (issue 39 item 7): the image runs with one arena, and the
  // benches start their servers with what the image sets.
  t.same(allocatorEnv(new URL('../../compose/Dockerfile', import.meta.url)), { MALLOC_ARENA_MAX: '1' }, 'the image runs with one malloc arena, as the benches do')
})

t.test('every deployment mode\'s environment passes config validation and starts the HTTP server', async t => {
  for (const mode of FILES.slice(1)) {
    const config = loadConfig(modeEnvironment(mode))
    const app = Fastify({ trustProxy: config.TRUST_PROXY === '' ? false : config.TRUST_PROXY })
    await app.ready()
    await app.close()
    t.pass(`${mode} starts`)
  }
})

t.test('proxy and tunnel modes trust exactly their entry point\'s fixed address', async t => {
  const ipam = base.networks.internal.ipam.config[0]
  const [subnet, bits] = ipaddr.parseCIDR(ipam.subnet)
  const dynamic = ipaddr.parseCIDR(ipam.ip_range)
  for (const [mode, entry] of [['compose/mode-proxy.yml', 'caddy'], ['compose/mode-tunnel.yml', 'tunnel']]) {
    const address = entryAddressOf(mode, entry)
    const parsed = ipaddr.parse(address)
    t.ok(parsed.match(subnet, bits), `${entry}'s address ${address} is in the network's subnet`)
    t.notOk(parsed.match(dynamic), `${entry}'s address is outside the dynamic range, so no other container can take it`)
    const config = loadConfig(modeEnvironment(mode))
    t.equal(config.TRUST_PROXY, address, `${mode} trusts ${entry} only`)
    const app = Fastify({ trustProxy: config.TRUST_PROXY })
    app.get('/ip', async request => request.ip)
    const via = await app.inject({ url: '/ip', remoteAddress: address, headers: { 'x-forwarded-for': '203.0.113.7' } })
    t.equal(via.body, '203.0.113.7', `through ${entry}, each visitor keeps their own address for the per-IP limits`)
    const other = await app.inject({ url: '/ip', remoteAddress: '172.30.88.200', headers: { 'x-forwarded-for': '203.0.113.7' } })
    t.equal(other.body, '172.30.88.200', 'another container cannot forge a client address')
    await app.close()
  }
})
