// Where a torrent's data is: qBittorrent may report content_path absolute, missing, or (while it checks
// resume data) as a bare name relative to the save path — which must never climb out of the save path.
import t from 'tap'
import { contentPathOf } from '../../clients/qbittorrent/client.js'

t.test('content paths resolve against the save path', async t => {
  t.equal(contentPathOf({ content_path: '/downloads/tv/Show.S01', save_path: '/downloads/tv', name: 'Show.S01' }), '/downloads/tv/Show.S01')
  t.equal(contentPathOf({ save_path: '/downloads/tv', name: 'Show.S01' }), '/downloads/tv/Show.S01', 'missing: save path + name')
  t.equal(contentPathOf({ content_path: 'Show.S01', save_path: '/downloads/tv', name: 'Show.S01' }), '/downloads/tv/Show.S01', 'bare name while checking')
  t.equal(contentPathOf({ content_path: '', save_path: '/downloads', name: 'Lonely.Magnet' }), '/downloads/Lonely.Magnet', 'a magnet without metadata does not hold its whole save folder')
  t.equal(contentPathOf({ content_path: '../../etc', save_path: '/downloads/tv', name: 'x' }), '/downloads/tv/etc', 'a relative path cannot climb out')
})
