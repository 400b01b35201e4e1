// One destructive action (manage_files delete of a file in a temp media root) per client capability
// combination: previewed, and executed exactly once with the person's yes, never without. A client without
// elicitation gets the two-step confirmToken; a client with form elicitation is asked itself and the model
// never sees a token. Rows are a table so other client kinds (tasks, apps) can be added as rows.
import t from 'tap'
import { existsSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { CallToolResult, Client, ClientCapabilities, ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/client'
import { buildTestApp } from '../helpers/build.js'
import { connectClient, listenMcp } from '../helpers/mcp-client.js'

type Answer = 'accept' | 'decline' | 'cancel' | 'unticked'

interface Row {
  name: string
  mode: 'legacy' | { pin: string }
  capabilities?: ClientCapabilities
  /** How this client kind confirms: the model relays a confirmToken, or the person answers a form. */
  confirms: 'token' | 'person'
}

const FORM = { elicitation: { form: {} } }
const rows: Row[] = [
  { name: 'none, 2025-11-25', mode: 'legacy', confirms: 'token' },
  { name: 'none, 2026-07-28', mode: { pin: '2026-07-28' }, confirms: 'token' },
  { name: 'elicitation url mode only, 2025-11-25', mode: 'legacy', capabilities: { elicitation: { url: {} } }, confirms: 'token' },
  { name: 'elicitation, 2025-11-25', mode: 'legacy', capabilities: FORM, confirms: 'person' },
  { name: 'elicitation (bare {}), 2025-11-25', mode: 'legacy', capabilities: { elicitation: {} }, confirms: 'person' },
  { name: 'elicitation, 2026-07-28', mode: { pin: '2026-07-28' }, capabilities: FORM, confirms: 'person' },
  { name: 'elicitation url mode only, 2026-07-28', mode: { pin: '2026-07-28' }, capabilities: { elicitation: { url: {} } }, confirms: 'token' }
]

const TOKEN_LIKE = /[A-Za-z0-9_-]{43}/
const REPLY: Record<Answer, ElicitResult> = {
  accept: { action: 'accept', content: { confirm: true } },
  unticked: { action: 'accept', content: { confirm: false } },
  decline: { action: 'decline' },
  cancel: { action: 'cancel' }
}

interface Run {
  /** Every result the model would see, in order. */
  results: CallToolResult[]
  /** The forms shown to the person. */
  asked: ElicitRequestFormParams[]
}

const text = (r: CallToolResult) => (r.content as Array<{ text: string }>).map(c => c.text).join('\n')

t.test('a destructive call is confirmed the way the client can', async t => {
  const { app, roots } = await buildTestApp(t)
  const url = await listenMcp(app)
  const file = join(roots.media, 'movies', 'a.mkv')
  const args = { action: 'delete', paths: ['movies/a.mkv'] }

  /** Runs the delete as this client kind would, with the person answering `answer`; `meanwhile` runs before the answer. */
  async function attempt (row: Row, answer: Answer, meanwhile?: () => void): Promise<Run> {
    const asked: ElicitRequestFormParams[] = []
    const { client } = await connectClient(url, {
      mode: row.mode,
      ...(row.capabilities && { capabilities: row.capabilities }),
      prepare: (c: Client) => {
        if (!row.capabilities) return
        c.setRequestHandler('elicitation/create', async request => {
          asked.push(request.params as ElicitRequestFormParams)
          meanwhile?.()
          return REPLY[answer]
        })
      }
    })
    try {
      const first = await client.callTool({ name: 'manage_files', arguments: args })
      if (row.confirms === 'person') return { results: [first], asked }
      const token = (first.structuredContent as { confirmation?: { confirmToken?: string } }).confirmation?.confirmToken
      if (answer !== 'accept' || token === undefined) return { results: [first], asked }
      meanwhile?.()
      const second = await client.callTool({ name: 'manage_files', arguments: { ...args, confirmToken: token } })
      return { results: [first, second], asked }
    } finally {
      await client.close()
    }
  }

  for (const row of rows) {
    await t.test(row.name, async t => {
      await t.test('yes: previewed, then executed exactly once', async t => {
        writeFileSync(file, 'data')
        const { results, asked } = await attempt(row, 'accept')
        const last = results.at(-1)!
        t.notOk(last.isError, text(last))
        t.match(last.structuredContent, { action: 'delete', deleted: [{ path: 'movies/a.mkv', filesDeleted: 1 }] })
        t.notOk(existsSync(file), 'the file is gone')
        if (row.confirms === 'person') {
          t.equal(asked.length, 1, 'the person was asked once')
          t.match(asked[0].message, /Delete 1 item\(s\): "movies\/a\.mkv"/)
          t.match(asked[0].message, /- movies\/a\.mkv \(kind: file, files: 1, bytes: 4\)/, 'the exact target')
          t.same(Object.keys(asked[0].requestedSchema.properties), ['confirm'])
          t.equal(results.length, 1, 'one call from the model')
          const seen = JSON.stringify(results)
          t.notMatch(seen, /confirmToken/, 'no token field reaches the model')
          t.notMatch(seen, TOKEN_LIKE, 'no token-like string reaches the model')
        } else {
          t.equal(asked.length, 0, 'nobody is asked through the client')
          t.match(results[0].structuredContent, { confirmation: { summary: /Delete 1 item/, targets: [{ path: 'movies/a.mkv' }] } })
        }
      })

      const noes: Answer[] = row.confirms === 'person' ? ['decline', 'cancel', 'unticked'] : ['decline']
      for (const answer of noes) {
        await t.test(`${answer}: nothing happens, and the result says so`, async t => {
          writeFileSync(file, 'data')
          const { results } = await attempt(row, answer)
          t.ok(existsSync(file), 'the file is still there')
          const last = results.at(-1)!
          if (row.confirms === 'person') {
            t.equal(last.isError, true)
            t.match(text(last), answer === 'cancel' ? /closed the confirmation without answering.*nothing was changed/ : /declined.*nothing was changed/)
            t.notMatch(JSON.stringify(results), TOKEN_LIKE)
          } else {
            t.match(text(last), /Nothing has changed yet/, 'only the preview ran')
          }
        })
      }

      await t.test('the target changed between preview and yes: refused, the new file stays', async t => {
        writeFileSync(file, 'data')
        const { results } = await attempt(row, 'accept', () => { rmSync(file); writeFileSync(file, 'a different file') })
        const last = results.at(-1)!
        t.equal(last.isError, true)
        t.match(text(last), /changed since the preview/)
        t.ok(existsSync(file), 'the file put in its place is untouched')
      })
    })
  }
})
