// A tiny local HTTP server for downloader tests (aria2c, yt-dlp). It serves registered files with Range
// support, and also answers as a forward proxy (absolute-form request lines), so a test can give the
// downloader a public-looking URL (passing the URL guard with a fake resolver) while the bytes still come
// from 127.0.0.1: the child gets http_proxy pointing here. Every request is recorded.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import { findExecutable } from '../../core/process/index.js'

export interface ServedFile {
  body: Buffer | string
  type?: string
  /** Send this many bytes per 100 ms (slow downloads for cancel and progress tests). */
  throttleBytesPer100ms?: number
}

export interface StaticServer {
  /** http://127.0.0.1:PORT */
  url: string
  port: number
  /** Requests seen: host as sent (the public-looking name when proxied) and path. */
  requests: Array<{ method: string, host: string, path: string }>
  serve: (path: string, file: ServedFile) => void
  close: () => Promise<void>
}

export async function startStaticServer (): Promise<StaticServer> {
  const files = new Map<string, ServedFile>()
  const requests: StaticServer['requests'] = []
  const timers = new Set<NodeJS.Timeout>()

  function handle (req: IncomingMessage, res: ServerResponse) {
    const target = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`)
    requests.push({ method: req.method ?? 'GET', host: target.host, path: target.pathname })
    const file = files.get(target.pathname)
    if (!file) { res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'); return }
    const body = Buffer.isBuffer(file.body) ? file.body : Buffer.from(file.body)
    let start = 0
    let end = body.length - 1
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''))
    const headers: Record<string, string | number> = { 'content-type': file.type ?? 'application/octet-stream', 'accept-ranges': 'bytes' }
    let status = 200
    if (range && body.length > 0) {
      start = range[1] === '' ? Math.max(body.length - Number(range[2]), 0) : Number(range[1])
      end = range[1] !== '' && range[2] !== '' ? Math.min(Number(range[2]), body.length - 1) : body.length - 1
      if (start > end) { res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end(); return }
      status = 206
      headers['content-range'] = `bytes ${start}-${end}/${body.length}`
    }
    const slice = body.subarray(start, end + 1)
    headers['content-length'] = slice.length
    res.writeHead(status, headers)
    if (req.method === 'HEAD') { res.end(); return }
    if (!file.throttleBytesPer100ms) { res.end(slice); return }
    let offset = 0
    const step = file.throttleBytesPer100ms
    const tick = () => {
      if (res.destroyed) return
      res.write(slice.subarray(offset, offset + step))
      offset += step
      if (offset >= slice.length) { res.end(); return }
      const t = setTimeout(() => { timers.delete(t); tick() }, 100)
      timers.add(t)
    }
    tick()
  }

  const server = createServer(handle)
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    serve: (path, file) => { files.set(path, file) },
    close: () => new Promise<void>(resolve => {
      for (const t of timers) clearTimeout(t)
      server.closeAllConnections()
      server.close(() => resolve())
    })
  }
}

/** A small real video (2 s test pattern) when ffmpeg is installed, else random bytes to serve as .mp4. */
export async function sampleVideo (dir: string): Promise<Buffer> {
  if (await findExecutable('ffmpeg')) {
    const out = join(dir, 'sample-clip.mp4')
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=160x120:rate=10',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', out])
    return readFileSync(out)
  }
  return randomBytes(200_000)
}
