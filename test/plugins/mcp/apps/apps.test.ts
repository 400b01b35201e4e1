// MCP Apps on the wire: tools/list links tools to their views only for clients that declared the extension
// (both protocol eras), the views are ui:// resources of type text/html;profile=mcp-app with CSP metadata that
// allows no origin, a client without Apps sees exactly the registry's tool list and results, and for an Apps
// client a destructive preview's token goes to the confirm card, never to what the model reads.
import t from 'tap'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server'
import { buildTestApp } from '../../../helpers/build.js'
import { APPS_CAPABILITIES, connectClient, listenMcp } from '../../../helpers/mcp-client.js'
import { CONFIRM_TOKEN_META_KEY, TOKEN_HELD_BY_CARD } from '../../../../plugins/mcp/apps/apps-confirm.js'

const CONFIRM = 'ui://mediastack/confirm.html'
const JOBS = 'ui://mediastack/jobs.html'
const TITLE = 'ui://mediastack/title.html'

t.test('tools/list and the view resources, per client kind and era', async t => {
  const { app } = await buildTestApp(t)
  const url = await listenMcp(app)
  const destructive = app.tools.list().filter(tool => tool.annotations.destructiveHint).map(tool => tool.name)
  t.ok(destructive.length >= 5, 'the destructive tools are there to link')

  for (const mode of ['legacy', { pin: '2026-07-28' }] as const) {
    await t.test(`mode ${JSON.stringify(mode)}`, async t => {
      const { client: plain } = await connectClient(url, { mode })
      t.teardown(() => plain.close())
      const { tools: plainTools } = await plain.listTools()
      t.notOk(plainTools.some(tool => tool._meta?.ui), 'a client without Apps gets no view links')
      t.same(plainTools.map(tool => tool.name), app.tools.list().map(tool => tool.name))

      const { client: apps } = await connectClient(url, { mode, capabilities: APPS_CAPABILITIES })
      t.teardown(() => apps.close())
      const { tools } = await apps.listTools()
      const viewOf = Object.fromEntries(tools.map(tool => [tool.name, (tool._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri]))
      for (const name of destructive) t.equal(viewOf[name], CONFIRM, `${name} shows the confirm card`)
      t.equal(viewOf.check_jobs, JOBS)
      t.equal(viewOf.download_status, JOBS)
      t.equal(viewOf.get_library_state, TITLE)
      t.equal(viewOf.server_status, undefined, 'a tool without a view has no link')
      t.equal(tools.find(tool => tool.name === 'check_jobs')!._meta!['ui/resourceUri'], JOBS, 'the older flat key too')

      const { resources } = await apps.listResources()
      const views = resources.filter(r => r.uri.startsWith('ui://'))
      t.same(views.map(r => r.uri).sort(), [CONFIRM, JOBS, TITLE].sort())
      t.ok(views.every(r => r.mimeType === RESOURCE_MIME_TYPE))

      for (const uri of [CONFIRM, JOBS, TITLE]) {
        const { contents } = await apps.readResource({ uri })
        t.equal(contents.length, 1)
        const [view] = contents as Array<{ uri: string, mimeType: string, text: string, _meta: any }>
        t.equal(view.mimeType, RESOURCE_MIME_TYPE)
        t.same(view._meta.ui.csp, { connectDomains: [], resourceDomains: [] }, 'the host is asked for no origin')
        t.match(view.text, /^<!DOCTYPE html>/)
        t.match(view.text, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-[^']+'; style-src 'sha256-[^']+';[^"]*connect-src 'none'/)
        t.notMatch(view.text, /unsafe-inline|unsafe-eval/, 'no inline allowance beyond the hashed script and style')
        t.notMatch(view.text, /\b(src|href)=|https?:\/\//, 'the view loads nothing and names no origin')
      }
    })
  }
})

t.test('a destructive preview: the token reaches the card only for an Apps client; the model cannot run it', async t => {
  const { app, roots } = await buildTestApp(t)
  const url = await listenMcp(app)
  const folder = join(roots.media, 'movies/Gone (2001)')
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'Gone (2001).mkv'), 'x')
  const args = { action: 'delete', paths: ['movies/Gone (2001)'] }

  for (const mode of ['legacy', { pin: '2026-07-28' }] as const) {
    await t.test(`mode ${JSON.stringify(mode)}`, async t => {
      const { client: plain } = await connectClient(url, { mode })
      t.teardown(() => plain.close())
      const before = await plain.callTool({ name: 'manage_files', arguments: args }) as CallResult
      const plainToken = before.structuredContent.confirmation.confirmToken
      t.match(before.content[0].text, `confirmToken "${plainToken}"`, 'a client without Apps gets the two-step token as before')
      t.equal(before._meta?.[CONFIRM_TOKEN_META_KEY], undefined)

      const { client: apps } = await connectClient(url, { mode, capabilities: APPS_CAPABILITIES })
      t.teardown(() => apps.close())
      const preview = await apps.callTool({ name: 'manage_files', arguments: args }) as CallResult
      const token = preview._meta?.[CONFIRM_TOKEN_META_KEY] as string
      t.match(token, /^\S{20,}$/, 'the card gets the token in _meta')
      t.notOk(JSON.stringify(preview.content).includes(token) || JSON.stringify(preview.structuredContent).includes(token), 'what the model reads holds no token')
      t.match(preview.content[0].text, /^Confirmation needed: Delete 1 item\(s\): "movies\/Gone \(2001\)" .* The person confirms or cancels in the card shown with this result; manage_files runs only when they press Confirm there\.$/)
      t.equal(preview.structuredContent.confirmation.confirmToken, TOKEN_HELD_BY_CARD)
      t.match(preview.structuredContent.confirmation, { summary: /^Delete 1 item/, targets: [{ path: 'movies/Gone (2001)', kind: 'folder', files: 1 }] })

      const guessed = await apps.callTool({ name: 'manage_files', arguments: { ...args, confirmToken: preview.structuredContent.confirmation.confirmToken } }) as CallResult
      t.equal(guessed.isError, true, 'what the model can see does not run the change')
      t.ok(existsSync(folder), 'nothing was deleted without the person')
    })
  }

  // What the card does when the person presses Confirm: the same call with the token from _meta.
  const { client: apps } = await connectClient(url, { capabilities: APPS_CAPABILITIES })
  t.teardown(() => apps.close())
  const preview = await apps.callTool({ name: 'manage_files', arguments: args }) as CallResult
  const done = await apps.callTool({ name: 'manage_files', arguments: { ...args, confirmToken: preview._meta![CONFIRM_TOKEN_META_KEY] } }) as CallResult
  t.notOk(done.isError, done.content[0].text)
  t.match(done.content[0].text, /^Deleted movies\/Gone \(2001\)/)
  t.notOk(existsSync(folder))
})

interface CallResult {
  content: Array<{ text: string }>
  structuredContent: { confirmation: { confirmToken: string, summary: string, targets: unknown } }
  isError?: boolean
  _meta?: Record<string, unknown>
}
