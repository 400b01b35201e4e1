// Finding 12.12: the approval passphrase cannot be brute-forced by opening a new approval request every
// 5 guesses or by registering new clients: failures back off per client and globally, and a passphrase
// shorter than 16 characters is refused at startup with one clear line.
import t from 'tap'
import { buildConfig, ConfigError } from '../../config.js'
import { buildTestApp } from '../helpers/build.js'
import { authorizePath, pkcePair, registerClient } from '../helpers/oauth-client.js'

const PASSPHRASE = 'correct horse battery staple'

async function openRequest (app: any, client: any) {
  const page = await app.inject({ url: authorizePath(client, { challenge: pkcePair().challenge, method: 'S256' }) })
  return { requestId: /name="request_id" value="([^"]+)"/.exec(page.body)![1], cookie: String(page.headers['set-cookie']).split(';')[0] }
}

const guess = (app: any, req: { requestId: string, cookie: string }, passphrase: string) => app.inject({
  method: 'POST',
  url: '/authorize',
  payload: new URLSearchParams({ request_id: req.requestId, passphrase }).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: req.cookie }
})

t.test('a short passphrase is refused at startup', async t => {
  const err = t.throws(() => buildConfig({ OAUTH_APPROVAL_PASSPHRASE: 'hunter2hunter2' })) as ConfigError
  t.ok(err instanceof ConfigError)
  t.match(err.message, /OAUTH_APPROVAL_PASSPHRASE: too short \(14 characters\); use at least 16/)
  t.notMatch(err.message, /hunter2/, 'the passphrase itself is not shown')
  t.doesNotThrow(() => buildConfig({ OAUTH_APPROVAL_PASSPHRASE: 'x'.repeat(16) }))
  t.doesNotThrow(() => buildConfig({ OAUTH_APPROVAL_PASSPHRASE: '' }), 'unset stays allowed (automatic approval, warned)')
})

t.test('starting a new approval request does not reset the count: the client backs off', async t => {
  let now = Date.now()
  const { app } = await buildTestApp(t, { config: { OAUTH_APPROVAL_PASSPHRASE: PASSPHRASE }, build: { plugins: { oauth: { now: () => now } } } })
  const client = await registerClient(app)
  for (let i = 0; i < 5; i++) {
    const req = await openRequest(app, client)
    t.equal((await guess(app, req, `wrong-${i}`)).statusCode, 401)
  }
  const next = await openRequest(app, client)
  const held = await guess(app, next, PASSPHRASE)
  t.equal(held.statusCode, 429, 'even the right passphrase waits: nothing is checked during the backoff')
  t.match(held.body, /Too many wrong passphrases\. Wait \d+ s/)
  t.ok(Number(held.headers['retry-after']) >= 1)
  now += 3_000
  t.equal((await guess(app, next, PASSPHRASE)).statusCode, 302, 'after the wait the owner gets in')
})

t.test('new clients do not escape: a global backoff follows many failures', async t => {
  const now = Date.now()
  const { app } = await buildTestApp(t, { config: { OAUTH_APPROVAL_PASSPHRASE: PASSPHRASE }, build: { plugins: { oauth: { now: () => now } } } })
  for (let c = 0; c < 4; c++) {
    const client = await registerClient(app)
    for (let i = 0; i < 5; i++) t.equal((await guess(app, await openRequest(app, client), 'wrong')).statusCode, 401)
  }
  const fresh = await openRequest(app, await registerClient(app))
  t.equal((await guess(app, fresh, 'wrong')).statusCode, 429, 'a fresh client waits too')
})
