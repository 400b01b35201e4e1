// The parts record's texts (lib/answers/parts.ts): a list's headline is said of the checked parts only, a part
// that is not configured is skipped with what would enable it (never "did not answer"), and with no part
// checked no count is said at all.
import t from 'tap'
import { enableOf, listedText, partsOfSources, PartsRecord } from '../../../lib/answers/parts.js'

const none = 'Nothing is downloading.'
const some = (n: number) => `${n} downloads.`

t.test('listedText: whole only when every part was checked', async t => {
  t.equal(listedText({ count: 0, parts: new PartsRecord().checked('A').checked('B').parts, none, some }), 'Nothing is downloading.')
  t.equal(listedText({ count: 2, parts: new PartsRecord().checked('A').unknown('B', 'B is unreachable.').parts, none, some }),
    '2 downloads (in A). Unknown, did not answer: B (B is unreachable).')
  t.equal(listedText({ count: 0, parts: new PartsRecord().checked('A').skipped('C', 'not configured', 'set C_URL').parts, none, some }),
    'Nothing is downloading (in A). Not checked: C (not configured; to check it: set C_URL).')
  t.equal(listedText({ count: 0, parts: new PartsRecord().unknown('B', 'down').parts, none, some }), 'Unknown: no source answered. Unknown, did not answer: B (down).')
})

t.test('partsOfSources: not configured is skipped with the variable to set', async t => {
  const parts = partsOfSources({
    answered: [{ source: 'A' }],
    missing: [{ source: 'B', reason: 'Sonarr is unreachable.' }],
    unconfigured: [{ source: 'C', reason: 'Radarr is not configured: set MOVIE_MANAGER_API_KEY (see .env.example) and restart.' }]
  })
  t.same(parts, [
    { part: 'A', state: 'checked' },
    { part: 'C', state: 'skipped', why: 'not configured', enable: 'set MOVIE_MANAGER_API_KEY (see .env.example) and restart' },
    { part: 'B', state: 'unknown', why: 'Sonarr is unreachable' }
  ])
  t.equal(enableOf('something else'), 'something else')
})
