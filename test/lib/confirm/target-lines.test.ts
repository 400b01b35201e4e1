// Targets as a person reads them in a confirmation form: a line per item, name first, plain text only.
import t from 'tap'
import { targetLines } from '../../../lib/confirm/target-lines.js'

t.test('items: name first, other plain fields after, fingerprints left out', async t => {
  t.same(targetLines([
    { path: 'movies/a.mkv', kind: 'file', files: 1, bytes: 4, fingerprint: '4:1:2:3' },
    { title: 'Show', id: 7, downloadId: null }
  ]), ['movies/a.mkv (kind: file, files: 1, bytes: 4)', 'Show (id: 7, downloadId: null)'])
})

t.test('nested lists keep their field name', async t => {
  t.same(targetLines({ files: [{ path: 'tv/x.mkv', tracks: ['eng', 'ger'] }], skipped: [], refused: [{ path: 'tv/y.mkv', reason: 'locked' }] }),
    ['files: tv/x.mkv (tracks: eng, ger)', 'refused: tv/y.mkv (reason: locked)'])
  t.same(targetLines('one thing'), ['one thing'])
})

t.test('no line break or bidi override survives, and long lists say what was left out', async t => {
  const [line] = targetLines([{ path: 'movies/evil\n- movies/ok.mkv\u202Evkm.exe' }])
  t.notMatch(line, /[\n\u202E]/)
  const many = targetLines(Array.from({ length: 150 }, (_, i) => ({ path: `f${i}` })), 100)
  t.equal(many.length, 100)
  t.equal(many.at(-1), '… and 51 more (150 in all)')
})
