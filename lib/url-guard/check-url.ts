// The download URL check: scheme per use, syntax, credentials, host name policy, and the address of every
// DNS answer. It never connects anywhere: names go through the injected resolver only.
import net from 'node:net'
import type { UrlUse } from '../../core/tool-types.js'
import { type AddressPolicy } from './address-policy.js'
import { hostNameProblem, normalizeHost } from './host-policy.js'
import { checkMagnet } from './magnet.js'
import { refuseUrl } from './refuse.js'

/** Resolves a host name to all its addresses (dns.lookup with all: true). Tests inject a fake. */
export type Resolver = (hostname: string) => Promise<Array<{ address: string, family: number }>>

export const MAX_URL_LENGTH = 2048
/** Magnets carry many tracker URLs, so they get more room; each tracker URL is still capped at MAX_URL_LENGTH. */
export const MAX_MAGNET_LENGTH = 8192

export const ALLOWED_SCHEMES: Record<UrlUse, string[]> = {
  direct: ['http:', 'https:'],
  torrent: ['magnet:', 'http:', 'https:']
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

export interface UrlCheckerOptions {
  resolver: Resolver
  addressPolicy: AddressPolicy
  /** Normalized host names that are this stack's own services. */
  ownHosts?: ReadonlySet<string>
}

export function createUrlChecker (opts: UrlCheckerOptions) {
  const ownHosts = opts.ownHosts ?? new Set<string>()

  /** Parses and checks syntax shared by every URL (top level or inside a magnet). `label` names it in messages. */
  function parse (input: string, label: string, maxLength: number): URL {
    if (typeof input !== 'string' || input.length === 0) refuseUrl(`${label} is empty.`)
    if (input.length > maxLength) refuseUrl(`${label} is longer than ${maxLength} characters.`)
    // WHATWG URL silently drops tabs and newlines and trims spaces: refuse instead, so what is checked is what was sent.
    if (CONTROL.test(input)) refuseUrl(`${label} contains a control character (newline, tab, NUL...). Send the URL without it.`)
    if (input !== input.trim()) refuseUrl(`${label} starts or ends with spaces. Send the URL without them.`)
    // A backslash is a path separator to WHATWG but not to every downloader: a parser differential.
    if (input.includes('\\')) refuseUrl(`${label} contains a backslash. Use forward slashes.`)
    let url: URL
    try {
      url = new URL(input)
    } catch {
      refuseUrl(`${label} is not a valid absolute URL (expected e.g. https://example.com/file.torrent).`)
    }
    return url
  }

  function checkCredentials (url: URL, raw: string, label: string) {
    const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(raw)?.[1] ?? ''
    if (url.username !== '' || url.password !== '' || authority.includes('@')) {
      refuseUrl(`${label} contains a user name or password (the "user@" part before the host). Remove it; credentials in URLs are not accepted.`)
    }
  }

  /** Checks the host of an http(s)/udp/ws URL: literal address, or name policy plus every resolved address. */
  async function checkHost (url: URL, label: string) {
    const host = normalizeHost(url.hostname.replace(/^\[|\]$/g, ''))
    if (net.isIP(host)) {
      const problem = opts.addressPolicy(host)
      if (problem) refuseUrl(`${label} points to ${host}, ${problem}. Only public internet addresses are allowed.`)
      return
    }
    const nameProblem = hostNameProblem(host, ownHosts)
    if (nameProblem) refuseUrl(`${label}: the host "${host}" ${nameProblem}.`)
    let answers: Array<{ address: string }>
    try {
      answers = await opts.resolver(host)
    } catch {
      refuseUrl(`${label}: the host "${host}" could not be resolved (DNS lookup failed). Check the spelling of the URL.`)
    }
    if (answers.length === 0) refuseUrl(`${label}: the host "${host}" has no addresses.`)
    for (const { address } of answers) {
      const problem = opts.addressPolicy(address)
      // Any forbidden answer refuses the name: a downloader may pick any of them.
      if (problem) refuseUrl(`${label}: the host "${host}" resolves to ${address}, ${problem}. Only public internet addresses are allowed.`)
    }
  }

  /** Full check of one http(s)-like URL. `schemes` is what this position allows. */
  async function checkNetworkUrl (raw: string, label: string, schemes: readonly string[], maxLength = MAX_URL_LENGTH): Promise<URL> {
    const url = parse(raw, label, maxLength)
    if (!schemes.includes(url.protocol)) {
      refuseUrl(`${label} uses the scheme "${url.protocol.replace(/:$/, '')}", which is not allowed here. Allowed: ${schemes.map(s => s.replace(/:$/, '')).join(', ')}.`)
    }
    checkCredentials(url, raw, label)
    await checkHost(url, label)
    return url
  }

  /**
   * A host:port a torrent client connects to directly (a magnet's x.pe peer or dht node, a .torrent's DHT node):
   * the same host name and address checks as a URL's host. The host is read as a URL host, so every numeric
   * spelling of an address (0x7f.1, 2130706433) is the address it means.
   */
  async function checkEndpoint (raw: string, label: string): Promise<void> {
    const shape = /^(\[[0-9a-fA-F:.]+\]|[^\s:/?#@\\[\]%]+):(\d{1,5})$/
    let url: URL | undefined
    if (typeof raw === 'string' && raw.length <= 300 && shape.test(raw)) {
      try { url = new URL(`http://${raw}/`) } catch {}
    }
    if (!url) refuseUrl(`${label} is not a host:port address (expected e.g. 203.0.113.7:6881 or [2001:db8::7]:6881).`)
    await checkHost(url, label)
  }

  /** Throws GuardError unless the URL is allowed for that use. Returns the parsed URL: pass url.href on, not the input. */
  async function check (input: string, use: UrlUse): Promise<URL> {
    const allowed = ALLOWED_SCHEMES[use]
    if (!allowed) throw new Error(`unknown URL use ${String(use)}`)
    const label = 'The download URL'
    if (typeof input === 'string' && /^magnet:/i.test(input)) {
      const url = parse(input, 'The magnet link', MAX_MAGNET_LENGTH)
      if (!allowed.includes('magnet:')) refuseUrl(`Magnet links are not accepted here. Allowed schemes: ${allowed.map(s => s.replace(/:$/, '')).join(', ')}.`)
      await checkMagnet(url, (raw, what, schemes) => checkNetworkUrl(raw, what, schemes), checkEndpoint)
      return url
    }
    return checkNetworkUrl(input, label, allowed)
  }

  return { check, checkNetworkUrl, checkEndpoint, policy: opts.addressPolicy }
}

export type UrlChecker = ReturnType<typeof createUrlChecker>
