// Issue 13.1: every path-taking tool, given a path that does not exist, answers what is wrong and what to do
// next ("No such file or folder: X. Next: see what is in <parent>: manage_files {…}", the call also as `next`), never "internal error" and never
// a silent success. The table must cover every registered tool that takes a path, so a new one is added here.
import t from 'tap'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildTestApp } from '../../helpers/build.js'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { text } from '../../helpers/results.js'

const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
const MISSING = ['movies/Nope (2020)', '%2e%2e/%2e%2e/etc/passwd', 'downloads/missing/deeper/file.mkv']
const NO_SUCH = /No such file or folder: .+\. Next: see what is in .+: manage_files \{"action":"list","path":/

/** Per tool: calls that name a missing path, and whether the answer must be the "No such file" one. */
const CALLS: Record<string, Array<{ args: (p: string) => Record<string, unknown>, noSuch: boolean }>> = {
  manage_files: [
    { args: p => ({ action: 'list', path: p }), noSuch: true },
    { args: p => ({ action: 'move', paths: [p], destination: 'movies' }), noSuch: true },
    { args: p => ({ action: 'delete', paths: [p] }), noSuch: true },
    // A missing destination is a new name; its missing parent is named.
    { args: p => ({ action: 'move', paths: ['downloads/real.mkv'], destination: `${p}/x.mkv` }), noSuch: false }
  ],
  rename_episodes: [{ args: p => ({ path: p }), noSuch: true }, { args: p => ({ path: p, dryRun: false }), noSuch: true }],
  fix_subtitles: [{ args: p => ({ path: p }), noSuch: true }],
  optimize_media: [{ args: p => ({ action: 'analyze', path: p }), noSuch: true }, { args: p => ({ action: 'strip', path: p, audioLanguages: ['en'] }), noSuch: true }],
  manage_library: [{ args: p => ({ action: 'create', name: 'Docs', path: p, collectionType: 'mixed' }), noSuch: false }],
  series_import: [{ args: p => ({ path: p }), noSuch: false }],
  movie_import: [{ args: p => ({ path: p }), noSuch: false }],
  download_status: [{ args: p => ({ action: 'organize', packageId: 1, destination: p }), noSuch: false }],
  download_direct: [{ args: p => ({ url: 'http://127.0.0.1:9/x.mkv', destination: p }), noSuch: false }]
}

t.test('every tool that takes a path answers a missing one clearly', async t => {
  const { app, roots } = await buildTestApp(t)
  mkdirSync(join(roots.downloads), { recursive: true })
  writeFileSync(join(roots.downloads, 'real.mkv'), 'x')
  const pathTools = app.tools.names().filter(n => {
    const g = app.tools.get(n)?.guards
    return (g?.paths?.length ?? 0) + (g?.entries?.length ?? 0) > 0
  })
  t.same(Object.keys(CALLS).filter(n => app.tools.get(n)).sort(), pathTools.sort(), 'the table covers every path-taking tool')
  for (const [tool, calls] of Object.entries(CALLS)) {
    if (!app.tools.get(tool)) continue
    for (const call of calls) {
      for (const missing of MISSING) {
        const args = call.args(missing)
        const r = await app.tools.call(tool, args, ctx)
        const what = `${tool} ${JSON.stringify(args)}`
        t.notMatch(text(r), /internal error/i, `${what}: no internal error (${text(r)})`)
        t.ok(r.isError, `${what}: not a silent success`)
        if (call.noSuch) t.match(text(r), NO_SUCH, `${what}: names the missing path and the next step`)
      }
    }
  }
})

t.test('the message names the path as given and its parent', async t => {
  const { app } = await buildTestApp(t)
  const r = await app.tools.call('manage_files', { action: 'list', path: 'movies/Nope (2020)' }, ctx)
  t.equal(text(r), 'No such file or folder: "movies/Nope (2020)". Next: see what is in movies: manage_files {"action":"list","path":"movies"}.')
  t.same(r.structuredContent?.next, [{ tool: 'manage_files', arguments: { action: 'list', path: 'movies' }, why: 'see what is in movies' }], 'the listing travels as data too')
})
