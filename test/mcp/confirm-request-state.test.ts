// The 2026-07-28 confirmation round trip on the wire (raw JSON-RPC): the question comes back as an
// input_required result whose requestState is signed and bound; a tampered or foreign state, a changed
// argument, or the state's handle used as a confirmToken is refused and deletes nothing; a repeated retry
// returns the stored outcome instead of deleting again.
import t from 'tap'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildTestApp } from '../helpers/build.js'
import { listenMcp, postMcp } from '../helpers/mcp-client.js'

const FORM = { elicitation: { form: {} } }
const ARGS = { action: 'delete', paths: ['movies/a.mkv'] }

interface Wire { result?: Record<string, any>, error?: { code: number, message: string } }

t.test('2026-07-28: the confirmation round trip', async t => {
  const { app, roots } = await buildTestApp(t)
  const url = await listenMcp(app)
  const file = join(roots.media, 'movies', 'a.mkv')
  let id = 0

  async function call (params: Record<string, unknown>, capabilities: Record<string, unknown> = FORM, bearer?: string): Promise<Wire> {
    const res = await postMcp(url, {
      jsonrpc: '2.0',
      id: ++id,
      method: 'tools/call',
      params: {
        name: 'manage_files',
        arguments: ARGS,
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
          'io.modelcontextprotocol/clientCapabilities': capabilities
        }
      }
    }, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'manage_files', ...(bearer && { authorization: `Bearer ${bearer}` }) })
    const body = res.text.startsWith('{') ? res.text : res.text.split('\n').find(l => l.startsWith('data:'))!.slice(5)
    return JSON.parse(body) as Wire
  }

  /** A fresh question for the file: its requestState. */
  async function ask (): Promise<string> {
    writeFileSync(file, 'data')
    const first = await call({})
    t.equal(first.result?.resultType, 'input_required')
    return first.result!.requestState as string
  }

  const yes = { confirm: { action: 'accept', content: { confirm: true } } }

  await t.test('the question: a form, a signed state, and no token for the model', async t => {
    writeFileSync(file, 'data')
    const first = await call({})
    const r = first.result!
    t.equal(r.resultType, 'input_required')
    t.match(r.inputRequests.confirm, {
      method: 'elicitation/create',
      params: { mode: 'form', message: /Delete 1 item\(s\): "movies\/a\.mkv"/, requestedSchema: { properties: { confirm: { type: 'boolean' } } } }
    })
    t.match(r.requestState, /^round\.v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)
    t.notOk(r.content, 'no tool result content while the person is asked')
    t.notMatch(JSON.stringify(r.inputRequests), /confirmToken|[A-Za-z0-9_-]{43}/)
    t.ok(existsSync(file))
  })

  await t.test('a tampered state is refused before anything runs', async t => {
    const state = await ask()
    const [mark, v, body, mac] = state.split('.')
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString())
    payload.exp += 3600
    const forged = [mark, v, Buffer.from(JSON.stringify(payload)).toString('base64url'), mac].join('.')
    for (const bad of [forged, `${state}x`, 'round.v1.e30.AAAA']) {
      const r = await call({ inputResponses: yes, requestState: bad })
      t.equal(r.error?.code, -32602)
      t.match(r.error?.message, /Invalid or expired requestState/)
    }
    t.ok(existsSync(file), 'nothing was deleted')
  })

  await t.test('a state that is not ours answers nothing: the person is asked afresh', async t => {
    const state = await ask()
    for (const foreign of [state.slice('round.'.length), 'anything']) {
      const r = await call({ inputResponses: yes, requestState: foreign })
      t.equal(r.result?.resultType, 'input_required')
    }
    t.ok(existsSync(file), 'nothing was deleted')
  })

  await t.test('the state answers only the call it was asked for', async t => {
    const state = await ask()
    const other = await call({ arguments: { action: 'delete', paths: ['movies'] }, inputResponses: yes, requestState: state })
    t.equal(other.result?.isError, true)
    t.match(other.result?.content[0].text, /arguments differ from the preview \(paths\)/)
    t.ok(existsSync(file))
  })

  await t.test('the handle inside the state is no confirmToken', async t => {
    const state = await ask()
    const handle = JSON.parse(Buffer.from(state.split('.')[2], 'base64url').toString()).p.state.confirmation as string
    const r = await call({ arguments: { ...ARGS, confirmToken: handle } }, {})
    t.equal(r.result?.isError, true)
    t.match(r.result?.content[0].text, /waits for the person's own answer and is not a confirmToken/)
    t.ok(existsSync(file), 'nothing was deleted')
    const late = await call({ inputResponses: yes, requestState: state })
    t.match(late.result?.content[0].text, /can no longer be used/, 'and the refused confirmation is gone')
    t.ok(existsSync(file))
  })

  await t.test('the answer without its state asks again', async t => {
    await ask()
    const r = await call({ inputResponses: yes })
    t.equal(r.result?.resultType, 'input_required')
    t.ok(existsSync(file))
  })

  await t.test('yes deletes once; the same retry again returns that outcome and deletes nothing more', async t => {
    const state = await ask()
    const done = await call({ inputResponses: yes, requestState: state })
    t.match(done.result?.structuredContent, { action: 'delete', deleted: [{ path: 'movies/a.mkv' }] })
    t.notOk(existsSync(file))
    t.notMatch(JSON.stringify(done.result), /confirmToken|[A-Za-z0-9_-]{43}/)
    writeFileSync(file, 'new')
    const again = await call({ inputResponses: yes, requestState: state })
    t.match(again.result?._meta, { confirm: 'already_consumed' })
    t.ok(existsSync(file), 'the new file is not deleted by the replay')
  })

  await t.test('no: a retry of the refusal gives the same answer', async t => {
    const state = await ask()
    const no = { confirm: { action: 'decline' } }
    const first = await call({ inputResponses: no, requestState: state })
    t.match(first.result?.content[0].text, /declined/)
    const yesAfterNo = await call({ inputResponses: yes, requestState: state })
    t.match(yesAfterNo.result?.content[0].text, /declined/, 'a later yes on the same question does not run it')
    t.ok(existsSync(file))
  })

  await t.test('another caller cannot use the state', async t => {
    const other = 'other-credential-0123456789'
    app.setAccessTokenVerifier(async token => token === other
      ? { id: 'oauth:someone-else', kind: 'oauth', clientId: 'c2', scopes: ['mcp'] }
      : undefined)
    const state = await ask()
    const r = await call({ inputResponses: yes, requestState: state }, FORM, other)
    t.equal(r.error?.code, -32602, 'the state is bound to the principal that was asked')
    t.ok(existsSync(file), 'nothing was deleted')
  })
})
