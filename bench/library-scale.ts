// Scale bench: a generated library of 100 000 files, get_library_state's whole-library summary and
// manage_files' recursive paged list timed through the tool registry, each against `find` doing the same
// work on the same tree (find -printf %s stats every file, like the summary; plain find only lists names,
// like the list, which stats just the page). Goal: within 2× of find.
//
//   npx tsx bench/library-scale.ts [files]     or     import { libraryScaleBench } from './library-scale.js'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildApp } from '../app.js'
import { buildConfig } from '../config.js'
import { INTERNAL_PRINCIPAL } from '../core/principal.js'

export interface ScaleResult {
  name: string
  files: number
  oursMs: number
  findMs: number
  ratio: number
  withinGoal: boolean
}

function generate (media: string, downloads: string, files: number) {
  const tops = ['tv', 'anime', 'movies', 'music']
  let n = 0
  for (let title = 0; n < files; title++) {
    const top = tops[title % tops.length]
    if (top === 'movies') {
      const dir = join(media, top, `Movie ${title} (20${String(title % 25).padStart(2, '0')})`)
      mkdirSync(dir, { recursive: true })
      for (const f of [`Movie ${title}.mkv`, `Movie ${title}.en.srt`, 'poster.jpg'].slice(0, files - n)) { writeFileSync(join(dir, f), 'x'); n++ }
      continue
    }
    for (let season = 1; season <= 4 && n < files; season++) {
      const dir = join(media, top, `Show ${title}`, `Season ${String(season).padStart(2, '0')}`)
      mkdirSync(dir, { recursive: true })
      for (let e = 1; e <= 24 && n < files; e++, n++) writeFileSync(join(dir, `Show ${title} - S0${season}E${String(e).padStart(2, '0')}.mkv`), 'x')
    }
  }
  mkdirSync(join(downloads, 'incoming'), { recursive: true })
}

function median (xs: number[]) {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

async function timeIt (fn: () => unknown): Promise<number> {
  const t0 = performance.now()
  await fn()
  return performance.now() - t0
}

export async function libraryScaleBench ({ files = 100_000, runs = 3, log = console.log } = {}): Promise<ScaleResult[]> {
  const base = mkdtempSync(join(tmpdir(), 'msmcp-bench-'))
  const media = join(base, 'data')
  const downloads = join(base, 'downloads')
  try {
    const t0 = performance.now()
    generate(media, downloads, files)
    log(`generated ${files} files in ${Math.round(performance.now() - t0)} ms under ${base}`)
    const config = buildConfig({ LOG_LEVEL: 'silent', MEDIA_ROOT: media, DOWNLOADS_ROOT: downloads, STATE_DIR: join(base, 'state'), HOST: '127.0.0.1', PORT: 0 })
    const app = await buildApp(config, { logger: false })
    await app.ready()
    const ctx = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
    const find = (args: string[]) => () => execFileSync('find', args, { maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] })
    const cases = [
      {
        name: 'get_library_state summary vs find -printf %s',
        ours: async () => { const r = await app.tools.call('get_library_state', {}, ctx); if (r.isError) throw new Error(r.content[0].text) },
        find: find([media, downloads, '-printf', '%s %p\n'])
      },
      {
        name: 'manage_files list (recursive, 100 per page, total) vs find',
        ours: async () => { const r = await app.tools.call('manage_files', { action: 'list', path: '.', recursive: true, offset: 50_000, limit: 100 }, ctx); if (r.isError) throw new Error(r.content[0].text) },
        find: find([media])
      }
    ]
    const results: ScaleResult[] = []
    for (const c of cases) {
      await timeIt(c.find) // warm the dentry and inode caches for both sides
      await timeIt(c.ours)
      const ours: number[] = []
      const theirs: number[] = []
      for (let i = 0; i < runs; i++) { // interleaved, so background load hits both sides alike
        theirs.push(await timeIt(c.find))
        ours.push(await timeIt(c.ours))
      }
      const r = { name: c.name, files, oursMs: Math.round(median(ours)), findMs: Math.round(median(theirs)), ratio: 0, withinGoal: false }
      r.ratio = Math.round((r.oursMs / Math.max(1, r.findMs)) * 100) / 100
      r.withinGoal = r.ratio <= 2
      log(`${r.name}: ours ${r.oursMs} ms, find ${r.findMs} ms, ratio ${r.ratio}× ${r.withinGoal ? '(within 2×)' : '(OVER the 2× goal)'}`)
      results.push(r)
    }
    await app.close()
    return results
  } finally {
    rmSync(base, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const files = Number(process.argv[2] ?? 100_000)
  const results = await libraryScaleBench({ files })
  process.exitCode = results.every(r => r.withinGoal) ? 0 : 1
}
