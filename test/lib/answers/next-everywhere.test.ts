// Issue 34 item 7: every answer that suggests a call gives it as data (structuredContent `next`, lib/answers/
// next-calls.ts), complete, and its text is rendered from it. Through the real registry: answers and refusals
// of several tools carry `next` calls that their named tool's published input schema accepts, and the text
// holds each call as callText. Statically: no string in domains/ or lib/ writes a call as words ("check_jobs
// with id …", "manage_files action \"undo\" …") instead of building it with nextCall.
import t from 'tap'
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { Ajv } from 'ajv'
import type { FastifyInstance } from 'fastify'
import type { ToolCallResult } from '../../../core/tool-types.js'
import { callText, type NextCall } from '../../../lib/answers/next-calls.js'
import { buildTestApp } from '../../helpers/build.js'

const ROOT = join(import.meta.dirname, '../../..')
const nextOf = (res: ToolCallResult): NextCall[] => ((res.structuredContent?.next ?? []) as NextCall[])
const textOf = (res: ToolCallResult) => res.content.map(c => c.text).join('\n')

/** Every `next` call validates against its tool's published input schema, and the answer's text holds it. */
function checkNext (t: Pick<typeof import('tap').default, 'ok' | 'match'>, app: FastifyInstance, res: ToolCallResult, what: string, expectTool: string) {
  const next = nextOf(res)
  t.ok(next.some(c => c.tool === expectTool), `${what}: suggests ${expectTool} as data (${JSON.stringify(next)})`)
  const ajv = new Ajv({ strict: false })
  for (const c of next) {
    const tool = app.tools.list().find(x => x.name === c.tool)
    t.ok(tool, `${what}: ${c.tool} is a tool`)
    if (!tool) continue
    const validate = ajv.compile(tool.inputSchema)
    t.ok(validate(c.arguments), `${what}: ${callText(c)} is accepted by ${c.tool}'s input schema ${JSON.stringify(validate.errors)}`)
    t.match(textOf(res), callText(c), `${what}: the text holds ${callText(c)}`)
  }
}

t.test('answers and refusals carry their suggested calls, complete and valid, and the text renders them', async t => {
  const { app, roots, call } = await buildTestApp(t, {
    beforeBuild: r => {
      mkdirSync(join(r.downloads, 'Show'), { recursive: true })
      writeFileSync(join(r.downloads, 'Show', 'Show.S01E02.mkv'), 'x')
      writeFileSync(join(r.downloads, 'note.txt'), 'x')
    }
  })
  t.ok(roots.downloads)

  const move = await call('manage_files', { action: 'move', paths: ['downloads/note.txt'], destination: 'movies/note.txt' })
  t.notOk(move.isError, textOf(move))
  checkNext(t, app, move, 'manage_files move', 'manage_files')
  const undo = nextOf(move).find(c => c.tool === 'manage_files')!
  const undone = await call(undo.tool, undo.arguments)
  t.notOk(undone.isError, `the undo call it gave works: ${textOf(undone)}`)

  const rename = await call('rename_episodes', { path: 'downloads/Show' })
  checkNext(t, app, rename, 'rename_episodes preview', 'rename_episodes')

  const missing = await call('manage_files', { action: 'list', path: 'movies/Nope (2020)' })
  t.ok(missing.isError)
  checkNext(t, app, missing, 'a missing path (a refusal)', 'manage_files')

  const noJob = await call('check_jobs', { id: 'AAAAAAAAAAAAAAAAAAAAAA' })
  t.ok(noJob.isError)
  checkNext(t, app, noJob, 'an unknown job (a refusal)', 'check_jobs')

  const noUndo = await call('manage_files', { action: 'undo', jobId: 'no-such-job' })
  t.ok(noUndo.isError)
  checkNext(t, app, noUndo, 'undo of an unknown job (a refusal)', 'check_jobs')

  // Issue 34 item 7, the texts that named a tool without its call: each now gives the call.
  const noItem = await call('manage_library', { action: 'refresh' })
  t.ok(noItem.isError, textOf(noItem))
  checkNext(t, app, noItem, 'manage_library refresh without itemId', 'search_media')

  let release!: () => void
  const held = new Promise<void>(resolve => { release = resolve })
  const job = app.jobs.start({ kind: 'file-move', owner: 'internal', description: 'a held move', run: async () => { await held; return {} } })
  const cancel = await call('check_jobs', { id: job.id, cancel: true })
  release()
  checkNext(t, app, cancel, 'check_jobs cancel of a running job', 'check_jobs')
})

t.test('the media server tools give the calls they used to name (a library, a season)', async t => {
  const { app, sims, call } = await buildTestApp(t, { sims: { jellyfin: true } })
  const noLibrary = await call('search_media', { query: 'Heat', library: 'No Such Library' })
  t.ok(noLibrary.isError, textOf(noLibrary))
  checkNext(t, app, noLibrary, 'search_media in a library that does not exist', 'search_media')
  t.ok(nextOf(noLibrary).some(c => c.arguments.library === 'Movies' && c.arguments.query === 'Heat'), 'the same search in a library there is')
  t.ok(nextOf(noLibrary).some(c => c.arguments.library === undefined && c.arguments.query === 'Heat'), 'the same search in every library')
  const followed = await call('search_media', nextOf(noLibrary)[0]!.arguments)
  t.notOk(followed.isError, `the first call it gave is answered: ${textOf(followed)}`)

  const series = [...sims.jellyfin.state.items.values()].find(i => i.kind === 'Series')!
  const noSeason = await call('show_details', { seriesId: series.id, season: 2999 })
  t.ok(noSeason.isError, textOf(noSeason))
  checkNext(t, app, noSeason, 'show_details of a season the series does not have', 'show_details')
})

// ---- static: calls are built, not written ----

/** Strings whose words may name a tool with its arguments: descriptions (they teach the model the tools). */
const ALLOWED_FILES = new Set([
  'lib/answers/next-calls.ts',
  'lib/answers/common-calls.ts'
])

/**
 * Files whose strings may name a tool to use without its call: notices go to people (lib/notices), and the
 * others name a tool whose call needs what the answer does not have (said in each file).
 */
const NAMED_ALLOWED = new Set<string>([
  // Which release to pick is the person's choice; the queue item names episodes, not the series and season.
  'domains/downloads/retry-stuck.ts',
  // A person who is not the owner is pointed at the tools that answer them; no one call fits.
  'domains/library/tools/get-library-state.ts',
  // "move files into it with manage_files": which files is the person's choice.
  'domains/library/tools/manage-library.ts',
  // Titles no manager holds, by the media server's paths; deleting watched media by hand is the person's choice.
  'lib/library/cleanup-watched.ts',
  // The rename job knows its renames, not the folder the call was given.
  'lib/library/rename-job.ts',
  // Set-up advice to the person running the set-up.
  'lib/setup/wire-plex.ts',
  // yt-dlp's refusal is read where the download_direct call's arguments are not known.
  'lib/ytdlp.ts'
])

function sourceFiles (dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [full] : []
  })
}

/** The string literals (template parts too) of a file, leaving out those inside a `description` property. */
function literals (file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const out: string[] = []
  const inDescription = (n: ts.Node): boolean => {
    for (let p = n.parent; p; p = p.parent) {
      if (ts.isPropertyAssignment(p) && p.name.getText() === 'description') return true
      if (ts.isVariableDeclaration(p) && /DESCRIPTION/.test(p.name.getText())) return true
    }
    return false
  }
  const visit = (n: ts.Node) => {
    if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && !inDescription(n)) out.push(n.text)
    else if (ts.isTemplateExpression(n) && !inDescription(n)) out.push(n.head.text, ...n.templateSpans.map(s => s.literal.text))
    ts.forEachChild(n, visit)
  }
  visit(source)
  return out
}

t.test('no string in domains/ or lib/ writes a tool call as words', async t => {
  const { app } = await buildTestApp(t)
  const patterns = app.tools.list().map(tool => {
    const args = Object.keys((tool.inputSchema as { properties: Record<string, unknown> }).properties).filter(a => a !== 'confirmToken')
    // "check_jobs with id", "manage_files action \"undo\"", "cancel_downloads (ids [" : the tool, then one of its arguments.
    return { tool: tool.name, re: new RegExp(`\\b${tool.name}\\s+\\(?(?:again\\s+)?(?:with\\s+)?(?:${args.join('|')})\\b\\s*[:="'\\[]`) }
  })
  const found: string[] = []
  for (const file of ['domains', 'lib'].flatMap(d => sourceFiles(join(ROOT, d)))) {
    const rel = relative(ROOT, file)
    if (ALLOWED_FILES.has(rel)) continue
    for (const text of literals(file)) {
      for (const p of patterns) if (p.re.test(text)) found.push(`${rel}: ${JSON.stringify(text.slice(0, 160))}`)
    }
  }
  t.same(found, [], 'build the call with nextCall and render it with nextText or callText')

  // A tool named as something to call, use or run ("Call search_media again", "delete them with manage_files")
  // without its call: the answer gives the call (nextCall in `next`), and its text is rendered from it.
  const names = app.tools.list().map(tool => tool.name).join('|')
  const told = new RegExp(`\\b(?:call|calling|use|using|run|running|try|with|via|check|see)\\s+(?:${names})\\b(?!\\s*\\{)`, 'i')
  const named: string[] = []
  for (const file of ['domains', 'lib'].flatMap(d => sourceFiles(join(ROOT, d)))) {
    const rel = relative(ROOT, file)
    if (ALLOWED_FILES.has(rel) || NAMED_ALLOWED.has(rel)) continue
    for (const text of literals(file)) if (told.test(text)) named.push(`${rel}: ${JSON.stringify(text.slice(0, 160))}`)
  }
  t.same(named, [], 'a tool to call is given as a call (nextCall), not only named')
  t.ok(told.test('Call search_media again with one of these names'), 'the words this test replaced are caught')
  t.notOk(told.test('search every library: search_media {"query":"x"}'), 'a callText is not words')

  // The pattern is not blind: the words this test replaced are caught.
  const sample = patterns.find(p => p.tool === 'manage_files')!.re
  t.ok(sample.test('Revert with manage_files action "undo", jobId "x".'))
  t.notOk(sample.test('manage_files {"action":"undo","jobId":"x"}'), 'a callText is not words')
})
