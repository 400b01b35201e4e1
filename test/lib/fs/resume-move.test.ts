// Continuing a move that stopped part-way (lib/fs/resume-move.ts): after a real crash (SIGKILL) at every step,
// the recorded entry is enough to finish the move with every file whole at the destination, the source gone,
// and no partial copy left under our temp names.
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { COPY_STEPS, type MoveStep } from '../../../lib/fs/move-file.js'
import type { MoveEntry } from '../../../lib/fs/move-log.js'
import { resumeMove } from '../../../lib/fs/resume-move.js'
import { TS_LOADER } from '../../helpers/ts-child.js'

const CHILD = join(import.meta.dirname, 'crash-child.ts')

function scratch (t: { teardown: (fn: () => void) => void }) {
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-resume-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  mkdirSync(join(dir, 'a'))
  mkdirSync(join(dir, 'b'))
  return dir
}

// No timeout of its own: a child slow to load on a loaded machine is not a failure (tap's timeout catches a hang).
function crashAt (from: string, to: string, step: string, logFile: string) {
  const r = spawnSync(process.execPath, [...TS_LOADER, CHILD, from, to, step, logFile], { encoding: 'utf8' })
  return { r, entry: () => JSON.parse(readFileSync(logFile, 'utf8')) as MoveEntry }
}

t.test('a real crash before every step of a one-file move: resuming finishes it', async t => {
  const steps: Array<MoveStep | `same:${MoveStep}`> = [...COPY_STEPS, 'same:link', 'same:unlink-source']
  for (const step of steps) {
    const dir = scratch(t)
    const data = randomBytes(3 * 1024 * 1024 + 7)
    const [src, dst] = [join(dir, 'a/film.mkv'), join(dir, 'b/film.mkv')]
    writeFileSync(src, data)
    const { r, entry } = crashAt(src, dst, step, join(dir, 'log.json'))
    t.equal(r.signal, 'SIGKILL', `${step}: the child was killed`)
    const done = await resumeMove(entry(), { forceCopy: !step.startsWith('same:') })
    t.same(done.conflicts, [], `${step}: no conflicts`)
    t.same(readFileSync(dst), data, `${step}: the destination is whole`)
    t.notOk(existsSync(src), `${step}: the source is gone`)
    t.same(readdirSync(join(dir, 'b')), ['film.mkv'], `${step}: no partial copy left`)
  }
})

t.test('a crash in the middle of a folder moved file by file: resuming moves the rest into the same folder', async t => {
  const dir = scratch(t)
  const show = join(dir, 'a/Show')
  const files = ['Season 01/e1.mkv', 'Season 01/e2.mkv', 'Season 02/e1.mkv', 'poster.jpg']
  const contents = new Map(files.map(f => [f, randomBytes(300_000 + f.length)]))
  for (const [f, d] of contents) {
    mkdirSync(join(show, f, '..'), { recursive: true })
    writeFileSync(join(show, f), d)
  }
  // Killed while copying the third file: a partial copy sits under a temp name in the destination.
  const { r, entry } = crashAt(show, join(dir, 'b/Show'), 'fsync-temp#3', join(dir, 'log.json'))
  t.equal(r.signal, 'SIGKILL')
  t.ok(readdirSync(join(dir, 'b/Show/Season 02')).some(n => n.endsWith('.msmcp.tmp')), 'the crash left a partial copy')
  const progress: number[] = []
  const done = await resumeMove(entry(), { forceCopy: true, onProgress: p => progress.push(p.filesDone) })
  t.same(done.conflicts, [])
  t.equal(done.files, 4)
  t.same(progress, [0, 1, 2, 3, 4])
  for (const [f, d] of contents) t.same(readFileSync(join(dir, 'b/Show', f)), d, `${f} is whole at the destination`)
  t.notOk(existsSync(show), 'the emptied source folders are gone')
  t.same(readdirSync(join(dir, 'b/Show'), { recursive: true }).map(String).filter(n => n.includes('.msmcp.tmp')), [], 'no partial copy left')
})

t.test('different content at both places is left alone and reported', async t => {
  const dir = scratch(t)
  mkdirSync(join(dir, 'a/Pack'))
  mkdirSync(join(dir, 'b/Pack'))
  writeFileSync(join(dir, 'a/Pack/one.mkv'), 'mine')
  writeFileSync(join(dir, 'b/Pack/one.mkv'), 'someone else\'s')
  writeFileSync(join(dir, 'a/Pack/two.mkv'), 'two')
  const entry: MoveEntry = { from: join(dir, 'a/Pack'), to: join(dir, 'b/Pack'), kind: 'tree', files: ['one.mkv', 'two.mkv'] }
  const done = await resumeMove(entry, { forceCopy: true })
  t.same(done.conflicts, [{ from: join(dir, 'a/Pack/one.mkv'), to: join(dir, 'b/Pack/one.mkv') }])
  t.equal(readFileSync(join(dir, 'a/Pack/one.mkv'), 'utf8'), 'mine', 'neither copy touched')
  t.equal(readFileSync(join(dir, 'b/Pack/one.mkv'), 'utf8'), 'someone else\'s')
  t.equal(readFileSync(join(dir, 'b/Pack/two.mkv'), 'utf8'), 'two', 'the rest moved')
  t.same(done.leftBehind, [join(dir, 'a/Pack')], 'the source folder still holding a file stays')
})

t.test('a folder rename stopped after its empty target was made: resuming renames it', async t => {
  const dir = scratch(t)
  mkdirSync(join(dir, 'a/Film'))
  writeFileSync(join(dir, 'a/Film/film.mkv'), 'film')
  mkdirSync(join(dir, 'b/Film'))
  const done = await resumeMove({ from: join(dir, 'a/Film'), to: join(dir, 'b/Film'), kind: 'dir' })
  t.equal(done.entry.kind, 'dir')
  t.equal(readFileSync(join(dir, 'b/Film/film.mkv'), 'utf8'), 'film')
  t.notOk(existsSync(join(dir, 'a/Film')))
})
