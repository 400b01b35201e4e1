import t from 'tap'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { walk, type WalkEntry } from '../../../lib/library/walk.js'
import { scanTree } from '../../../lib/library/find-scan.js'

t.test('find-based scan and in-process walk see the same entries, odd names included', async t => {
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-walk-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  for (const rel of ['a/b/c.mkv', 'a/tab\there.srt', 'a/new\nline.mkv', 'ünï cödé/x.mp4', 'z.txt']) {
    mkdirSync(join(dir, rel, '..'), { recursive: true })
    writeFileSync(join(dir, rel), rel)
  }
  symlinkSync('/etc/passwd', join(dir, 'a/link'))
  const key = (e: WalkEntry) => `${e.kind}|${e.depth}|${e.size}|${e.path}`
  const walked: string[] = []
  await walk(dir, e => { walked.push(key(e)) })
  const scanned: string[] = []
  await scanTree(dir, e => { scanned.push(key(e)) })
  t.same([...scanned].sort(), [...walked].sort())
  t.ok(walked.some(k => k.startsWith('symlink|2|0|')), 'symlinks are reported, never followed')
  t.same(walked.filter(k => k.startsWith('file')).length, 5)

  const again: string[] = []
  await walk(dir, e => { again.push(key(e)) })
  t.same(again, walked, 'walk order is stable (paging relies on it)')
  t.equal(walked[0].split('|')[3], join(dir, 'a'), 'a folder comes before its contents')
})
