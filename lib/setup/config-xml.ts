// Reads a Servarr API key (Sonarr, Radarr, Prowlarr) from its own config.xml under the operator's config
// root (<root>/<service>/config.xml, the compose layout). The file is tiny and flat (<Config> with one level
// of simple elements), so instead of a general XML parser this is a strict reader that refuses anything
// else: symlinks out of the root, non-regular files, large files, invalid UTF-8, control bytes, DTDs,
// nesting, a missing or repeated <ApiKey>, and key values outside [A-Za-z0-9].
import { constants } from 'node:fs'
import { open, realpath } from 'node:fs/promises'
import { join, sep } from 'node:path'
import { codeOf } from '../fs/durable.js'

export type ServarrService = 'sonarr' | 'radarr' | 'prowlarr'

/** Real config.xml files are about 1 KiB; anything this big is not one. */
export const MAX_CONFIG_BYTES = 64 * 1024
/** Servarr keys are 32 hex characters; overrides may differ, but never outside this alphabet. */
export const API_KEY_PATTERN = /^[A-Za-z0-9]{16,128}$/

export class ConfigXmlError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'ConfigXmlError'
  }
}

const NAME = '[A-Za-z_][A-Za-z0-9_.-]{0,63}'
// One flat element: <Name>text</Name>, <Name></Name> or <Name />; text holds no markup.
const ELEMENT = new RegExp(`^<(${NAME})\\s*(?:/>|>([^<]*)</\\1\\s*>)`)
const DECLARATION = /^<\?xml[^?<>]*\?>/
// Bytes that never belong in a config file (everything below 0x20 except tab, LF, CR; DEL).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** The flat <Config> children of a config.xml text, or a ConfigXmlError saying why the text is refused. */
export function parseFlatConfig (text: string): Map<string, string[]> {
  if (CONTROL.test(text)) throw new ConfigXmlError('contains control characters')
  let rest = text.replace(/^\uFEFF/, '').trim()
  const decl = DECLARATION.exec(rest)
  if (decl) rest = rest.slice(decl[0].length).trimStart()
  if (!rest.startsWith('<Config>') || !rest.endsWith('</Config>')) throw new ConfigXmlError('is not a <Config> document')
  rest = rest.slice('<Config>'.length, -'</Config>'.length).trim()
  const elements = new Map<string, string[]>()
  while (rest.length > 0) {
    const m = ELEMENT.exec(rest)
    if (!m) throw new ConfigXmlError('has structure a Servarr config.xml never has (nesting, DTD, comments or attributes)')
    const values = elements.get(m[1]) ?? []
    values.push(m[2] ?? '')
    elements.set(m[1], values)
    rest = rest.slice(m[0].length).trimStart()
  }
  return elements
}

/** The API key in a config.xml text (strict; see parseFlatConfig). */
export function apiKeyFromConfigXml (text: string): string {
  const values = parseFlatConfig(text).get('ApiKey')
  if (!values || values.length === 0) throw new ConfigXmlError('has no <ApiKey>')
  if (values.length > 1) throw new ConfigXmlError('has more than one <ApiKey>')
  const key = values[0].trim()
  if (!API_KEY_PATTERN.test(key)) throw new ConfigXmlError('has an <ApiKey> that is not 16-128 letters and digits')
  return key
}

/** Whether `child` is `root` or below it (both already real, absolute paths). */
export function isInside (root: string, child: string): boolean {
  return child === root || child.startsWith(root.endsWith(sep) ? root : root + sep)
}

/**
 * Reads <root>/<service>/config.xml and returns its API key. The service folder is resolved first and must
 * stay inside the real root (a symlinked folder pointing elsewhere is refused); the file itself is opened
 * without following a symlink and must be a small regular file.
 */
export async function readServarrApiKey (root: string, service: ServarrService): Promise<string> {
  const shown = `${service}/config.xml`
  let rootReal: string
  let dirReal: string
  try {
    rootReal = await realpath(root)
    dirReal = await realpath(join(rootReal, service))
  } catch (err) {
    if (codeOf(err) === 'ENOENT') throw new ConfigXmlError(`${shown} was not found under the config root`)
    throw new ConfigXmlError(`${shown} could not be opened (${codeOf(err) ?? 'error'})`)
  }
  if (!isInside(rootReal, dirReal)) throw new ConfigXmlError(`${service}/ points outside the config root; refusing to follow it`)
  let fh
  try {
    fh = await open(join(dirReal, 'config.xml'), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  } catch (err) {
    const code = codeOf(err)
    if (code === 'ENOENT') throw new ConfigXmlError(`${shown} was not found under the config root`)
    if (code === 'ELOOP') throw new ConfigXmlError(`${shown} is a symlink; refusing to follow it`)
    if (code === 'EACCES') throw new ConfigXmlError(`${shown} is not readable by the tool server`)
    throw new ConfigXmlError(`${shown} could not be opened (${code ?? 'error'})`)
  }
  try {
    const stat = await fh.stat()
    if (!stat.isFile()) throw new ConfigXmlError(`${shown} is not a regular file`)
    if (stat.size > MAX_CONFIG_BYTES) throw new ConfigXmlError(`${shown} is larger than ${MAX_CONFIG_BYTES / 1024} KiB; not a Servarr config.xml`)
    const buf = Buffer.alloc(MAX_CONFIG_BYTES + 1)
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0)
    if (bytesRead > MAX_CONFIG_BYTES) throw new ConfigXmlError(`${shown} is larger than ${MAX_CONFIG_BYTES / 1024} KiB; not a Servarr config.xml`)
    let text: string
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, bytesRead))
    } catch {
      throw new ConfigXmlError(`${shown} is not valid UTF-8`)
    }
    try {
      return apiKeyFromConfigXml(text)
    } catch (err) {
      if (err instanceof ConfigXmlError) throw new ConfigXmlError(`${shown} ${err.message}`)
      throw err
    }
  } finally {
    await fh.close()
  }
}
