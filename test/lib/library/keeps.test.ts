// Issue 35 item 11: a keeps.json edited by hand (as docs/notices.md tells owners to) or damaged never drops a
// keep silently. What matters (who, which title) is read; the rest is optional and stays in the file; a keep
// whose person or title cannot be read stops the store (and so the watched cleanup), naming the file.
import t from 'tap'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createKeepStore, keptFor, titleKey } from '../../../lib/library/keeps.js'
import { tempDir } from '../../helpers/temp-dir.js'

const stateDir = (t: Parameters<typeof tempDir>[0]) => tempDir(t, 'msmcp-keeps-')

t.test('keeps written by hand are read: a bare list, no why, a date as epoch seconds or milliseconds, a title without key', async t => {
  const dir = stateDir(t)
  writeFileSync(join(dir, 'keeps.json'), JSON.stringify([
    { key: 'Radarr:movie:12', title: 'Heat', person: 'alice', at: '2026-11-20T10:00:00.000Z' },
    { key: 'Radarr:movie:13', title: 'Ronin', person: 'bob', why: 'film night', at: 1_764_000_000 },
    { key: 'Sonarr:series:4', title: 'Harbor Lights', person: 'carol', at: 1_764_000_000_000, note: 'mine' },
    { title: 'Bright Garden', person: 'dave' }
  ]))
  const store = createKeepStore(dir)
  const all = await store.all()
  t.equal(all.length, 4, 'no keep is dropped')
  t.match(all[0], { person: 'alice', why: '' }, 'a keep without its why is a keep')
  t.match(all[1], { person: 'bob', why: 'film night', at: '2025-11-24T16:00:00.000Z' }, 'epoch seconds become a date')
  t.match(all[2], { at: '2025-11-24T16:00:00.000Z', note: 'mine' }, 'epoch milliseconds too; unknown fields stay')
  t.match(all[3], { key: titleKey('Bright Garden'), title: 'Bright Garden', at: '' })
  const byKey = await store.byKey()
  t.same(keptFor(byKey, { key: 'Radarr:movie:99', title: 'bright garden' })?.map(k => k.person), ['dave'], 'a keep naming only a title holds back every title of that name')
  t.same(keptFor(byKey, { key: 'Radarr:movie:12', title: 'Heat' })?.map(k => k.person), ['alice'])
  t.equal(keptFor(byKey, { key: 'Radarr:movie:7', title: 'Other' }), undefined)

  // A change keeps every keep read, in the server's own shape, with the unknown fields.
  await store.keep({ key: 'Radarr:movie:14', title: 'Collateral', person: 'alice', why: '' })
  const written = JSON.parse(readFileSync(join(dir, 'keeps.json'), 'utf8'))
  t.equal(written.keeps.length, 5)
  t.match(written.keeps[2], { note: 'mine', at: '2025-11-24T16:00:00.000Z' })
})

t.test('a keep that names no person or no title, or a file of another shape, stops the store naming the file', async t => {
  const dir = stateDir(t)
  const file = join(dir, 'keeps.json')
  const store = createKeepStore(dir)
  for (const [content, why] of [
    [{ version: 1, keeps: [{ key: 'Radarr:movie:12', title: 'Heat', person: 'alice', why: '', at: '' }, { key: 'Radarr:movie:13', title: 'Ronin' }], links: [] }, /keep number 2 names no person/],
    [[{ person: 'alice', why: 'x' }], /keep number 1 names no title/],
    [[null], /keep number 1 is not an object/],
    [{ keeps: { 'Radarr:movie:12': 'alice' } }, /"keeps" is not a list/],
    ['keeps', /not a JSON object or list of keeps/]
  ] as const) {
    writeFileSync(file, JSON.stringify(content))
    await t.rejects(store.byKey(), { message: why }, JSON.stringify(content))
    await t.rejects(store.byKey(), { message: new RegExp(`Cannot read ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}.*the watched cleanup waits`) })
    await t.rejects(store.keep({ key: 'Radarr:movie:1', title: 'A', person: 'bob', why: '' }), { message: why }, 'and nothing is written over it')
    t.same(JSON.parse(readFileSync(file, 'utf8')), content, 'the file is left as it was')
  }
  writeFileSync(file, '[]')
  t.same(await store.all(), [], 'an empty list is an empty list')
})
