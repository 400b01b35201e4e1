// Splitting replies for Telegram's 4096-character limit and the job notice texts.
import t from 'tap'
import { MAX_MESSAGE_CHARS, splitMessage } from '../../bot/replies.js'
import { describe } from '../../bot/job-watcher.js'

t.test('splitMessage', async t => {
  t.same(splitMessage('  short  '), ['short'])
  t.same(splitMessage(''), [])
  const words = 'word '.repeat(2000).trim()
  const parts = splitMessage(words)
  t.ok(parts.every(p => p.length <= MAX_MESSAGE_CHARS && !p.startsWith(' ') && !p.endsWith(' ')))
  t.equal(parts.join(' '), words, 'split at spaces, nothing lost')
  const lines = Array.from({ length: 300 }, (_, i) => `line ${i} ${'x'.repeat(20)}`).join('\n')
  t.ok(splitMessage(lines).every(p => /^line \d+ x+$/m.test(p.split('\n')[0])), 'split at line breaks')
  t.equal(splitMessage(lines).join('\n'), lines)
  // No break anywhere, and an emoji (two UTF-16 units) right at the limit: never cut in half.
  const solid = 'a'.repeat(MAX_MESSAGE_CHARS - 1) + '🎬' + 'b'.repeat(10)
  const cut = splitMessage(solid)
  t.equal(cut.join(''), solid)
  t.ok(cut.every(p => p.length <= MAX_MESSAGE_CHARS))
  t.notOk(cut.some(p => /[\ud800-\udbff]$/.test(p)), 'no lone high surrogate at a cut')
})

t.test('job notices', async t => {
  t.equal(describe({ status: 'succeeded', description: 'Move A', message: 'Moved 3 files', result: { moved: 3 } }), '✅ Finished: Move A\nMoved 3 files\nResult: {"moved":3}')
  t.equal(describe({ status: 'failed', description: 'Move A', message: 'Failed', error: 'Disk full' }), '❌ Failed: Move A\nDisk full')
  t.equal(describe({ status: 'cancelled', description: 'Move A', message: 'Cancelled by request' }), '⏹ Cancelled: Move A\nCancelled by request')
  t.match(describe({ status: 'interrupted', description: 'Move A', message: 'The server restarted' }), /^⚠️ Interrupted: Move A/)
  const huge = describe({ status: 'succeeded', description: 'x', message: 'y', result: { list: 'z'.repeat(5000) } })
  t.ok(huge.length < 1700, 'a large result is clipped')
})
