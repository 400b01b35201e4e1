// qBittorrent torrent states → the coarse phase every tool shows. The names are those qBittorrent serializes
// (src/webui/api/serialize/serialize_torrent.cpp, release-4.5.2 and release-5.2.0).
import { test } from 'tap'
import { phaseOf } from '../../clients/qbittorrent/types.js'

test('active seeding states are seeding on both majors, never "completed"', async t => {
  for (const state of ['uploading', 'stalledUP', 'queuedUP', 'forcedUP']) t.equal(phaseOf(state), 'seeding', state)
})

test('a finished torrent that was stopped is completed: pausedUP (4.x) and stoppedUP (5.x) alike', async t => {
  t.equal(phaseOf('pausedUP'), 'completed')
  t.equal(phaseOf('stoppedUP'), 'completed')
})

test('4.x paused and 5.x stopped downloads are both paused; the other states keep their phase', async t => {
  t.equal(phaseOf('pausedDL'), 'paused')
  t.equal(phaseOf('stoppedDL'), 'paused')
  for (const state of ['downloading', 'stalledDL', 'metaDL', 'forcedDL', 'forcedMetaDL']) t.equal(phaseOf(state), 'downloading', state)
  t.equal(phaseOf('queuedDL'), 'queued')
  for (const state of ['checkingDL', 'checkingUP', 'checkingResumeData', 'moving']) t.equal(phaseOf(state), 'checking', state)
  t.equal(phaseOf('missingFiles'), 'error')
  t.equal(phaseOf('unknown'), 'other')
})
