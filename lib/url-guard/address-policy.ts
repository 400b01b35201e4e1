// Which IP addresses a download may reach: global unicast only (an allowlist, so ranges nobody thought of
// stay blocked), minus ::/96 (IPv4-compatible IPv6, which ipaddr.js labels unicast) and known metadata
// services that sit on public addresses.
import ipaddr from 'ipaddr.js'

/** Returns why an address is forbidden, or undefined when it is a public (global unicast) address. */
export type AddressPolicy = (address: string) => string | undefined

/** Cloud metadata and control-plane services that live on unicast addresses. */
export const METADATA_ADDRESSES = ['168.63.129.16/32'] // Azure wire server

const RANGE_NAMES: Record<string, string> = {
  unspecified: 'the unspecified address (0.0.0.0 or ::)',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address (this includes cloud metadata services)',
  loopback: 'a loopback address (this machine)',
  carrierGradeNat: 'a carrier-grade NAT address (100.64.0.0/10)',
  private: 'a private network address',
  reserved: 'a reserved special-purpose address',
  uniqueLocal: 'a private IPv6 address (unique local, fc00::/7)',
  deprecatedSiteLocal: 'a site-local IPv6 address (fec0::/10)',
  ipv4Mapped: 'an IPv4-mapped IPv6 address',
  rfc6145: 'an IPv4-translated IPv6 address',
  rfc6052: 'a NAT64 address (64:ff9b::/96)',
  '6to4': 'a 6to4 address (2002::/16)',
  teredo: 'a Teredo address (2001::/32)',
  benchmarking: 'a benchmarking address',
  discard: 'a discard-only address'
}

function parseCidrs (list: readonly string[]): Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> {
  return list.map(entry => {
    if (entry.includes('/')) return ipaddr.parseCIDR(entry)
    const a = ipaddr.process(entry)
    return [a, a.kind() === 'ipv4' ? 32 : 128]
  })
}

/**
 * Builds the policy. `denied` adds addresses or CIDRs (e.g. the backends' own addresses) to refuse even
 * when they are public.
 */
export function createAddressPolicy (denied: readonly string[] = []): AddressPolicy {
  const metadata = parseCidrs(METADATA_ADDRESSES)
  const configured = parseCidrs(denied)
  return (address: string) => {
    let a: ipaddr.IPv4 | ipaddr.IPv6
    try {
      a = ipaddr.process(address.replace(/^\[|\]$/g, ''))
    } catch {
      return 'not a valid IP address'
    }
    const range = a.range()
    if (range !== 'unicast') return RANGE_NAMES[range] ?? `a special-purpose address (${range})`
    if (a.kind() === 'ipv6' && (a as ipaddr.IPv6).parts.slice(0, 6).every(p => p === 0)) {
      return 'an IPv4-compatible IPv6 address (::/96)'
    }
    const hit = (list: typeof metadata) => list.some(([net, bits]) => net.kind() === a.kind() && a.match(net, bits))
    if (hit(metadata)) return 'a cloud metadata service address'
    if (hit(configured)) return 'the address of one of this stack\'s own services'
    return undefined
  }
}

export const publicAddressesOnly: AddressPolicy = createAddressPolicy()
