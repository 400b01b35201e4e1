// Issue 35 item 11: no state file's writer leaves a `*.tmp-<pid>` file behind: a failed write removes its temp
// file, and temp files a crashed run left beside the same file are removed at the next run's first write.
import t from 'tap'
import { mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { writeJsonAtomic } from '../../../lib/fs/atomic-json.js'
import { tempDir } from '../../helpers/temp-dir.js'

const stateDir = (t: Parameters<typeof tempDir>[0]) => tempDir(t, 'msmcp-atomic-')

t.test('a write that fails leaves no temp file', async t => {
  const dir = stateDir(t)
  // The rename cannot replace a folder that holds something.
  mkdirSync(join(dir, 'keeps.json'))
  writeFileSync(join(dir, 'keeps.json', 'x'), '')
  await t.rejects(writeJsonAtomic(join(dir, 'keeps.json'), { keeps: [] }))
  t.same(readdirSync(dir), ['keeps.json'])
})

t.test('temp files a crashed run left are removed at the first write; a fresh one of another process stays', async t => {
  const dir = stateDir(t)
  const file = join(dir, 'stuck-notices.json')
  const old = Date.now() / 1000 - 3600
  for (const name of ['stuck-notices.json.tmp-999999', 'stuck-notices.json.tmp-999998-abcd1234']) {
    writeFileSync(join(dir, name), '{"torn')
    utimesSync(join(dir, name), old, old)
  }
  writeFileSync(join(dir, 'stuck-notices.json.tmp-999997-live0001'), '{')
  writeFileSync(join(dir, 'other.json.tmp-999999'), '{')
  utimesSync(join(dir, 'other.json.tmp-999999'), old, old)
  await writeJsonAtomic(file, { a: ['b'] })
  t.same(JSON.parse(readFileSync(file, 'utf8')), { a: ['b'] })
  t.same(readdirSync(dir).sort(), ['other.json.tmp-999999', 'stuck-notices.json', 'stuck-notices.json.tmp-999997-live0001'],
    'the crashed run\'s temp files of this file are gone; another file\'s are its own writer\'s to sweep')
})
