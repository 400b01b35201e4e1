// The compact text of a tool's data (lib/tools/result-text.ts): a list of rows is one table, a value every row
// shares is said once, and a value that could be misread (the separator, a line break, empty) is quoted.
import t from 'tap'
import { renderData } from '../../../lib/tools/result-text.js'

t.test('rows become a table; shared columns are written once', async t => {
  const text = renderData({
    view: 'library',
    items: [
      { kind: 'movie', movieId: 1, title: 'Heat', hasFile: true },
      { kind: 'movie', movieId: 2, title: 'Ran', hasFile: false, fileQuality: 'Bluray-1080p' }
    ],
    total: 2,
    hasMore: false
  })
  t.equal(text, [
    'view: library',
    'items (2 rows):',
    '  kind (every row): movie',
    'movieId|title|hasFile|fileQuality',
    '1|Heat|true|',
    '2|Ran|false|Bluray-1080p',
    'total: 2',
    'hasMore: false'
  ].join('\n'))
})

t.test('a value that could be misread is quoted; structures are JSON', async t => {
  const text = renderData({
    items: [{ title: 'A | B', note: 'line\nbreak', empty: '', ids: [1, 2] }, { title: '"quoted"', note: ' padded', empty: 'x', ids: [] }],
    idUsed: { value: 3, type: 'movieId' }
  })
  t.match(text, '"A | B"|"line\\nbreak"|""|[1,2]')
  t.match(text, '"\\"quoted\\""|" padded"|x|[]')
  t.match(text, 'idUsed: {"value":3,"type":"movieId"}')
  t.notMatch(text, /\nbreak/, 'a title cannot start a line of its own')
})

t.test('one row keeps every column; an empty list says so', async t => {
  t.equal(renderData({ items: [{ kind: 'movie', movieId: 1 }] }), 'items (1 row):\nkind|movieId\nmovie|1')
  t.equal(renderData({ items: [], total: 0 }), 'items: []\ntotal: 0')
})
