// The MCP Apps views in headless Chromium, inside the smallest host page: the package's own host side
// (AppBridge and PostMessageTransport of @modelcontextprotocol/ext-apps, bundled for the page) with the view in
// a sandboxed frame under the CSP a host builds from the resource's metadata. The host forwards the view's
// tools/call to the server through a real MCP client that declared the Apps extension.
import t from 'tap'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Client } from '@modelcontextprotocol/client'
import type { Page } from 'playwright-core'
import { buildTestApp } from '../helpers/build.js'
import { APPS_CAPABILITIES, connectClient, listenMcp } from '../helpers/mcp-client.js'
import { browserSkipReason, newBrowserContext } from '../helpers/browser.js'
import { CONFIRM_TOKEN_META_KEY } from '../../plugins/mcp/apps/apps-confirm.js'

const skip = browserSkipReason()
if (skip) t.plan(0, skip)

/** The package's host side as one script for a plain page (built with esbuild, a dev dependency). */
async function hostBundle (): Promise<string> {
  const { build } = await import('esbuild')
  const out = await build({
    stdin: { contents: "export { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge'", resolveDir: fileURLToPath(new URL('../..', import.meta.url)), loader: 'js' },
    bundle: true,
    format: 'iife',
    globalName: 'ExtApps',
    platform: 'browser',
    write: false,
    logLevel: 'silent'
  })
  return out.outputFiles[0].text
}

// The host: one view at a time in a frame with only allow-scripts (an opaque origin), the host's CSP from
// _meta.ui.csp put ahead of the view's own (ext-apps specification/2026-01-26/apps.mdx, "CSP Construction
// from Metadata"), tool input then result once the view says initialized, and its tools/call forwarded.
const HOST_SCRIPT = `
window.modelContext = []
function hostCsp (csp) {
  const list = (domains, none) => (domains ?? []).join(' ') || none
  return ["default-src 'none'", "script-src 'self' 'unsafe-inline' " + list(csp.resourceDomains, ''),
    "style-src 'self' 'unsafe-inline' " + list(csp.resourceDomains, ''), "connect-src 'self' " + list(csp.connectDomains, ''),
    "img-src 'self' data:", "frame-src " + list(csp.frameDomains, "'none'"), "object-src 'none'", "base-uri " + list(csp.baseUriDomains, "'self'")].join('; ')
}
window.mountView = async ({ html, csp, tool, args, result }) => {
  document.body.replaceChildren()
  const frame = document.createElement('iframe')
  frame.setAttribute('sandbox', 'allow-scripts')
  frame.style.cssText = 'width: 640px; height: 480px'
  frame.srcdoc = html.replace('<head>', '<head><meta http-equiv="Content-Security-Policy" content="' + hostCsp(csp) + '">')
  document.body.append(frame)
  const bridge = new ExtApps.AppBridge(null, { name: 'test-host', version: '1.0.0' },
    { serverTools: {}, updateModelContext: { text: {} } }, { hostContext: { toolInfo: { tool }, theme: 'dark', displayMode: 'inline' } })
  bridge.oncalltool = params => window.hostCallTool(params)
  bridge.onupdatemodelcontext = async params => { window.modelContext.push(params); return {} }
  bridge.oninitialized = () => { bridge.sendToolInput({ arguments: args }); bridge.sendToolResult(result) }
  await bridge.connect(new ExtApps.PostMessageTransport(frame.contentWindow, frame.contentWindow))
}
`

interface Host { page: Page, calls: Array<{ name: string, arguments?: Record<string, unknown> }>, show: (tool: string, args: Record<string, unknown>) => Promise<unknown> }

async function startHost (t: { teardown: (fn: () => unknown) => void }, client: Client, problems: string[]): Promise<Host> {
  const { context } = await newBrowserContext(t)
  // Nothing may leave the page: every request is refused and recorded.
  await context.route('**/*', route => { problems.push(`request to ${route.request().url()}`); return route.abort() })
  const page = await context.newPage()
  page.on('console', message => { if (/Content Security Policy|Refused/i.test(message.text())) problems.push(message.text()) })
  page.on('pageerror', err => problems.push(err.message))
  const calls: Host['calls'] = []
  await page.exposeFunction('hostCallTool', async (params: { name: string, arguments?: Record<string, unknown> }) => {
    calls.push(params)
    return client.callTool(params)
  })
  await page.setContent('<!DOCTYPE html><html><head><title>host</title></head><body></body></html>')
  await page.addScriptTag({ content: await hostBundle() })
  await page.addScriptTag({ content: HOST_SCRIPT })
  const { tools } = await client.listTools()
  return {
    page,
    calls,
    async show (name, args) {
      const tool = tools.find(x => x.name === name)!
      const uri = (tool._meta!.ui as { resourceUri: string }).resourceUri
      const { contents } = await client.readResource({ uri })
      const [view] = contents as unknown as Array<{ text: string, _meta: { ui: { csp: unknown } } }>
      const result: unknown = await client.callTool({ name, arguments: args })
      const input = JSON.parse(JSON.stringify({ html: view.text, csp: view._meta.ui.csp, tool, args, result }))
      await page.evaluate(mount => (window as any).mountView(mount), input as Record<string, unknown>)
      return result
    }
  }
}

function put (root: string, rel: string, content = 'x'.repeat(10)) {
  mkdirSync(join(root, rel, '..'), { recursive: true })
  writeFileSync(join(root, rel), content)
}

t.test('app views in a host page', { skip }, async t => {
  const { app, roots } = await buildTestApp(t)
  const url = await listenMcp(app)
  const { client } = await connectClient(url, { capabilities: APPS_CAPABILITIES })
  t.teardown(() => client.close())
  const problems: string[] = []
  const host = await startHost(t, client, problems)
  const view = () => host.page.frameLocator('iframe')

  await t.test('confirm card: Confirm deletes exactly what was previewed, once', async t => {
    put(roots.media, 'movies/Old Movie (2001)/Old Movie (2001).mkv')
    host.calls.length = 0
    const preview = await host.show('manage_files', { action: 'delete', paths: ['movies/Old Movie (2001)'] }) as { _meta: Record<string, string> }
    const token = preview._meta[CONFIRM_TOKEN_META_KEY]
    t.ok(token, 'the call only previewed; the token came for the card')
    await view().getByText('Confirm this change').waitFor()
    t.match(await view().locator('#summary').textContent(), /Delete 1 item\(s\): "movies\/Old Movie \(2001\)" \(1 file\(s\)/)
    t.match(await view().locator('#targets li').first().textContent(), /^movies\/Old Movie \(2001\) \(kind: folder, files: 1, bytes: 10, fingerprint: /)
    t.same(host.calls, [], 'nothing runs before the person presses Confirm')
    t.ok(existsSync(join(roots.media, 'movies/Old Movie (2001)')))

    await view().getByRole('button', { name: 'Confirm' }).dblclick()
    await view().locator('#status.done').waitFor()
    t.match(await view().locator('#status').textContent(), /^Deleted movies\/Old Movie \(2001\)/)
    t.notOk(existsSync(join(roots.media, 'movies/Old Movie (2001)')), 'the folder is gone')
    t.equal(host.calls.length, 1, 'a double click runs it once')
    t.same(host.calls[0], { name: 'manage_files', arguments: { action: 'delete', paths: ['movies/Old Movie (2001)'], confirmToken: token } },
      'the card sent the same arguments with the token; no model relayed it')
    const told = await host.page.evaluate(() => (window as any).modelContext.at(-1).content[0].text)
    t.match(told, /^The person confirmed in the card\. Deleted movies\/Old Movie \(2001\)/)
  })

  await t.test('confirm card: Cancel changes nothing and calls nothing', async t => {
    put(roots.media, 'movies/Keep Me (1999)/Keep Me (1999).mkv')
    host.calls.length = 0
    await host.show('manage_files', { action: 'delete', paths: ['movies/Keep Me (1999)'] })
    await view().getByRole('button', { name: 'Cancel' }).click()
    await view().getByText('Cancelled: nothing changed.').waitFor()
    t.same(host.calls, [], 'no call reached the server')
    t.ok(existsSync(join(roots.media, 'movies/Keep Me (1999)/Keep Me (1999).mkv')), 'the file is still there')
    t.ok(await view().getByRole('button', { name: 'Confirm' }).isHidden(), 'the card offers nothing more')
    const told = await host.page.evaluate(() => (window as any).modelContext.at(-1).content[0].text)
    t.match(told, /^The person cancelled in the card: Delete 1 item\(s\): "movies\/Keep Me \(1999\)"/)
  })

  await t.test('jobs view: a running job\'s progress, refreshed until it ends', async t => {
    app.jobs.defineKind('app-view-test', { concurrency: 1, queueLimit: 1 })
    let step!: (percent: number) => void
    let finish!: () => void
    const job = app.jobs.start({
      kind: 'app-view-test',
      owner: 'internal',
      description: 'Copy the test files',
      run: handle => new Promise<void>(resolve => {
        step = percent => handle.progress(percent, `Copied ${percent}%`)
        finish = resolve
        step(40)
      })
    })
    await t.resolves(() => new Promise<void>(resolve => { const check = () => app.jobs.get(job.id)?.progress === 40 ? resolve() : setImmediate(check); check() }))
    host.calls.length = 0
    await host.show('check_jobs', { id: job.id })
    await view().getByText('running 40% · Copied 40%').waitFor()
    t.equal(await view().locator('progress').evaluate(el => (el as HTMLProgressElement).value), 40)
    step(75)
    await view().getByText('running 75% · Copied 75%').waitFor()
    finish()
    await view().getByText(/^succeeded/).waitFor()
    t.ok(host.calls.length >= 2, 'the view refreshed through the host')
    t.ok(host.calls.every(call => call.name === 'check_jobs' && call.arguments?.id === job.id), 'with read-only calls only')
  })

  await t.test('title card: a title across the backends', async t => {
    put(roots.media, 'tv/Endless Ledger/Season 01/Endless Ledger - S01E01.mkv')
    await host.show('get_library_state', { title: 'Endless Ledger' })
    await view().locator('#heading', { hasText: 'Endless Ledger' }).waitFor()
    const facts = await view().locator('#facts').textContent()
    t.match(facts, /^Files in the library folders/)
    t.notMatch(facts, /ready to watch|not on the media server/i, 'the media server did not answer: nothing said about it')
    const rows = await view().locator('#parts tr').allTextContents()
    t.ok(rows.some(row => /^On disk1 match: /.test(row)), `the disk has it: ${rows.join(' | ')}`)
    t.ok(rows.some(row => /^Media serverunavailable: /.test(row)), 'a backend that cannot answer says why')
  })

  t.same(problems, [], 'no request left the page, no CSP violation, no script error')
})
