// A person behind every sign-in: with NOTIFY_PEOPLE naming people, the approval page asks who is signing in (even
// where approval is otherwise automatic), the token carries the answer through refresh, and what a person may do
// follows: the owner everything, a person nothing that deletes, a `readonly` person the read-only tools only.
import t from 'tap'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { buildTestApp } from '../../helpers/build.js'
import { authorizePath, oauthLogin, pkcePair, refreshTokens, registerClient } from '../../helpers/oauth-client.js'
import { toolContext } from '../../helpers/sim-app.js'
import { errorText } from '../../helpers/results.js'
import type { Principal } from '../../../core/principal.js'

const PEOPLE = 'alice=telegram:111 bob=telegram:222,readonly'
const PASSPHRASE = 'correct horse battery staple'

async function principalOf (app: Awaited<ReturnType<typeof buildTestApp>>['app'], token: string): Promise<Principal | undefined> {
  const probe = { headers: { authorization: `Bearer ${token}` }, query: {} } as unknown as FastifyRequest
  let refused = false
  await app.authenticate(probe, { code: () => { refused = true; return { header: () => ({ send: () => undefined }), send: () => undefined } } } as unknown as FastifyReply)
  return refused ? undefined : probe.principal
}

t.test('the approval page asks who is signing in, even where approval is automatic; the token carries the person through refresh', async t => {
  const { app } = await buildTestApp(t, { config: { NOTIFY_PEOPLE: PEOPLE, NOTIFY_URLS: 'alice=json://127.0.0.1:9 bob=json://127.0.0.1:9' } })
  const client = await registerClient(app)
  const { challenge } = pkcePair()
  const page = await app.inject({ url: authorizePath(client, { challenge, method: 'S256' }) })
  t.equal(page.statusCode, 200, 'a page, not a code')
  t.match(page.body, /Who is signing in\?/)
  for (const name of ['alice', 'bob', 'owner']) t.match(page.body, new RegExp(`name="person" value="${name}"`), name)
  t.notMatch(page.body, /type="password"/, 'no passphrase is set: none is asked')
  await t.rejects(oauthLogin(app, { client }), /Choose who is signing in/, 'a sign-in must say whom it is for')

  const alice = await oauthLogin(app, { client, person: 'alice' })
  t.same((await principalOf(app, alice.tokens.access_token))?.person, { name: 'alice', owner: false, readOnly: false })
  const refreshed = await refreshTokens(app, client, alice.tokens.refresh_token!)
  t.equal(refreshed.statusCode, 200)
  t.same((await principalOf(app, refreshed.json().access_token))?.person?.name, 'alice', 'refresh keeps the person')
  const owner = await oauthLogin(app, { client, person: 'owner' })
  t.same((await principalOf(app, owner.tokens.access_token))?.person, { name: 'owner', owner: true, readOnly: false })
})

t.test('with a passphrase, every choice needs it once per browser; only the owner gets the setup scope', async t => {
  const { app } = await buildTestApp(t, { config: { NOTIFY_PEOPLE: `${PEOPLE} carol=telegram:333,owner`, NOTIFY_URLS: 'alice=json://127.0.0.1:9 bob=json://127.0.0.1:9 carol=json://127.0.0.1:9', OAUTH_APPROVAL_PASSPHRASE: PASSPHRASE } })
  await t.rejects(oauthLogin(app, { person: 'alice' }), /Wrong passphrase/, 'a stranger cannot sign in as a household member')
  const alice = await oauthLogin(app, { person: 'alice', passphrase: PASSPHRASE, scope: 'mcp setup' })
  t.equal(alice.tokens.scope, 'mcp', 'a person other than the owner never gets setup')
  const carol = await oauthLogin(app, { person: 'carol', passphrase: PASSPHRASE, scope: 'mcp setup' })
  t.equal(carol.tokens.scope, 'mcp setup', 'the person marked owner is the owner')
  t.same((await principalOf(app, carol.tokens.access_token))?.person?.owner, true)
  const page = await app.inject({ url: authorizePath(await registerClient(app), { challenge: pkcePair().challenge, method: 'S256' }) })
  t.notMatch(page.body, /value="owner"/, 'a person is marked owner: no separate owner choice')
})

t.test('a browser that approved the client skips the passphrase for a person, never for the owner', async t => {
  const { app } = await buildTestApp(t, { config: { NOTIFY_PEOPLE: PEOPLE, NOTIFY_URLS: 'alice=json://127.0.0.1:9 bob=json://127.0.0.1:9', OAUTH_APPROVAL_PASSPHRASE: PASSPHRASE } })
  const client = await registerClient(app)
  const cookieOf = (res: { headers: Record<string, unknown> }) => ([res.headers['set-cookie']].flat() as string[]).map(c => c.split(';')[0]).filter(c => !c.endsWith('='))
  const submit = async (ownerCookies: string[], fields: Record<string, string>) => {
    const page = await app.inject({ url: authorizePath(client, { challenge: pkcePair().challenge, method: 'S256' }), headers: { cookie: ownerCookies.join('; ') } })
    const requestId = /name="request_id" value="([^"]+)"/.exec(page.body)?.[1] ?? ''
    const res = await app.inject({ method: 'POST', url: '/authorize', payload: new URLSearchParams({ request_id: requestId, ...fields }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.config.PUBLIC_URL, cookie: [...ownerCookies, ...cookieOf(page)].join('; ') } })
    return { page, res }
  }
  const first = await submit([], { person: 'alice', passphrase: PASSPHRASE })
  t.equal(first.res.statusCode, 302, 'alice signs in with the passphrase')
  const remembered = cookieOf(first.res)
  t.ok(remembered.length > 0, 'this browser is remembered for the client')

  const again = await submit(remembered, { person: 'bob' })
  t.match(again.page.body, /only to sign in as the owner/, 'the remembered browser is told when the passphrase is still needed')
  t.equal(again.res.statusCode, 302, 'a person signs in again without the passphrase in the same browser')
  const asOwner = await submit(remembered, { person: 'owner' })
  t.equal(asOwner.res.statusCode, 401, 'choosing the owner in a remembered browser still needs the passphrase')
  t.match(asOwner.res.body, /Signing in as owner needs the approval passphrase/)
  const withIt = await submit(remembered, { person: 'owner', passphrase: PASSPHRASE })
  t.equal(withIt.res.statusCode, 302, 'with the passphrase the owner signs in')
})

t.test('a person cannot delete; a read-only person gets the read-only tools; the owner gets everything', async t => {
  const { app } = await buildTestApp(t, { config: { NOTIFY_PEOPLE: PEOPLE, NOTIFY_URLS: 'alice=json://127.0.0.1:9 bob=json://127.0.0.1:9' } })
  const signIn = async (person: string) => (await principalOf(app, (await oauthLogin(app, { person })).tokens.access_token))!
  const [alice, bob, owner] = [await signIn('alice'), await signIn('bob'), await signIn('owner')]
  const call = (principal: Principal, name: string, args: Record<string, unknown> = {}) => app.tools.call(name, args, toolContext({ principal }))

  t.match(errorText(await call(alice, 'cleanup_server', {})), /Only the owner can run cleanup_server .* alice is signed in as themselves/)
  t.notMatch(JSON.stringify((await call(owner, 'cleanup_server', {})).content), /Only the owner/, 'the owner is not refused')
  t.match(errorText(await call(bob, 'check_jobs', {})), /bob is signed in with the read-only tools; check_jobs changes things/)
  const read = await call(bob, 'activity_log', {})
  t.notMatch(JSON.stringify(read.content), /read-only tools/, 'a read-only tool runs for the read-only person')
  const aliceJobs = await call(alice, 'check_jobs', {})
  t.notOk(aliceJobs.isError, 'a person may use what does not delete')
})
