// Every line of the SSRF lists (test/fixtures/payloads/ssrf) goes through a URL-guarded test tool: refused before
// the handler queues anything, and no connection is opened. The fake resolver answers like real DNS does for
// these names: rebinding and wildcard services (nip.io, localtest.me...) give the private address they encode,
// other names a public address. A handful of lines name ordinary public hosts; the guard cannot and should not
// refuse those by name. They are listed below, and the redirect tricks among them are stopped at fetch time
// (url-guard-dispatcher.test.ts).
import t from 'tap'
import net from 'node:net'
import { Type } from '@sinclair/typebox'
import { defineTool } from '../../core/tool-types.js'
import { INTERNAL_PRINCIPAL } from '../../core/principal.js'
import { buildTestApp } from '../helpers/build.js'
import { readPayloads } from '../helpers/payloads.js'
import type { Resolver } from '../../plugins/url-guard.js'

const PUBLIC = '93.184.216.34'
const KNOWN_PRIVATE: Record<string, string> = {
  'localtest.me': '127.0.0.1',
  'bugbounty.dod.network': '127.0.0.2',
  'spoofed.burpcollaborator.net': '127.0.0.1',
  '1ynrnhl.xip.io': '254.169.254.169'
}
const resolver: Resolver = async host => {
  const embedded = /(\d{1,3}(?:\.\d{1,3}){3})\.(?:nip|xip)\.io$/.exec(host)?.[1]
  const address = KNOWN_PRIVATE[host] ?? embedded ?? (host.includes('.sentinel.pentesting.us') ? '127.0.0.1' : PUBLIC)
  return [{ address, family: 4 }]
}

/** Lines that name ordinary public hosts. Redirectors among them are caught when the server fetches. */
const PUBLIC_BY_DESIGN = new Set([
  'https://www.googleapis.com/oauth2/v1/tokeninfo?access_token=ya29.XXXXXKuXXXXXXXkGT0rJSA',
  'https://www.googleapis.com/auth/compute',
  'https://www.googleapis.com/auth/logging.write',
  'https://www.googleapis.com/auth/devstorage.read_write',
  'https://www.googleapis.com/auth/monitoring',
  'https://www.googleapis.com/compute/v1/projects/1042377752888/setCommonInstanceMetadata',
  'http://ⓔⓧⓐⓜⓟⓛⓔ.ⓒⓞⓜ', // example.com
  'http://nicob.net/redir6a', // redirector
  'http://nicob.net/redir-http-169.254.169.254:80-', // redirector
  'https://307.r3dir.me/--to/?url=http://localhost', // redirector
  'https://62epax5fhvj3zzmzigyoe5ipkbn7fysllvges3a.302.r3dir.me' // redirector
])

let queued = 0
const queueDownload = defineTool({
  name: 'test_queue_download',
  title: 'Queue a download (test)',
  description: 'Test tool: would queue a URL with a downloader.',
  inputSchema: Type.Object({ url: Type.String({ description: 'URL' }), use: Type.Optional(Type.String({ description: 'unused' })) }, { additionalProperties: false }),
  outputSchema: Type.Object({ queued: Type.String() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  guards: { urls: { url: 'torrent' } },
  handler: async ({ url }) => { queued++; return { data: { queued: url }, summary: 'queued' } }
})

const { app } = await buildTestApp(t, { build: { resolver, extraTools: [queueDownload] } })
const ctx = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }

// Count every socket the process tries to open while the payloads run.
let connections = 0
const original = net.Socket.prototype.connect
net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
  connections++
  return (original as (...a: unknown[]) => net.Socket).apply(this, args)
} as typeof original
t.teardown(() => { net.Socket.prototype.connect = original })

const payloads = readPayloads('ssrf')
const accepted: string[] = []
let refusedCount = 0
for (const p of payloads) {
  const before = queued
  const result = await app.tools.call('test_queue_download', { url: p.text }, ctx)
  if (result.isError) {
    refusedCount++
    t.equal(queued, before, `${p.file}:${p.line} never reached the handler`)
    t.match(result, { _meta: { error: { kind: /^refused_by_url_guard$|^invalid_request$/ } } })
  } else {
    accepted.push(p.text)
  }
}
net.Socket.prototype.connect = original

t.comment(`${payloads.length} SSRF lines: ${refusedCount} refused, ${accepted.length} public by design`)
t.ok(payloads.length >= 200, 'all three lists were read (heading lines skipped)')
t.same(accepted.filter(a => !PUBLIC_BY_DESIGN.has(a)), [], 'every line that targets a private or special address is refused')
t.equal(connections, 0, 'no connection was opened')
