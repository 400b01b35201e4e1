// How requests and answers of the qBittorrent WebUI look on the wire: session cookies, multipart uploads.
import { randomBytes } from 'node:crypto'

/** The `name=value` pairs of the cookies a login response sets (attributes and cleared cookies dropped). */
export function sessionCookie (setCookie: string | string[] | undefined): string | undefined {
  const pairs = ([] as string[]).concat(setCookie ?? []).flatMap(c => {
    const m = /^\s*([^=;\s]+)=([^;]*)/.exec(c)
    return m && m[2].trim() !== '' ? [`${m[1]}=${m[2].trim()}`] : []
  })
  return pairs.length ? pairs.join('; ') : undefined
}

export function multipart (fields: Record<string, string>, file: { name: string, filename: string, type: string, data: Buffer }) {
  const boundary = `----msmcp${randomBytes(12).toString('hex')}`
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  }
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\ncontent-type: ${file.type}\r\n\r\n`))
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`))
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}
