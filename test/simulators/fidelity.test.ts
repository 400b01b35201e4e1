// The fidelity table covers every backend call the clients make, and simulators/FIDELITY.md is its rendering.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { CLIENT_FILES, clientCalls } from '../../simulators/fidelity/client-calls.js'
import { FIDELITY_ROWS, renderFidelityMarkdown, routeKey } from '../../simulators/fidelity/index.js'
import { versionVerdict } from '../../lib/backend-versions.js'
import { createJellyfinSimulator } from '../../simulators/jellyfin/index.js'
import { createJellyfinSetupSimulator } from '../../simulators/jellyfin/setup-auth.js'
import { createProwlarrSetupSimulator } from '../../simulators/prowlarr/setup-proxy.js'
import { createPlexSimulator } from '../../simulators/plex/index.js'
import { createPlexTvSimulator } from '../../simulators/plex/plex-tv.js'
import { createPyloadSimulator } from '../../simulators/pyload/server.js'
import { servedRoutes } from '../../simulators/route-list.js'
import { createRadarrSimulator } from '../../simulators/servarr/radarr.js'
import { createServarrSetupSimulator } from '../../simulators/servarr/setup-routes.js'
import { createSonarrSimulator } from '../../simulators/servarr/sonarr.js'
import { createSeerrSimulator } from '../../simulators/seerr/index.js'
import { makeRoots } from '../helpers/build.js'
import { createSabnzbdSimulator } from '../../simulators/sabnzbd/server.js'

const root = join(import.meta.dirname, '..', '..')
const key = (r: { service: string, method: string, path: string }) => `${r.service} ${routeKey(r.method, r.path)}`

t.test('every endpoint a client calls has a row in the fidelity table', async t => {
  const { calls, unreadable } = clientCalls(root)
  t.same(unreadable, [], 'every request in the client sources can be read (a literal route or a declared helper)')
  t.ok(calls.length > 80, `the scan finds the clients' calls (${calls.length})`)
  const rows = new Set(FIDELITY_ROWS.map(key))
  const missing = [...new Set(calls.filter(c => !rows.has(key(c))).map(c => `${key(c)} (${c.at})`))]
  t.same(missing, [], 'add a row to simulators/fidelity/<service>.ts, read in the real source, for each of these')
})

t.test('every row is called by a client, unless it is marked pending or simulator only', async t => {
  const called = new Set(clientCalls(root).calls.map(key))
  t.same(FIDELITY_ROWS.filter(r => !r.pending && !r.simulatorOnly && !called.has(key(r))).map(key), [], 'rows no client calls any more: remove them')
  t.same(FIDELITY_ROWS.filter(r => r.simulatorOnly && called.has(key(r))).map(key), [], 'a client calls these: drop their simulatorOnly mark')
  for (const r of FIDELITY_ROWS.filter(r => r.pending)) t.comment(`pending: ${key(r)}: ${r.pending}`)
})

/** Every route each simulator serves, by "<service> <METHOD> <path>", read as the simulators register them. */
async function simulatorRoutes (): Promise<Array<{ service: string, method: string, path: string }>> {
  const key = 'a11dfeedf00dfeedf00dfeedf00dfeed'
  const roots = makeRoots()
  try {
    const sims = [
      await createJellyfinSimulator({ apiKey: key }),
      await createJellyfinSetupSimulator({ apiKey: key }),
      await createSonarrSimulator({ apiKey: key }),
      await createRadarrSimulator({ apiKey: key }),
      await createServarrSetupSimulator('sonarr', { apiKey: key }),
      await createServarrSetupSimulator('radarr', { apiKey: key }),
      await createProwlarrSetupSimulator({ apiKey: key }),
      await createPyloadSimulator({ apiKey: key, storageDir: roots.downloads }),
      await createPlexSimulator({ token: key }).then(async plex => { await (await createPlexTvSimulator({ plex, ownerToken: key })).close(); return plex }),
      await createSeerrSimulator({ apiKey: key, users: [] }),
      // --- usenet
      await createSabnzbdSimulator({ apiKey: key })
    ]
    for (const sim of sims) await sim.close()
  } finally { roots.cleanup() }
  return [...servedRoutes()].flatMap(([service, routes]) => [...routes].map(r => {
    const [method, path] = r.split(' ')
    return { service, method, path }
  }))
}

t.test('every route a simulator serves has a row in the fidelity table', async t => {
  const served = await simulatorRoutes()
  const services = new Set(served.map(r => r.service))
  t.same([...services].sort(), ['Jellyfin', 'Plex', 'Prowlarr', 'Radarr', 'SABnzbd', 'Seerr', 'Sonarr', 'pyLoad'], 'the routes of every simulator are read')
  t.ok(served.some(r => r.service === 'Jellyfin' && r.method === 'POST' && r.path === '/UserPlayedItems/{itemId}'), 'a route registered in a loop is read')
  const rows = new Set(FIDELITY_ROWS.map(key))
  const missing = served.filter(r => !rows.has(key(r))).map(r => `${r.service} ${r.method} ${r.path}`)
  t.same(missing, [], 'add a row to simulators/fidelity/<service>.ts, read in the real source, for each of these')
  const servedKeys = new Set(served.map(key))
  const unserved = FIDELITY_ROWS.filter(row => row.simulatorOnly && !servedKeys.has(key(row))).map(key)
  t.same(unserved, [], 'rows marked simulator only that no simulator serves: remove them')
})

t.test('rows are unique and complete', async t => {
  const keys = FIDELITY_ROWS.map(key)
  t.same(keys.filter((k, i) => keys.indexOf(k) !== i), [], 'one row per service, method and route')
  for (const r of FIDELITY_ROWS) {
    if (!r.source.repo.includes('/') || !r.source.path || !r.source.tag || r.behaviours.length === 0) t.fail(`${key(r)} needs a source (repo, path, tag) and behaviours`)
  }
})

t.test('rows are read at versions the server supports (README "Supported versions")', async t => {
  // An untagged branch commit (branch@commit) has no version to judge.
  const outside = FIDELITY_ROWS.filter(r => !r.source.tag.includes('@'))
    .filter(r => (versionVerdict(r.service, r.source.tag.replace(/^release-/, ''))?.kind ?? 'supported') !== 'supported')
  t.same(outside.map(r => `${key(r)} @ ${r.source.tag}`), [])
})

t.test('every client source file is scanned', async t => {
  const sources = ['clients', 'lib/setup', 'domains'].flatMap(dir =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).filter(f => f.endsWith('.ts')).map(f => `${dir}/${f}`))
  // The files CLIENT_FILES does not declare (the tools too) must hold no request at all, so one added there cannot hide.
  const { calls, unreadable } = clientCalls(root, sources.filter(f => !(f in CLIENT_FILES)))
  t.same([...unreadable, ...calls.map(c => `${key(c)} (${c.at})`)], [], 'declare the file in CLIENT_FILES')
})

t.test('the scanner reads the request shapes the clients use, and refuses what it cannot read', async t => {
  const { clientCallsInSource } = await import('../../simulators/fidelity/client-calls.js')
  const calls = clientCallsInSource('clients/qbittorrent/client.ts', `
    const a = () => call({ path: '/api/v2/torrents/info', query: {} })
    const b = () => call(form(\`/api/v2/torrents/\${v5 ? 'stop' : 'pause'}\`, {}))
    const c = (id) => call({ method: 'DELETE', path: \`/api/v2/x/\${encodeURIComponent(id)}/y\` })
  `)
  t.same(calls.calls.map(c => `${c.method} ${c.path}`), ['GET /api/v2/torrents/info', 'POST /api/v2/torrents/stop', 'POST /api/v2/torrents/pause', 'DELETE /api/v2/x/{}/y'])
  const odd = clientCallsInSource('clients/qbittorrent/client.ts', `
    const d = (p) => call({ path: \`/api/v2\${p}\` })
    const e = () => newHelper('/api/v2/torrents/reannounce')
  `)
  t.equal(odd.calls.length, 0)
  t.equal(odd.unreadable.length, 2, 'a computed route and a route literal outside a known helper are both reported')
})

t.test('simulators/FIDELITY.md is rendered from the rows', async t => {
  const onDisk = readFileSync(join(root, 'simulators/FIDELITY.md'), 'utf8')
  t.equal(onDisk, renderFidelityMarkdown(), 'run `npx tsx simulators/fidelity/render.ts`')
})

// Where the upstream mirrors exist (a maintainer's machine, not CI), each cited file must exist at its tag.
const MIRRORS = '/work/.mirror'
t.test('each cited source file exists at its tag', { skip: existsSync(MIRRORS) ? false : 'no upstream mirrors here' }, async t => {
  const byRepo = new Map<string, Set<string>>()
  for (const { source: s } of FIDELITY_ROWS) {
    const rev = s.tag.includes('@') ? s.tag.split('@')[1] : s.tag
    byRepo.set(s.repo, (byRepo.get(s.repo) ?? new Set()).add(`${rev}:${s.path}`))
  }
  for (const [repo, objects] of byRepo) {
    const gitDir = join(MIRRORS, repo.replace('/', '+'), 'repo')
    if (!existsSync(gitDir)) { t.comment(`no mirror of ${repo}`); continue }
    // One batch per repository: each line answers "<sha> blob <size>" or "<name> missing".
    const answers = execFileSync('git', ['--git-dir', gitDir, 'cat-file', '--batch-check'], { input: [...objects].join('\n') + '\n', encoding: 'utf8' }).trim().split('\n')
    const missing = [...objects].filter((_o, i) => !/ blob /.test(answers[i] ?? ''))
    t.same(missing, [], `${repo}: every cited file exists at its tag`)
  }
})
