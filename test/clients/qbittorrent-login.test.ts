// The qBittorrent login against a tiny loopback WebUI answering as each version does (the real 4.5.2 and 5.x
// runs are in qbittorrent.test.ts). Sources, github.com/qbittorrent/qBittorrent:
// - src/webui/api/authcontroller.cpp loginAction: 200 "Ok."/"Fails." up to release-5.1.0; from release-5.2.0
//   (commit 0c48b70e5) success is setStatus(Ok) with no data, which webapplication.cpp sends as 204, and wrong
//   credentials throw Unauthorized (401).
// - src/webui/webapplication.cpp: cookie "SID" (release-4.5.2), renamable with WebAPI\SessionCookieName
//   (release-4.6.0 to release-5.1.0), "QBT_SID_<WebUI port>" from release-5.2.0 (commit 753fb80e9); without a
//   valid session, a non-public API answers 403 Forbidden.
import { test } from 'tap'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createQbittorrentClient } from '../../clients/qbittorrent/client.js'
import { createPathMap } from '../../core/path-map.js'
import { sessionCookie } from '../../clients/qbittorrent/wire.js'

const PASSWORD = 'login-test-password'
type HasTeardown = { teardown: (fn: () => unknown) => void }

type Flavour = {
  webapi: string
  /** Cookie name; `port` is replaced by the WebUI port. */
  cookie: string
  success: (res: ServerResponse) => void
  failure: (res: ServerResponse) => void
}

const okText = (res: ServerResponse) => { res.setHeader('content-type', 'text/plain'); res.end('Ok.') }
const FLAVOURS: Record<string, Flavour> = {
  5.2: { webapi: '2.15.1', cookie: 'QBT_SID_port', success: res => { res.statusCode = 204; res.end() }, failure: res => { res.statusCode = 401; res.end('Unauthorized') } },
  'renamed cookie (4.6–5.1)': { webapi: '2.11.2', cookie: 'mediastack_sid', success: okText, failure: res => res.end('Fails.') },
  4.5: { webapi: '2.8.19', cookie: 'SID', success: okText, failure: res => res.end('Fails.') }
}

async function fakeWebUI (t: HasTeardown, flavour: Flavour) {
  const sessionId = 'k3yQz9Ab0123456789abcdefXYZ'
  const logins: string[] = []
  let cookieName = ''
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = ''
    req.on('data', c => { body += c })
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname
      if (path === '/api/v2/auth/login') {
        const form = new URLSearchParams(body)
        logins.push(form.get('username') ?? '')
        if (form.get('username') !== 'admin' || form.get('password') !== PASSWORD) return flavour.failure(res)
        res.setHeader('set-cookie', `${cookieName}=${sessionId}; HttpOnly; SameSite=Strict; path=/; expires=Thu, 01 Jan 2099 00:00:00 GMT`)
        return flavour.success(res)
      }
      const sent = (req.headers.cookie ?? '').split(';').map(c => c.trim())
      if (!sent.includes(`${cookieName}=${sessionId}`)) { res.statusCode = 403; return res.end('Forbidden') }
      if (path === '/api/v2/app/webapiVersion') return res.end(flavour.webapi)
      if (path === '/api/v2/app/version') return res.end('v5.3.0')
      if (path === '/api/v2/torrents/info') { res.setHeader('content-type', 'application/json'); return res.end('[]') }
      res.statusCode = 404
      res.end('Not Found')
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => { server.close() })
  const port = (server.address() as AddressInfo).port
  cookieName = flavour.cookie.replace('port', String(port))
  return { url: `http://127.0.0.1:${port}`, logins, cookieName }
}

function clientOf (t: HasTeardown, url: string, password = PASSWORD) {
  const client = createQbittorrentClient({ url, username: 'admin', password, downloadsRoot: '/downloads', pathMap: createPathMap('') })
  t.teardown(() => client.close())
  return client
}

for (const [name, flavour] of Object.entries(FLAVOURS)) {
  test(`login as qBittorrent ${name} answers it: the session cookie it sets is sent back`, async t => {
    const webui = await fakeWebUI(t, flavour)
    const client = clientOf(t, webui.url)
    t.same(await client.list(), [])
    const v = await client.version()
    t.equal(v.webapi, flavour.webapi)
    t.equal(v.v5, !flavour.webapi.startsWith('2.8'))
    t.equal((await client.probe()).reachable, true)
    t.equal(webui.logins.length, 1, 'one login for all calls')
  })

  test(`a wrong password on qBittorrent ${name} names the variables and never echoes the password`, async t => {
    const webui = await fakeWebUI(t, flavour)
    const client = clientOf(t, webui.url, 'wrong-secret-password')
    const err = await client.list().catch(e => e)
    t.match(err.message, /rejected the login.*TORRENT_CLIENT_USERNAME and TORRENT_CLIENT_PASSWORD/)
    t.notMatch(err.message, /wrong-secret-password/)
  })
}

test('a login answer that is neither success nor "Fails." says what answered', async t => {
  const webui = await fakeWebUI(t, { ...FLAVOURS['5.2'], success: res => { res.end('<html>a login page</html>') } })
  const err = await clientOf(t, webui.url).list().catch(e => e)
  t.match(err.message, /rejected the login.*HTTP 200.*is TORRENT_CLIENT_URL the qBittorrent WebUI/)
})

test('sessionCookie keeps name=value pairs and drops attributes and cleared cookies', async t => {
  t.equal(sessionCookie('QBT_SID_8080=abc; HttpOnly; path=/'), 'QBT_SID_8080=abc')
  t.equal(sessionCookie(['SID=abc; path=/', 'proxy=1; Secure']), 'SID=abc; proxy=1')
  t.equal(sessionCookie('SID=; expires=Thu, 01 Jan 1970 00:00:00 GMT'), undefined)
  t.equal(sessionCookie(undefined), undefined)
})
