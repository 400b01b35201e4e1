// Finding 12.1: remembered consent must belong to the owner's browser. Knowing an approved public
// client's client_id (it shows in /authorize URLs) must not let another browser, with its own PKCE pair,
// get a code without the passphrase; and client ids are not logged at info.
import t from 'tap'
import { Writable } from 'node:stream'
import { buildTestApp } from '../helpers/build.js'
import { authorizePath, pkcePair, registerClient } from '../helpers/oauth-client.js'

const PASSPHRASE = 'correct horse battery staple'

function capture () {
  const lines: string[] = []
  const stream = new Writable({ write (chunk, _enc, done) { lines.push(String(chunk)); done() } })
  return { lines, logger: { level: 'info', stream } }
}

async function approveOnce (app: any, client: any) {
  const { challenge } = pkcePair()
  const page = await app.inject({ url: authorizePath(client, { challenge, method: 'S256', scope: 'mcp setup' }) })
  const requestId = /name="request_id" value="([^"]+)"/.exec(page.body)![1]
  const approvalCookie = String(page.headers['set-cookie']).split(';')[0]
  const res = await app.inject({
    method: 'POST',
    url: '/authorize',
    payload: new URLSearchParams({ request_id: requestId, passphrase: PASSPHRASE }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: approvalCookie }
  })
  t.equal(res.statusCode, 302, 'the owner approved with the passphrase')
  return ([] as string[]).concat(res.headers['set-cookie'] as string[]).find(c => c.startsWith('msmcp_owner_'))!.split(';')[0]
}

t.test('a stranger who learned an approved client_id is asked for the passphrase', async t => {
  const log = capture()
  const { app } = await buildTestApp(t, { config: { OAUTH_APPROVAL_PASSPHRASE: PASSPHRASE }, build: { logger: log.logger } })
  const client = await registerClient(app)
  const ownerCookie = await approveOnce(app, client)

  const stranger = pkcePair()
  const attempt = await app.inject({ url: authorizePath(client, { challenge: stranger.challenge, method: 'S256', scope: 'mcp setup' }) })
  t.equal(attempt.statusCode, 200, 'the approval page, not a code')
  t.notOk(attempt.headers.location, 'no redirect carrying a code')
  t.match(attempt.body, /Approval passphrase/)

  const forged = await app.inject({ url: authorizePath(client, { challenge: stranger.challenge, method: 'S256' }), headers: { cookie: `${ownerCookie.split('=')[0]}=guessed` } })
  t.equal(forged.statusCode, 200, 'a forged owner cookie is asked again')

  const owner = await app.inject({ url: authorizePath(client, { challenge: stranger.challenge, method: 'S256', scope: 'mcp setup' }), headers: { cookie: ownerCookie } })
  t.equal(owner.statusCode, 302, 'the owner\'s browser signs in without the passphrase')
  t.ok(new URL(String(owner.headers.location)).searchParams.get('code'))

  const infoLines = log.lines.filter(l => JSON.parse(l).level <= 30)
  t.notOk(infoLines.some(l => l.includes(client.client_id)), 'the client_id is never logged at info or below')
})

t.test('over https the owner cookie is a Secure __Host- cookie', async t => {
  const { app } = await buildTestApp(t, { config: { OAUTH_APPROVAL_PASSPHRASE: PASSPHRASE, PUBLIC_URL: 'https://media.example.com', ALLOWED_HOSTS: 'localhost' } })
  const client = await registerClient(app)
  const { challenge } = pkcePair()
  const page = await app.inject({ url: authorizePath(client, { challenge, method: 'S256' }) })
  const requestId = /name="request_id" value="([^"]+)"/.exec(page.body)![1]
  const res = await app.inject({
    method: 'POST',
    url: '/authorize',
    payload: new URLSearchParams({ request_id: requestId, passphrase: PASSPHRASE }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: String(page.headers['set-cookie']).split(';')[0] }
  })
  const owner = ([] as string[]).concat(res.headers['set-cookie'] as string[]).find(c => c.startsWith('__Host-msmcp_owner_'))
  t.match(owner, /; Path=\/; .*HttpOnly; SameSite=Strict; Secure$/)
})
