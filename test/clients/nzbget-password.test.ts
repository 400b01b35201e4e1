// Issue 34 #12: NZBGet signs in with a user name and password (ControlUsername/ControlPassword, HTTP Basic;
// daemon/remote/WebServer.cpp v21.0 142, 262-283), so a wrong pair reads "rejected the user name or password",
// not "rejected the API key". Against the real nzbget 21.
import { test } from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createNzbgetClient } from '../../clients/usenet/nzbget.js'
import { createPathMap } from '../../core/path-map.js'
import { freePort } from '../../core/free-port.js'
import { nzbgetUnavailable, startNzbget } from '../helpers/nzbget-daemon.js'

const skip = await nzbgetUnavailable()

test('a wrong NZBGet password reads as a rejected user name or password', { skip }, async t => {
  const dir = mkdtempSync(join(tmpdir(), 'nzbget-password-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const nzbget = await startNzbget(join(dir, 'nzbget'), await freePort())
  t.teardown(() => nzbget.stop())
  const client = createNzbgetClient({ url: nzbget.url, username: nzbget.username, password: 'not-the-password', pathMap: createPathMap('') })
  t.teardown(() => client.close?.())
  await t.rejects(client.items(), { message: 'NZBGet rejected the user name or password: check USENET_CLIENT_USERNAME and USENET_CLIENT_PASSWORD (its ControlUsername and ControlPassword).', code: 'unauthorized' })
  t.notMatch((await client.probe()).error ?? '', /API key/)
})
