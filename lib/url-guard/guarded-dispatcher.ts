// An undici Agent for the server's own outbound downloads (e.g. a .torrent file). It enforces the address
// policy where the socket is opened: IP literals are checked by the connector itself (net.connect never calls
// `lookup` for them) and names go through a lookup that refuses the connection if any answer is forbidden.
// So a redirect to a literal private address, or a name that re-resolves to one (DNS rebinding), is blocked.
// Never use it for the stack's own backends (they live on private addresses by design).
import net from 'node:net'
import type { LookupAddress } from 'node:dns'
import { Agent, buildConnector } from 'undici'
import type { AddressPolicy } from './address-policy.js'
import type { Resolver } from './check-url.js'

export const BLOCKED_CODE = 'ESSRF_BLOCKED'

export interface GuardedAgentOptions {
  addressPolicy: AddressPolicy
  resolver: Resolver
  connectTimeoutMs?: number
  headersTimeoutMs?: number
  bodyTimeoutMs?: number
  /** Bytes; larger responses fail with UND_ERR_RES_EXCEEDED_MAX_SIZE. */
  maxResponseSize?: number
}

function blocked (host: string, address: string, why: string): Error {
  return Object.assign(new Error(`connection to ${host} refused: ${address} is ${why}`), { code: BLOCKED_CODE })
}

type LookupCallback = (err: Error | null, address?: string | LookupAddress[], family?: number) => void

export function createGuardedAgent (opts: GuardedAgentOptions): Agent {
  const lookup = (hostname: string, options: { family?: number | string, all?: boolean }, callback: LookupCallback) => {
    opts.resolver(hostname).then(answers => {
      const bad = answers.find(a => opts.addressPolicy(a.address) !== undefined)
      if (bad) return callback(blocked(hostname, bad.address, opts.addressPolicy(bad.address)!))
      const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0)
      const usable = family === 4 || family === 6 ? answers.filter(a => a.family === family) : answers
      if (usable.length === 0) {
        return callback(Object.assign(new Error(`${hostname} has no usable address`), { code: 'ENOTFOUND' }))
      }
      if (options.all) return callback(null, usable.map(a => ({ address: a.address, family: a.family })))
      return callback(null, usable[0].address, usable[0].family)
    }, (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))))
  }
  const base = buildConnector({ lookup: lookup as never, timeout: opts.connectTimeoutMs ?? 5_000 })
  return new Agent({
    connect (options, callback) {
      const host = options.hostname.replace(/^\[|\]$/g, '')
      if (net.isIP(host)) {
        const why = opts.addressPolicy(host)
        if (why) return callback(blocked(host, host, why), null)
      }
      return base(options, callback)
    },
    headersTimeout: opts.headersTimeoutMs ?? 10_000,
    bodyTimeout: opts.bodyTimeoutMs ?? 30_000,
    maxResponseSize: opts.maxResponseSize ?? 20 * 1024 * 1024
  })
}
