// The leaving-soon marks file (issue 24 item 17): a mark dated in the future would hold its title for as long as the
// date says, and a mark whose date is not a date made the whole watched category fail with "Invalid time value".
// Future marks start their window now; bad marks are dropped and named; the others go on as before.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { createLeavingSoonStore } from '../../../lib/library/leaving-soon.js'

const DAY = 86_400_000
const now = new Date('2026-11-25T12:00:00.000Z')
const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString()

t.test('future marks are re-dated to now, bad marks dropped and named, the rest reconciled', async t => {
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-leaving-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, 'leaving-soon.json')
  const mark = (title: string, markedAt: unknown) => ({ title, markedAt, lastPlayed: ago(200), bytes: 1000 })
  writeFileSync(file, JSON.stringify({
    'Radarr:movie:1': mark('Due Movie', ago(10)),
    'Radarr:movie:2': mark('Next Year', new Date(now.getTime() + 365 * DAY).toISOString()),
    'Radarr:movie:3': mark('Garbled', 'soon'),
    'Radarr:movie:4': mark('No Date', null),
    'Radarr:movie:5': 'not a mark',
    'Sonarr:series:6': { ...mark('Bad Play', ago(10)), lastPlayed: 'yesterday' }
  }))
  const candidates = [1, 2, 3, 4, 5].map(id => ({ key: `Radarr:movie:${id}`, title: `movie ${id}`, lastPlayed: ago(200), bytes: 1000 }))
    .concat([{ key: 'Sonarr:series:6', title: 'series 6', lastPlayed: ago(200), bytes: 1000 }])
  const r = await createLeavingSoonStore(dir).reconcile(candidates, 7 * DAY, now)

  t.same(r.due.map(d => d.key), ['Radarr:movie:1'], 'a good mark past its window is due, as before')
  t.same(r.redated, ['Next Year'], 'the future mark is named')
  t.same(r.waiting.map(w => [w.key, w.markedAt]), [['Radarr:movie:2', now.toISOString()]], 'it waits one window from now, not a year')
  t.same(r.invalid.sort(), ['Bad Play', 'Garbled', 'No Date', 'Radarr:movie:5'].sort(), 'each bad mark is named (by title, or key when it has none)')
  t.same(r.marked.map(m => m.key).sort(), ['Radarr:movie:3', 'Radarr:movie:4', 'Radarr:movie:5', 'Sonarr:series:6'], 'a title still due after a bad mark is marked again, from now')
  const saved = JSON.parse(readFileSync(file, 'utf8'))
  t.equal(saved['Radarr:movie:2'].markedAt, now.toISOString(), 'the re-dated mark is saved')
  t.equal(saved['Radarr:movie:3'].markedAt, now.toISOString(), 'the bad mark is replaced by a fresh one')
})
