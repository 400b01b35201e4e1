// TRUST_PROXY: which peers may set X-Forwarded-For. Only IP addresses and CIDR ranges (plus proxy-addr's
// named ranges) are accepted: a host name makes Fastify throw at startup, `true` trusts every client's
// forged header, and a hop count trusts whatever the first hops claim.
import net from 'node:net'

/** proxy-addr's named ranges, accepted by Fastify beside addresses and CIDRs. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

const ACCEPTED = 'a comma-separated list of IP addresses or CIDR ranges of your reverse proxy, e.g. 172.30.88.10 or 10.0.0.0/8 (empty: no proxy)'

function entryProblem (entry: string): string | undefined {
  if (NAMED_RANGES.has(entry)) return undefined
  if (entry === 'true') return `"${entry}" is not allowed (trusting every peer lets any client forge its address)`
  if (/^\d+$/.test(entry)) return `"${entry}" looks like a hop count, which is not supported`
  const [address, prefix, extra] = entry.split('/')
  const family = net.isIP(address)
  if (family === 0) return `"${entry}" is not an IP address (host names such as container names are not resolved here)`
  if (prefix === undefined) return undefined
  const bits = family === 4 ? 32 : 128
  if (extra !== undefined || !/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return `"${entry}" is not a valid CIDR range (prefix 0–${bits})`
  return undefined
}

/** Returns a one-line problem naming TRUST_PROXY and the accepted form, or undefined when the value is usable. */
export function trustProxyProblem (value: string): string | undefined {
  if (value.trim() === '') return undefined
  const entries = value.split(',').map(s => s.trim())
  if (entries.some(e => e === '')) return `TRUST_PROXY: "${value}" has an empty entry; use ${ACCEPTED}`
  for (const entry of entries) {
    const problem = entryProblem(entry)
    if (problem) return `TRUST_PROXY: ${problem}; use ${ACCEPTED}`
  }
  return undefined
}
