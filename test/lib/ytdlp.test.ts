// lib/ytdlp.ts with the real yt-dlp against a local HTTP server, plus stand-in scripts for the parts that
// need a controlled program (environment hygiene, a path reported outside the output folder).
import { test } from 'tap'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ToolError } from '../../core/errors.js'
import { findExecutable } from '../../core/process/index.js'
import { parseProgress, ytdlpDownload, type YtdlpProgress } from '../../lib/ytdlp.js'
import { sampleVideo, startStaticServer } from '../helpers/static-server.js'

const skip = await findExecutable('yt-dlp') ? undefined : 'yt-dlp not installed (apt-get install yt-dlp); CI installs it'

function scratch (t: { teardown: (fn: () => void) => void }) {
  const base = mkdtempSync(join(tmpdir(), 'ytdlp-test-'))
  t.teardown(() => rmSync(base, { recursive: true, force: true }))
  return base
}

test('a video page: the file lands in the output folder, bytes identical, progress reported', { skip }, async t => {
  const base = scratch(t)
  const video = await sampleVideo(base)
  const server = await startStaticServer()
  t.teardown(() => server.close())
  server.serve('/media/clip.mp4', { body: video, type: 'video/mp4', throttleBytesPer100ms: Math.ceil(video.length / 4) })
  server.serve('/watch', {
    type: 'text/html',
    body: '<html><head><meta property="og:title" content="Test Clip; rm -rf /"></head><body><video><source src="/media/clip.mp4" type="video/mp4"></video></body></html>'
  })
  const progress: YtdlpProgress[] = []
  const res = await ytdlpDownload(`${server.url}/watch`, { ytdlpPath: 'yt-dlp', stateDir: join(base, 'state'), outputDir: join(base, 'downloads', 'direct'), onProgress: p => progress.push(p) })
  t.equal(res.files.length, 1)
  t.match(res.files[0].path, new RegExp(`^${join(base, 'downloads', 'direct')}/[A-Za-z0-9_.-]+\\.mp4$`), 'restricted file name inside the folder')
  t.ok(readFileSync(res.files[0].path).equals(video), 'bytes identical')
  t.equal(res.files[0].sizeBytes, video.length)
  t.ok(progress.length >= 2, `progress lines seen: ${progress.length}`)
  t.equal(progress.at(-1)!.downloadedBytes, video.length)
  t.equal(progress.at(-1)!.percent, 100)

  // A direct media URL works too.
  const direct = await ytdlpDownload(`${server.url}/media/clip.mp4`, { ytdlpPath: 'yt-dlp', stateDir: join(base, 'state'), outputDir: join(base, 'downloads', 'other') })
  t.ok(readFileSync(direct.files[0].path).equals(video))
})

test('failures say what happened and what to try', { skip }, async t => {
  const base = scratch(t)
  const server = await startStaticServer()
  t.teardown(() => server.close())
  server.serve('/empty', { type: 'text/html', body: '<html><body>no media here</body></html>' })
  const o = { ytdlpPath: 'yt-dlp', stateDir: join(base, 'state'), outputDir: join(base, 'out') }
  const unsupported = await ytdlpDownload(`${server.url}/empty`, o).catch(e => e)
  t.type(unsupported, ToolError)
  t.match(unsupported.message, /no video on this page.*download_direct's "file" method/)
  const missing = await ytdlpDownload(`${server.url}/nothing-here.mp4`, o).catch(e => e)
  t.match(missing.message, /404/)
  const ac = new AbortController()
  server.serve('/slow.mp4', { body: randomBytes(2_000_000), type: 'video/mp4', throttleBytesPer100ms: 1000 })
  setTimeout(() => ac.abort(), 800)
  const cancelled = await ytdlpDownload(`${server.url}/slow.mp4`, { ...o, signal: ac.signal }).catch(e => e)
  t.match(cancelled.message, /cancelled/)
})

test('a missing binary names YTDLP_PATH', async t => {
  const base = scratch(t)
  const err = await ytdlpDownload('https://example.com/v', { ytdlpPath: '/opt/none/yt-dlp', stateDir: base, outputDir: join(base, 'o') }).catch(e => e)
  t.type(err, ToolError)
  t.match(err.message, /YTDLP_PATH="\/opt\/none\/yt-dlp" was not found/)
})

test('the child gets a private HOME and no server secrets; paths outside the folder are ignored', async t => {
  const base = scratch(t)
  const script = join(base, 'fake-yt-dlp')
  writeFileSync(script, `#!/bin/sh\nenv > "${join(base, 'env.txt')}"\nprintf '%s\\n' "$@" > "${join(base, 'argv.txt')}"\necho "MSMCP-FILE /etc/passwd"\n`)
  chmodSync(script, 0o755)
  process.env.INTERNAL_API_KEY = 'server-secret-should-not-leak'
  t.teardown(() => { delete process.env.INTERNAL_API_KEY })
  const err = await ytdlpDownload('https://example.com/v?a=1', { ytdlpPath: script, stateDir: join(base, 'state'), outputDir: join(base, 'out') }).catch(e => e)
  t.match(err.message, /reported no downloaded file/, '/etc/passwd is not accepted as a result')
  const env = readFileSync(join(base, 'env.txt'), 'utf8')
  t.notMatch(env, /server-secret-should-not-leak/)
  t.match(env, new RegExp(`HOME=${join(base, 'state', 'yt-dlp')}`))
  const argv = readFileSync(join(base, 'argv.txt'), 'utf8').split('\n')
  t.ok(argv.includes('--ignore-config'))
  t.equal(argv[argv.length - 3], '--', 'the URL comes after --, so it can never be read as an option')
  t.equal(argv[argv.length - 2], 'https://example.com/v?a=1')
})

test('progress template parsing', async t => {
  t.same(parseProgress('512 1024 NA 2048.5 3'), { downloadedBytes: 512, totalBytes: 1024, bytesPerSecond: 2048.5, etaSeconds: 3, percent: 50 })
  t.same(parseProgress('512 NA 2048 NA NA'), { downloadedBytes: 512, totalBytes: 2048, bytesPerSecond: undefined, etaSeconds: undefined, percent: 25 })
  t.equal(parseProgress('NA NA NA NA NA'), undefined)
})

test('the forward proxy reaches yt-dlp and its ffmpeg through the environment, never argv; only HTTP formats', async t => {
  const base = scratch(t)
  const script = join(base, 'fake-yt-dlp')
  writeFileSync(script, `#!/bin/sh\nenv > "${join(base, 'env.txt')}"\nprintf '%s\\n' "$@" > "${join(base, 'argv.txt')}"\n`)
  chmodSync(script, 0o755)
  const proxy = 'http://msmcp:proxy-secret-1234@127.0.0.1:1'
  await ytdlpDownload('https://example.com/v', { ytdlpPath: script, stateDir: join(base, 'state'), outputDir: join(base, 'out'), proxy }).catch(() => {})
  const env = readFileSync(join(base, 'env.txt'), 'utf8').split('\n')
  for (const name of ['http_proxy', 'https_proxy', 'HTTP_PROXY', 'HTTPS_PROXY']) t.ok(env.includes(`${name}=${proxy}`), name)
  t.notOk(env.some(l => /^no_proxy=/i.test(l)), 'nothing bypasses the proxy')
  const argv = readFileSync(join(base, 'argv.txt'), 'utf8')
  t.notMatch(argv, /proxy-secret-1234/, 'the secret is not on the command line (readable by every local user in /proc)')
  const args = argv.split('\n')
  const format = args[args.indexOf('--format') + 1]
  t.match(format, /protocol\^=http/)
  t.notMatch(format.replace(/\[protocol\^=(http|m3u8)\]/g, ''), /protocol/, 'every alternative is restricted to http or m3u8')
  t.equal(args[args.indexOf('--downloader') + 1], 'm3u8:native', 'HLS is fetched by yt-dlp itself, through the proxy')
})
