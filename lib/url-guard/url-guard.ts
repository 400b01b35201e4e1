// Composes the URL guard: the pre-check used before anything is queued, the guarded dispatcher plus
// fetchGuarded() for when the server itself downloads (e.g. a .torrent file whose bytes go to the client, its own
// trackers, web seeds and DHT nodes checked by torrentSources()), and
// the forward proxy the local downloaders connect through (every hop checked at connect time).
import dns from 'node:dns'
import net from 'node:net'
import type { Agent } from 'undici'
import { createAddressPolicy, type AddressPolicy } from './address-policy.js'
import { createUrlChecker, type Resolver } from './check-url.js'
import { createGuardedAgent } from './guarded-dispatcher.js'
import { fetchGuarded, type FetchGuardedOptions, type FetchGuardedResult } from './fetch-guarded.js'
import { normalizeHost } from './host-policy.js'
import { startForwardProxy, type Connector, type ForwardProxy } from './forward-proxy.js'
import { guardTorrentSources, type GuardedTorrent } from './torrent-sources.js'

export type { Resolver } from './check-url.js'
export type { Connector, ForwardProxy } from './forward-proxy.js'

export const DNS_TIMEOUT_MS = 5_000

/** The system resolver: every address of the name, as the OS would answer a downloader. */
export const systemResolver: Resolver = async hostname =>
  await dns.promises.lookup(hostname, { all: true, verbatim: true })

function withTimeout (resolver: Resolver, ms: number): Resolver {
  return hostname => new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('DNS lookup timed out')), ms)
    resolver(hostname).then(resolve, reject).finally(() => clearTimeout(timer))
  })
}

export interface UrlGuardOptions {
  resolver?: Resolver
  /** URLs of this stack's own services (backends, PUBLIC_URL): their hosts and addresses are never download targets. */
  ownUrls?: string[]
  /** Extra host names of this server (ALLOWED_HOSTS). */
  ownHosts?: string[]
  /** Replaces the public-unicast address policy. For tests on loopback only. */
  addressPolicy?: AddressPolicy
  /** Response cap of the guarded dispatcher (default 20 MiB). */
  maxResponseSize?: number
  /** How the forward proxy opens a checked connection. For tests on loopback only. */
  connect?: Connector
}

export function createUrlGuard (opts: UrlGuardOptions = {}) {
  const hosts = new Set<string>((opts.ownHosts ?? []).map(normalizeHost))
  const literals: string[] = []
  for (const raw of opts.ownUrls ?? []) {
    if (!raw) continue
    let host: string
    try {
      host = normalizeHost(new URL(raw).hostname.replace(/^\[|\]$/g, ''))
    } catch {
      continue
    }
    if (net.isIP(host)) literals.push(host)
    else if (host) hosts.add(host)
  }
  const addressPolicy = opts.addressPolicy ?? createAddressPolicy(literals)
  const resolver = withTimeout(opts.resolver ?? systemResolver, DNS_TIMEOUT_MS)
  const checker = createUrlChecker({ resolver, addressPolicy, ownHosts: hosts })
  let agent: Agent | undefined
  let proxy: Promise<ForwardProxy> | undefined
  let closed = false

  /** The guarded undici dispatcher (created on first use). */
  function dispatcher (): Agent {
    agent ??= createGuardedAgent({ addressPolicy, resolver, maxResponseSize: opts.maxResponseSize })
    return agent
  }

  return {
    /** Throws GuardError unless the URL is allowed for that use; resolves names and checks every address. */
    check: checker.check,
    /** Why an address is forbidden, or undefined when it is public. */
    addressProblem: addressPolicy,
    dispatcher,
    /** A fetched .torrent file with its trackers, web seeds and DHT nodes that fail the check left out (torrent-sources.ts). */
    torrentSources: (torrent: Buffer): Promise<GuardedTorrent> =>
      guardTorrentSources(torrent, checker.checkNetworkUrl, checker.checkEndpoint),
    /** Downloads through the guarded dispatcher, re-checking every redirect. */
    fetchGuarded: (url: string, options: FetchGuardedOptions): Promise<FetchGuardedResult> =>
      fetchGuarded(checker.check, dispatcher(), url, options),
    /** The loopback forward proxy for downloaders that run here (yt-dlp, the managed aria2c), started on first use. */
    forwardProxy: (): Promise<ForwardProxy> => {
      if (closed) return Promise.reject(new Error('the URL guard is closed'))
      proxy ??= startForwardProxy({ addressPolicy, resolver, ownHosts: hosts, connect: opts.connect })
      proxy.catch(() => { proxy = undefined })
      return proxy
    },
    close: async () => {
      closed = true
      await agent?.close()
      await (await proxy?.catch(() => undefined))?.close()
    }
  }
}

export type UrlGuardService = ReturnType<typeof createUrlGuard>
