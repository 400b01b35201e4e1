// The NZBGet client against the real nzbget 21: content that passes our NZB check but that NZBGet cannot parse is
// answered with an id by append (nzbget v21.0 daemon/queue/Scanner.cpp AddFileToQueue 412-494: it goes straight
// to the history as FAILURE/SCAN), so the add reads the history back and says the NZB is unreadable, and the list
// shows it failed for that reason.
import { test } from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ToolError } from '../../core/errors.js'
import { freePort } from '../../core/free-port.js'
import { pathMapFor } from '../../core/path-map.js'
import { createNzbgetClient } from '../../clients/usenet/nzbget.js'
import { nzbgetUnavailable, startNzbget } from '../helpers/nzbget-daemon.js'

test('an NZB nzbget cannot read is said at the add and listed failed', { skip: await nzbgetUnavailable() }, async t => {
  const dir = mkdtempSync(join(tmpdir(), 'nzbget-client-'))
  // No article is fetched here: the news server's port only has to be one nothing listens on.
  const nzbget = await startNzbget(join(dir, 'nzbget'), await freePort())
  const client = createNzbgetClient({ url: nzbget.url, username: nzbget.username, password: nzbget.password, pathMap: pathMapFor({ PATH_MAP: '' }) })
  t.teardown(async () => {
    await client.close?.()
    await nzbget.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  const broken = Buffer.from('<?xml version="1.0"?>\n<nzb xmlns="http://www.newzbin.com/DTD/2003/nzb"><file poster="x"')
  await t.rejects(client.addNzb('Broken.Release.nzb', broken), { constructor: ToolError, message: /NZBGet could not read the NZB "Broken\.Release\.nzb": it is not a valid NZB file/ })
  const items = await client.items()
  t.match(items, [{ name: 'Broken.Release', list: 'history', state: 'failed', failure: 'nzb unreadable' }])
})
