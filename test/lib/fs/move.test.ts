import t from 'tap'
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { COPY_STEPS, DestinationExistsError, moveFile, type MoveStep } from '../../../lib/fs/move-file.js'
import { moveTree } from '../../../lib/fs/move-tree.js'
import { newMoveLog, type MoveEntry } from '../../../lib/fs/move-log.js'
import { inverseOf, undoMoves } from '../../../lib/fs/undo-moves.js'
import { isOurTempName } from '../../../lib/fs/temp-names.js'
import { TS_LOADER } from '../../helpers/ts-child.js'

function scratch (t: { teardown: (fn: () => void) => void }) {
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-fs-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  mkdirSync(join(dir, 'a'))
  mkdirSync(join(dir, 'b'))
  return dir
}

// 3 MiB: larger than the head/tail hash window and the copy chunk, so both are really exercised.
const payload = () => randomBytes(3 * 1024 * 1024 + 123)

function allFiles (dir: string): string[] {
  return readdirSync(dir, { recursive: true }).map(String)
}

t.test('same filesystem: moves by link+unlink and never overwrites', async t => {
  const dir = scratch(t)
  const data = payload()
  writeFileSync(join(dir, 'a/ep.mkv'), data)
  const r = await moveFile(join(dir, 'a/ep.mkv'), join(dir, 'b/ep.mkv'))
  t.equal(r.method, 'rename')
  t.notOk(existsSync(join(dir, 'a/ep.mkv')))
  t.same(readFileSync(join(dir, 'b/ep.mkv')), data)

  writeFileSync(join(dir, 'a/ep.mkv'), 'other movie')
  await t.rejects(moveFile(join(dir, 'a/ep.mkv'), join(dir, 'b/ep.mkv')), DestinationExistsError)
  await t.rejects(moveFile(join(dir, 'a/ep.mkv'), join(dir, 'b/ep.mkv'), { forceCopy: true }), DestinationExistsError)
  t.equal(readFileSync(join(dir, 'a/ep.mkv'), 'utf8'), 'other movie', 'source untouched')
  t.same(readFileSync(join(dir, 'b/ep.mkv')), data, 'existing destination untouched')
})

t.test('cross filesystem: copies, verifies, keeps mode and mtime, leaves no temp file', async t => {
  const dir = scratch(t)
  const data = payload()
  const src = join(dir, 'a/movie.mkv')
  writeFileSync(src, data)
  chmodSync(src, 0o640)
  utimesSync(src, new Date('2020-01-02T03:04:05Z'), new Date('2020-01-02T03:04:05Z'))
  const seen: number[] = []
  const r = await moveFile(src, join(dir, 'b/movie.mkv'), { forceCopy: true, onBytes: d => seen.push(d) })
  t.equal(r.method, 'copy')
  t.equal(r.bytes, data.length)
  t.notOk(existsSync(src))
  t.same(readFileSync(join(dir, 'b/movie.mkv')), data)
  const st = statSync(join(dir, 'b/movie.mkv'))
  t.equal(st.mode & 0o777, 0o640)
  t.equal(st.mtime.toISOString(), '2020-01-02T03:04:05.000Z')
  t.equal(seen.at(-1), data.length, 'byte progress reaches the size')
  t.same(allFiles(join(dir, 'b')), ['movie.mkv'])
})

t.test('a failure injected at every step of a cross-filesystem move loses nothing', async t => {
  for (const failAt of COPY_STEPS) {
    const dir = scratch(t)
    const data = payload()
    const src = join(dir, 'a/x.mkv')
    const dst = join(dir, 'b/x.mkv')
    writeFileSync(src, data)
    const err = await moveFile(src, dst, {
      forceCopy: true,
      checkpoint: step => { if (step === failAt) throw Object.assign(new Error(`EIO at ${step}`), { code: 'EIO' }) }
    }).then(() => undefined, (e: Error) => e)
    t.ok(err, `${failAt}: the failure surfaces`)
    const atSource = existsSync(src)
    const atDest = existsSync(dst)
    t.ok(atSource || atDest, `${failAt}: the file still exists`)
    if (atSource) t.same(readFileSync(src), data, `${failAt}: source intact`)
    if (atDest) t.same(readFileSync(dst), data, `${failAt}: destination complete`)
    t.notOk(atSource && atDest, `${failAt}: a failed move is rolled back to one copy`)
    t.notOk([...allFiles(join(dir, 'a')), ...allFiles(join(dir, 'b'))].some(isOurTempName), `${failAt}: no temp file left`)
  }
})

const CHILD = join(import.meta.dirname, 'crash-child.ts')

// No timeout of its own: a child slow to load on a loaded machine is not a failure (tap's timeout catches a hang).
function crashAt (from: string, to: string, step: string, logFile: string) {
  const r = spawnSync(process.execPath, [...TS_LOADER, CHILD, from, to, step, logFile], { encoding: 'utf8' })
  return r
}

t.test('a real crash (SIGKILL) before every step: the file is whole somewhere, never partial under the final name; undo repairs', async t => {
  const steps: Array<MoveStep | `same:${MoveStep}`> = [...COPY_STEPS, 'same:link', 'same:unlink-source']
  for (const step of steps) {
    const dir = scratch(t)
    const data = payload()
    const src = join(dir, 'a/show.mkv')
    const dst = join(dir, 'b/show.mkv')
    const logFile = join(dir, 'log.json')
    writeFileSync(src, data)
    const r = crashAt(src, dst, step, logFile)
    t.equal(r.signal, 'SIGKILL', `${step}: the child was killed (${r.stderr.slice(0, 300)})`)
    const atSource = existsSync(src)
    const atDest = existsSync(dst)
    t.ok(atSource || atDest, `${step}: not lost`)
    if (atSource) t.same(readFileSync(src), data, `${step}: source whole`)
    if (atDest) t.same(readFileSync(dst), data, `${step}: destination whole, never half-written`)

    // The journal held the planned entry before the first change; undo puts everything back at the source.
    const entry = JSON.parse(readFileSync(logFile, 'utf8')) as MoveEntry
    const report = await undoMoves(newMoveLog([entry]))
    t.same(report.conflicts, [], `${step}: undo has no conflicts`)
    t.same(readFileSync(src), data, `${step}: after undo the file is back`)
    t.notOk(existsSync(dst), `${step}: and only there`)
  }
})

t.test('a crash in the middle of a tree move, then undo', async t => {
  const dir = scratch(t)
  const show = join(dir, 'a/Show')
  const files = ['Season 01/e1.mkv', 'Season 01/e2.mkv', 'Season 02/e1.mkv', 'poster.jpg']
  const contents = new Map(files.map(f => [f, randomBytes(200_000 + f.length)]))
  for (const [f, d] of contents) {
    mkdirSync(join(show, f, '..'), { recursive: true })
    writeFileSync(join(show, f), d)
  }
  const logFile = join(dir, 'log.json')
  const r = crashAt(show, join(dir, 'b/Show'), 'remove-source#3', logFile)
  t.equal(r.signal, 'SIGKILL')
  const entry = JSON.parse(readFileSync(logFile, 'utf8')) as MoveEntry
  t.equal(entry.kind, 'tree')
  t.equal(entry.files?.length, 4)
  const report = await undoMoves(newMoveLog([entry]))
  t.same(report.conflicts, [])
  for (const [f, d] of contents) t.same(readFileSync(join(show, f)), d, `${f} back in place`)
  t.notOk(existsSync(join(dir, 'b/Show')), 'the half-built destination folder is gone')
})

t.test('tree moves: one rename on one filesystem, per-file progress across, undo and redo', async t => {
  const dir = scratch(t)
  const make = (root: string) => {
    mkdirSync(join(root, 'Season 01'), { recursive: true })
    writeFileSync(join(root, 'Season 01/e1.mkv'), 'one')
    writeFileSync(join(root, 'Season 01/e2.mkv'), 'two')
  }
  make(join(dir, 'a/Same'))
  const same = await moveTree(join(dir, 'a/Same'), join(dir, 'b/Same'))
  t.equal(same.entry.kind, 'dir')
  t.equal(readFileSync(join(dir, 'b/Same/Season 01/e2.mkv'), 'utf8'), 'two')

  make(join(dir, 'a/Across'))
  const progress: number[] = []
  const across = await moveTree(join(dir, 'a/Across'), join(dir, 'b/Across'), { forceCopy: true, onProgress: p => progress.push(p.filesDone) })
  t.equal(across.entry.kind, 'tree')
  t.same(progress, [0, 1, 2])
  t.notOk(existsSync(join(dir, 'a/Across')), 'emptied source folders removed')

  await t.rejects(moveTree(join(dir, 'b/Same'), join(dir, 'b/Across')), DestinationExistsError, 'folders are never merged or replaced')

  const log = newMoveLog([same.entry, across.entry])
  const report = await undoMoves(log)
  t.equal(report.restored, 3)
  t.equal(readFileSync(join(dir, 'a/Same/Season 01/e1.mkv'), 'utf8'), 'one')
  t.equal(readFileSync(join(dir, 'a/Across/Season 01/e2.mkv'), 'utf8'), 'two')
  t.same(readdirSync(join(dir, 'b')), [])

  const redo = await undoMoves(inverseOf(log))
  t.equal(redo.restored, 3)
  t.equal(readFileSync(join(dir, 'b/Across/Season 01/e1.mkv'), 'utf8'), 'one')
  t.equal(readFileSync(join(dir, 'b/Same/Season 01/e1.mkv'), 'utf8'), 'one')
})

t.test('undo never overwrites: a new file at the old place is a conflict', async t => {
  const dir = scratch(t)
  writeFileSync(join(dir, 'a/f.mkv'), 'moved')
  const r = await moveTree(join(dir, 'a/f.mkv'), join(dir, 'b/f.mkv'))
  writeFileSync(join(dir, 'a/f.mkv'), 'newcomer')
  const report = await undoMoves(newMoveLog([r.entry]))
  t.equal(report.conflicts.length, 1)
  t.equal(readFileSync(join(dir, 'a/f.mkv'), 'utf8'), 'newcomer')
  t.equal(readFileSync(join(dir, 'b/f.mkv'), 'utf8'), 'moved')
})
