// Properties of the address check (reliability notes §4.3): P1 private and special IPv4 addresses are refused
// in every spelling; P2 random IPv4 is accepted exactly when ipaddr.js calls it unicast; P3 the same for IPv6,
// after unwrapping IPv4-mapped addresses and refusing ::/96. Literals never reach the resolver.
import t from 'tap'
import fc from 'fast-check'
import ipaddr from 'ipaddr.js'
import { createUrlGuard } from '../../lib/url-guard/url-guard.js'
import { METADATA_ADDRESSES } from '../../lib/url-guard/address-policy.js'

const guard = createUrlGuard({ resolver: async () => { throw new Error('literals must not be resolved') } })
t.teardown(() => guard.close())
const accepts = (url: string) => guard.check(url, 'direct').then(() => true, () => false)

const PRIVATE_V4: Array<[number, number]> = [[127, 8], [10, 8], [172, 12], [192, 16], [169, 16], [0, 8], [100, 10]]
const BASES: Record<number, number> = { 127: 0x7f000000, 10: 0x0a000000, 172: 0xac100000, 192: 0xc0a80000, 169: 0xa9fe0000, 0: 0, 100: 0x64400000 }

const privateV4 = fc.constantFrom(...PRIVATE_V4).chain(([first, bits]) =>
  fc.integer({ min: 0, max: 2 ** (32 - bits) - 1 }).map(offset => (BASES[first] + offset) >>> 0))

function parts (n: number) { return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255] }
function spellings (n: number): string[] {
  const [a, b, c, d] = parts(n)
  const hex = (x: number) => x.toString(16)
  return [
    `${a}.${b}.${c}.${d}`, // dotted
    String(n), // decimal
    `0x${hex(n)}`, // hex
    `0${n.toString(8)}`, // octal
    `0x${hex(a)}.0x${hex(b)}.0x${hex(c)}.0x${hex(d)}`, // hex per part
    `0${a.toString(8)}.0${b.toString(8)}.0${c.toString(8)}.0${d.toString(8)}`, // octal per part
    `${a}.${b}.${(c << 8) | d}`, // short form
    `[::ffff:${a}.${b}.${c}.${d}]`, // mapped IPv6
    `[::ffff:${hex((a << 8) | b)}:${hex((c << 8) | d)}]`, // mapped hex
    `${a}.${b}.${c}.${d}.` // trailing dot
  ]
}

t.test('P1: private and special IPv4 addresses are refused in ten spellings', async t => {
  await fc.assert(fc.asyncProperty(privateV4, async n => {
    for (const host of spellings(n)) if (await accepts(`http://${host}/`)) return false
    return true
  }), { numRuns: 2000 })
  t.pass()
})

function expectedV4 (addr: string) {
  return ipaddr.parse(addr).range() === 'unicast' && !METADATA_ADDRESSES.some(c => ipaddr.parse(addr).match(ipaddr.parseCIDR(c)))
}

t.test('P2: random IPv4 is accepted exactly when it is global unicast (no over-blocking)', async t => {
  await fc.assert(fc.asyncProperty(fc.ipV4(), async addr => await accepts(`http://${addr}/`) === expectedV4(addr)), { numRuns: 10000 })
  t.pass()
})

t.test('P3: random IPv6 is never accepted unless unicast after unwrapping, and never in ::/96', async t => {
  await fc.assert(fc.asyncProperty(fc.ipV6(), async addr => {
    const ok = await accepts(`http://[${addr}]/`)
    // The oracle classifies what the URL parser produced (ipaddr.js reads "::1.0.0.0" as IPv4, URL as ::100:0).
    const a = ipaddr.process(new URL(`http://[${addr}]/`).hostname.slice(1, -1))
    const compat = a.kind() === 'ipv6' && (a as ipaddr.IPv6).parts.slice(0, 6).every(p => p === 0)
    const expected = a.kind() === 'ipv4' ? expectedV4(a.toString()) : a.range() === 'unicast' && !compat
    return ok === expected
  }), { numRuns: 10000 })
  t.pass()
})
