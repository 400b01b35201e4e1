// lib/effects: an effect reads as what the next look finds, not as what the request answered (issue 34 item 9).
import t from 'tap'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ask, verifiedRecord, verifyEffects, type HeldNow } from '../../../lib/effects/effects.js'
import { deletedPart, effectsTail } from '../../../lib/effects/effects-text.js'
import { nextCall } from '../../../lib/answers/next-calls.js'

const dir = mkdtempSync(join(tmpdir(), 'effects-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))
const folder = (name: string, files: number) => {
  const abs = join(dir, name)
  mkdirSync(abs, { recursive: true })
  for (let i = 0; i < files; i++) writeFileSync(join(abs, `f${i}.mkv`), Buffer.alloc(1024))
  return { abs, shown: `downloads/${name}`, files, bytes: files * 1024 }
}
const held = (present: string[], unread: string[] = []): () => Promise<HeldNow> => async () => ({ present: new Set(present), unread: id => unread.includes(id) })
const lost = () => { throw new Error('socket hang up') }

t.test('a request whose answer was lost, after the backend did it all, reads as done', async t => {
  const data = folder('a', 2)
  const asked = await ask({ id: 'torrent:a', title: 'A', service: 'qBittorrent', data }, async () => { rmSync(data.abs, { recursive: true }); lost() }, () => 'qBittorrent did not answer (timed out)')
  t.equal(asked.error, 'qBittorrent did not answer (timed out)', 'the error is kept, not thrown')
  const [c] = await verifyEffects([asked], held([]))
  t.equal(c!.outcome, 'done')
  t.match(deletedPart([c!]), ' and deleted its data (2 files (2.0 KiB))')
  t.same(effectsTail([c!], []).failed, [], 'not "could not be removed"')
})

t.test('a client that died after deleting: its data gone reads as done though its queue cannot be read', async t => {
  const data = folder('b', 1)
  const asked = await ask({ id: 'usenet:7', title: 'B', service: 'NZBGet', data }, async () => { rmSync(data.abs, { recursive: true }); lost() }, () => 'NZBGet is unreachable')
  const [c] = await verifyEffects([asked], async () => { throw new Error('ECONNREFUSED') })
  t.equal(c!.backend, 'unknown')
  t.equal(c!.outcome, 'done')
})

t.test('a "yes" with the data still on disk: data left, with the call that deletes it', async t => {
  const data = folder('c', 2)
  const [c] = await verifyEffects([await ask({ id: 'series:3', title: 'C', service: 'the series manager', data }, async () => {}, String)], held([]))
  t.equal(c!.outcome, 'dataLeft')
  const tail = effectsTail([c!], [])
  t.match(tail.text, 'Asked the series manager to delete the data of "C" (series:3), but 2 files (2.0 KiB) are still in "downloads/c".')
  t.same(tail.next.map(n => n.arguments), [{ action: 'delete', paths: ['downloads/c'] }])
  t.same(verifiedRecord([c!]), { gone: [], stillThere: [{ path: 'downloads/c', files: 2, bytes: 2048 }], notDone: [], unknown: [] })
  t.equal(deletedPart([c!]), '', 'no deletion claimed')
})

t.test('a refusal with the item still held: not done, with the backend\'s words; unreadable and errored: unknown', async t => {
  const refused = await ask({ id: 'torrent:d', title: 'D', service: 'Deluge' }, async () => { throw new Error('no') }, () => 'Deluge refused it')
  const unsure = await ask({ id: 'torrent:e', title: 'E', service: 'Deluge' }, lost, () => 'Deluge did not answer')
  const checked = await verifyEffects([refused, unsure], held(['torrent:d'], ['torrent:e']))
  t.same(checked.map(c => c.outcome), ['notDone', 'unknown'])
  const list = nextCall('cancel_downloads', { action: 'list' }, 'see the downloads as they are now')
  const tail = effectsTail(checked, [list])
  t.same(tail.failed.map(f => f.id), ['torrent:d', 'torrent:e'])
  t.equal(tail.failed[0]!.error, 'Deluge refused it')
  t.match(tail.failed[1]!.error, /whether it was removed is unknown \(the request ended with: Deluge did not answer\)/)
  t.match(tail.text, 'Whether "E" (torrent:e) was removed is unknown')
  t.match(tail.failed[1]!.error, 'Look again: cancel_downloads {"action":"list"}.')
  t.same(tail.next, [list], 'the call that looks again travels as next when an effect is unknown')
})
