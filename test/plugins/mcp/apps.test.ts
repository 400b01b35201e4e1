// MCP Apps on the wire: tools/list links tools to their views only for clients that declared the extension
// (both protocol eras), the views are ui:// resources of type text/html;profile=mcp-app with CSP metadata that
// allows no origin, and a client without Apps sees exactly the registry's tool list.
import t from 'tap'
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server'
import { buildTestApp } from '../../helpers/build.js'
import { APPS_CAPABILITIES, connectClient, listenMcp } from '../../helpers/mcp-client.js'

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
