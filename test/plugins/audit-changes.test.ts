// The audit trail records changes, and each as it ended: a delete the person is asked about is recorded only
// once they answer (declined is not done, and not an error), a model's bad argument is refused (not failed),
// and calls that changed nothing — reads, previews, dry runs, nothing to do, a repeated confirmation — leave
// no entry. Rows name the paths, not only the tool.
import t from 'tap'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildTestApp } from '../helpers/build.js'
import type { Principal } from '../../core/principal.js'
import type { PersonConfirmation, PersonQuestion, ToolContext } from '../../core/tool-types.js'

const PHONE: Principal = { id: 'oauth:grant-1', kind: 'oauth', clientId: 'phone-app', scopes: ['mcp'] }

function ctx (extra: Partial<ToolContext> = {}): ToolContext {
  return { principal: PHONE, signal: new AbortController().signal, progress: async () => {}, log: async () => {}, ...extra }
}

function put (root: string, rel: string) {
  mkdirSync(join(root, rel, '..'), { recursive: true })
  writeFileSync(join(root, rel), rel)
}

const entries = (app: FastifyInstance) => app.audit.store.list({ offset: 0, limit: 100 }).items

async function panel (app: FastifyInstance) {
  const res = await app.inject({ url: '/api/dashboard/audit', headers: { authorization: `Bearer ${app.config.INTERNAL_API_KEY}` } })
  return res.json().items as Array<{ outcome: string, summary: string, what: string, error?: string }>
}

t.test('a delete the person is asked about: nothing is recorded until they answer; "no" reads as declined, "yes" as done', async t => {
  const { app, roots } = await buildTestApp(t)
  put(roots.media, 'movies/Heat (1995)/Heat.mkv')
  put(roots.media, 'movies/Alien (1979)/Alien.mkv')
  const questions: PersonQuestion[] = []
  const person = (answer?: PersonConfirmation['answer']): PersonConfirmation => ({ ...(answer && { answer }), ask: async q => { questions.push(q) } })
  const heat = { action: 'delete', paths: ['movies/Heat (1995)'] }

  const asked = await app.tools.call('manage_files', heat, ctx({ person: person() }))
  t.match(asked, { _meta: { confirm: 'asked' } })
  t.same(entries(app), [], 'the question is no change: no entry while the person has not answered')

  const no = await app.tools.call('manage_files', heat, ctx({ person: person({ confirmation: questions[0].confirmation, decision: 'decline' }) }))
  t.ok(no.isError)
  t.ok(existsSync(join(roots.media, 'movies/Heat (1995)/Heat.mkv')), 'nothing was deleted')
  const [declined] = entries(app)
  t.match(declined, { source: 'confirm', action: 'manage_files', outcome: 'declined', error: /The person declined/ })
  t.same(declined.targets, questions[0].targets, 'recorded with the targets the person was shown')

  // The same answer sent again is a repeat, not a second decline.
  await app.tools.call('manage_files', heat, ctx({ person: person({ confirmation: questions[0].confirmation, decision: 'decline' }) }))
  t.equal(entries(app).length, 1)

  const alien = { action: 'delete', paths: ['movies/Alien (1979)'] }
  await app.tools.call('manage_files', alien, ctx({ person: person() }))
  const yes = await app.tools.call('manage_files', alien, ctx({ person: person({ confirmation: questions[1].confirmation, decision: 'accept' }) }))
  t.notOk(yes.isError, yes.content[0].text)
  t.notOk(existsSync(join(roots.media, 'movies/Alien (1979)')))
  t.match(entries(app), [{ source: 'confirm', outcome: 'ok' }, { outcome: 'declined' }])

  const rows = await panel(app)
  t.match(rows, [
    { outcome: 'ok', summary: /^manage_files delete movies\/Alien \(1979\): done$/ },
    { outcome: 'declined', summary: /^manage_files delete movies\/Heat \(1995\): declined by the person$/ }
  ])
})

t.test('calls that changed nothing leave no entry: reads, previews, dry runs, nothing to do, a repeated confirmation', async t => {
  const { app, roots } = await buildTestApp(t)
  put(roots.media, 'tv/Show/Show.1x02.mkv')
  put(roots.downloads, 'Old/Old.mkv')

  t.notOk((await app.tools.call('manage_files', { action: 'list', path: 'tv' }, ctx())).isError, 'list')
  t.notOk((await app.tools.call('rename_episodes', { path: 'tv/Show' }, ctx())).isError, 'a dry run (the default)')
  t.notOk((await app.tools.call('rename_episodes', { path: 'tv/Show', dryRun: true }, ctx())).isError, 'an explicit dry run')
  await app.tools.call('optimize_media', { action: 'analyze', path: 'tv/Show' }, ctx()) // a read, whatever it finds
  const job = app.jobs.start({ kind: 'file-move', owner: PHONE.id, description: 'done already', run: async () => 1 })
  await app.jobs.wait(job.id, 5_000)
  const late = await app.tools.call('check_jobs', { id: job.id, cancel: true }, ctx())
  t.match(late.content[0].text, /nothing to cancel/)
  const preview = await app.tools.call('manage_files', { action: 'delete', paths: ['downloads/Old'] }, ctx())
  const token = (preview.structuredContent as any).confirmation.confirmToken
  t.same(entries(app), [], 'none of these is a change')

  const done = await app.tools.call('manage_files', { action: 'delete', paths: ['downloads/Old'], confirmToken: token }, ctx())
  t.notOk(done.isError, done.content[0].text)
  await app.tools.call('manage_files', { action: 'delete', paths: ['downloads/Old'], confirmToken: token }, ctx())
  t.match(entries(app), [{ outcome: 'ok', args: { action: 'delete' } }], 'the delete once; its repeat is not a second one')
})

t.test('a bad argument is refused, not failed, and the row says what it was about', async t => {
  const { app } = await buildTestApp(t)
  const typo = await app.tools.call('manage_files', { action: 'move', paths: ['downloads/A'], destination: 'movies', overwrite: true }, ctx())
  t.ok(typo.isError)
  const [e] = entries(app)
  t.match(e, { outcome: 'refused', error: /Unknown argument "overwrite"/ })
  const [row] = await panel(app)
  t.match(row, { outcome: 'refused', summary: 'manage_files move paths: downloads/A, destination: movies: refused' })
})

t.test('a row names each path the person confirmed, three at most, and counts the rest', async t => {
  const { app, roots } = await buildTestApp(t)
  const paths = ['A', 'B', 'C', 'D'].map(n => `movies/${n} (2001)`)
  for (const p of paths) put(roots.media, `${p}/x.mkv`)
  const questions: PersonQuestion[] = []
  const person = (answer?: PersonConfirmation['answer']): PersonConfirmation => ({ ...(answer && { answer }), ask: async q => { questions.push(q) } })
  await app.tools.call('manage_files', { action: 'delete', paths }, ctx({ person: person() }))
  await app.tools.call('manage_files', { action: 'delete', paths }, ctx({ person: person({ confirmation: questions[0].confirmation, decision: 'cancel' }) }))
  const [row] = await panel(app)
  t.equal(row.summary, 'manage_files delete movies/A (2001), movies/B (2001), movies/C (2001) and 1 more: declined by the person')
})
