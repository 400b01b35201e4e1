// PLACEHOLDER: replaced by the work on the URL guard. Registered in app.ts; keep the plugin name.
import fp from 'fastify-plugin'

/** Resolves a host name to all its addresses (dns.lookup with all: true). Tests inject a fake. */
export type Resolver = (hostname: string) => Promise<Array<{ address: string, family: number }>>

export default fp<{ resolver?: Resolver }>(async function placeholder () {}, { name: 'url-guard' })
