// Host names a download may never name, whatever they resolve to: local-network names and this stack's own
// services. Input is WHATWG URL's hostname (lowercased, IDNA-encoded), without brackets.

/** Suffixes that only ever name something on the local network. */
const LOCAL_SUFFIXES = ['localhost', 'local', 'internal', 'home.arpa', 'localdomain', 'lan', 'home']

export function normalizeHost (hostname: string): string {
  return hostname.toLowerCase().replace(/\.+$/, '')
}

/** Returns why a host name is refused, or undefined. `ownHosts` are normalized host names of the stack's services. */
export function hostNameProblem (hostname: string, ownHosts: ReadonlySet<string>): string | undefined {
  const host = normalizeHost(hostname)
  if (host === '') return 'has no host name'
  if (ownHosts.has(host)) return 'is one of this media stack\'s own services; downloads may only come from the public internet'
  if (!host.includes('.')) return 'is a single-label name (like a Docker service or LAN machine name); use a full public domain name'
  const suffix = LOCAL_SUFFIXES.find(s => host === s || host.endsWith('.' + s))
  if (suffix) return `is a local-network name (*.${suffix}); downloads may only come from the public internet`
  return undefined
}
