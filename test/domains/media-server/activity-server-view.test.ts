// activity_log view "server": this server's audit trail through the tool itself, with its filters and paging.
import t from 'tap'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildTestApp } from '../../helpers/build.js'
import { INTERNAL_PRINCIPAL, type Principal } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'

const PHONE: Principal = { id: 'oauth:grant-phone', kind: 'oauth', clientId: 'phone-app', scopes: ['mcp'] }
const BOT: Principal = { ...INTERNAL_PRINCIPAL, actor: 'telegram:10:20' }

function ctx (principal: Principal): ToolContext {
  return { principal, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
}

t.test('lists who changed what, newest first, and filters by principal, tool, time and severity', async t => {
  const { app, roots } = await buildTestApp(t)
  for (const name of ['A', 'B']) {
    mkdirSync(join(roots.downloads, name), { recursive: true })
    writeFileSync(join(roots.downloads, name, `${name}.mkv`), name)
  }
  const call = (name: string, args: Record<string, unknown>, p: Principal = PHONE) => app.tools.call(name, args, ctx(p))
  t.notOk((await call('manage_files', { action: 'move', paths: ['downloads/A'], destination: 'movies' })).isError)
  const preview = await call('manage_files', { action: 'delete', paths: ['downloads/B'] }, BOT)
  const token = (preview.structuredContent as any).confirmation.confirmToken
  t.notOk((await call('manage_files', { action: 'delete', paths: ['downloads/B'], confirmToken: token }, BOT)).isError)
  t.ok((await call('manage_files', { action: 'move', paths: ['../etc'], destination: 'movies' })).isError)

  const view = async (args: Record<string, unknown>) => {
    const res = await call('activity_log', { view: 'server', ...args })
    t.notOk(res.isError, res.content[0].text)
    return { data: res.structuredContent as any, text: res.content[0].text }
  }
  const all = await view({})
  t.equal(all.data.total, 3)
  t.match(all.data.items, [
    { type: 'manage_files', severity: 'Warning', outcome: 'refused', principal: 'client phone-app (oauth:grant-phone)', detail: /.+/ },
    {
      type: 'manage_files',
      severity: 'Information',
      outcome: 'ok',
      principal: 'internal for telegram:10:20',
      name: 'internal for telegram:10:20 confirmed manage_files delete downloads/B: done',
      arguments: { action: 'delete', paths: ['downloads/B'] },
      targets: [{ path: 'downloads/B' }]
    },
    { outcome: 'ok', name: 'client phone-app (oauth:grant-phone) called manage_files move paths: downloads/A, destination: movies: done', jobId: /.+/ }
  ])
  t.match(all.data.items[0].name, /^client phone-app \(oauth:grant-phone\) called manage_files move paths: \.\.\/etc, destination: movies: refused$/)
  t.notOk(JSON.stringify(all.data).includes(token), 'no confirm token in the view')
  t.match(all.text, /^2 changes done, 1 refused \(3 entries\); showing 3/)

  t.same((await view({ principal: 'telegram:10:20' })).data.items.map((i: any) => i.outcome), ['ok'])
  t.equal((await view({ principal: 'phone-app' })).data.total, 2)
  t.equal((await view({ tool: 'manage_files', minSeverity: 'Warning' })).data.total, 1)
  t.equal((await view({ tool: 'movie_remove' })).data.total, 0)
  t.match((await view({ tool: 'movie_remove' })).text, /^No changes or attempted changes recorded/)
  t.equal((await view({ since: '2999-01-01T00:00:00Z' })).data.total, 0)
  t.equal((await view({ sinceHours: 1 })).data.total, 3)
  const page = (await view({ limit: 2, offset: 2 })).data
  t.match(page, { total: 3, offset: 2, limit: 2, hasMore: false, items: [{ outcome: 'ok' }] })
  t.match((await view({ limit: 2 })).data, { hasMore: true })

  const reads = app.audit.store.list({ offset: 0, limit: 100, action: 'activity_log' })
  t.equal(reads.total, 0, 'reading the log is not itself recorded')

  const misplaced = await call('activity_log', { principal: 'phone-app' })
  t.ok(misplaced.isError)
  t.match(misplaced.content[0].text, /principal and tool filter the server view: add view "server"/)
})
