// A small NNTP server on loopback for the Usenet tests: it serves real yEnc-encoded articles of real files
// (RFC 3977 commands a downloader sends: MODE READER, AUTHINFO, GROUP, ARTICLE/BODY/HEAD/STAT, QUIT) and answers
// 430 for an article it was told to lose, so a downloader meets a missing article as it would on a real server.
// Also writes the .nzb that lists the articles (the newzbin DTD every downloader reads).
import { createServer, type Server, type Socket } from 'node:net'
import { crc32 } from 'node:zlib'
import { basename } from 'node:path'

const LINE = 128
const PART = 64 * 1024

export interface Article { messageId: string, body: Buffer }
export interface PostedFile { name: string, size: number, segments: Array<{ messageId: string, bytes: number }> }

/**
 * One file as yEnc multipart articles (yEnc 1.3: =ybegin/=ypart/=yend with the part's crc32). Critical bytes
 * (NUL, LF, CR, '=') are escaped; so are a tab or space at a line's edge and a leading '.' (dot-stuffing aside).
 */
export function yencArticles (name: string, data: Buffer, tag: string, partSize = PART): { articles: Article[], file: PostedFile } {
  const total = Math.max(1, Math.ceil(data.length / partSize))
  const articles: Article[] = []
  for (let part = 1; part <= total; part++) {
    const begin = (part - 1) * partSize
    const chunk = data.subarray(begin, Math.min(data.length, begin + partSize))
    const head = `=ybegin part=${part} total=${total} line=${LINE} size=${data.length} name=${name}\r\n=ypart begin=${begin + 1} end=${begin + chunk.length}\r\n`
    const tail = `\r\n=yend size=${chunk.length} part=${part} pcrc32=${(crc32(chunk) >>> 0).toString(16).padStart(8, '0')}\r\n`
    const messageId = `${tag}.${part}@test.invalid`
    articles.push({ messageId, body: Buffer.concat([Buffer.from(head), encodeLines(chunk), Buffer.from(tail)]) })
  }
  const file = { name, size: data.length, segments: articles.map(a => ({ messageId: a.messageId, bytes: a.body.length })) }
  return { articles, file }
}

function encodeLines (chunk: Buffer): Buffer {
  const out: number[] = []
  let col = 0
  for (let i = 0; i < chunk.length; i++) {
    let c = (chunk[i]! + 42) & 0xff
    const edge = col === 0 || i === chunk.length - 1 || col >= LINE - 1
    if (c === 0 || c === 10 || c === 13 || c === 61 || (edge && (c === 9 || c === 32)) || (col === 0 && c === 46)) {
      out.push(61)
      c = (c + 64) & 0xff
      col++
    }
    out.push(c)
    col++
    if (col >= LINE && i < chunk.length - 1) { out.push(13, 10); col = 0 }
  }
  return Buffer.from(out)
}

/** The .nzb listing the files' articles (http://www.newzbin.com/DTD/2003/nzb). */
export function nzbDocument (files: PostedFile[], group = 'alt.binaries.test'): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
  const body = files.map((f, i) => [
    `<file poster="tests &lt;tests@test.invalid&gt;" date="${1_700_000_000 + i}" subject="${esc(`[${i + 1}/${files.length}] - "${f.name}" yEnc (1/${f.segments.length}) ${f.size}`)}">`,
    `<groups><group>${group}</group></groups>`,
    '<segments>',
    ...f.segments.map((s, n) => `<segment bytes="${s.bytes}" number="${n + 1}">${esc(s.messageId)}</segment>`),
    '</segments></file>'
  ].join('\n')).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE nzb PUBLIC "-//newzBin//DTD NZB 1.1//EN" "http://www.newzbin.com/DTD/nzb/nzb-1.1.dtd">\n<nzb xmlns="http://www.newzbin.com/DTD/2003/nzb">\n${body}\n</nzb>\n`
}

export interface NntpServer {
  port: number
  /** Adds files (name, bytes) and returns their NZB entries; `lose` names message ids answered 430. */
  post: (files: Array<{ path?: string, name?: string, data: Buffer }>, tag: string) => PostedFile[]
  lose: (messageId: string) => void
  /** Never answers a request for this message id (a news server that hangs mid-download); the connection stays open. */
  hold: (messageId: string) => void
  /** ARTICLE/BODY requests served, by message id (to see what the downloader fetched). */
  served: Map<string, number>
  close: () => Promise<void>
}

export async function startNntpServer (): Promise<NntpServer> {
  const articles = new Map<string, Buffer>()
  const lost = new Set<string>()
  const held = new Set<string>()
  const served = new Map<string, number>()
  const sockets = new Set<Socket>()
  const server: Server = createServer(socket => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    socket.write('200 test server ready, posting not allowed\r\n')
    let buffered = ''
    socket.on('data', chunk => {
      buffered += chunk.toString('latin1')
      let at: number
      while ((at = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, at)
        buffered = buffered.slice(at + 2)
        answer(socket, line)
      }
    })
  })
  function answer (socket: Socket, line: string) {
    const [verb = '', ...rest] = line.split(' ')
    const arg = rest.join(' ')
    switch (verb.toUpperCase()) {
      case 'MODE': return socket.write('200 reader mode\r\n')
      case 'AUTHINFO': return socket.write(/^user/i.test(arg) ? '381 password required\r\n' : '281 authenticated\r\n')
      case 'GROUP': return socket.write(`211 ${articles.size} 1 ${articles.size} ${arg}\r\n`)
      case 'DATE': return socket.write('111 20260101000000\r\n')
      case 'QUIT': socket.end('205 bye\r\n'); return
      case 'ARTICLE': case 'BODY': case 'HEAD': case 'STAT': {
        const id = arg.replace(/^<|>$/g, '')
        const body = articles.get(id)
        if (held.has(id)) return
        if (!body || lost.has(id)) return socket.write('430 no such article\r\n')
        const code = { ARTICLE: 220, HEAD: 221, BODY: 222, STAT: 223 }[verb.toUpperCase() as 'ARTICLE']
        const head = `Message-ID: <${id}>\r\nFrom: tests <tests@test.invalid>\r\nNewsgroups: alt.binaries.test\r\nSubject: ${id}\r\n`
        if (code === 223) return socket.write(`223 0 <${id}>\r\n`)
        served.set(id, (served.get(id) ?? 0) + 1)
        const text = code === 221 ? Buffer.from(head) : code === 222 ? body : Buffer.concat([Buffer.from(head + '\r\n'), body])
        return socket.write(Buffer.concat([Buffer.from(`${code} 0 <${id}>\r\n`), dotStuff(text), Buffer.from('.\r\n')]))
      }
      default: return socket.write('500 unknown command\r\n')
    }
  }
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as { port: number }).port,
    served,
    post (files, tag) {
      return files.map((f, i) => {
        const { articles: list, file } = yencArticles(f.name ?? basename(f.path ?? 'file'), f.data, `${tag}.${i}`)
        for (const a of list) articles.set(a.messageId, a.body)
        return file
      })
    },
    lose: id => { lost.add(id) },
    hold: id => { held.add(id) },
    close: () => new Promise(resolve => { for (const s of sockets) s.destroy(); server.close(() => resolve()) })
  }
}

/** Lines starting with '.' get another '.' (RFC 3977 3.1.1); the body ends with CRLF before the terminator. */
function dotStuff (text: Buffer): Buffer {
  const s = text.toString('latin1').replace(/(^|\r\n)\./g, '$1..')
  return Buffer.from(s.endsWith('\r\n') ? s : s + '\r\n', 'latin1')
}
