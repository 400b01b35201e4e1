// Which backend versions this server supports, and the verdict on a version a probe reported. The ranges are
// the releases the fidelity table (simulators/FIDELITY.md) was read at and the suite runs against; the README
// "Supported versions" section states the same. A version below the range is unsupported (its API differs
// from the one the clients were written for); a newer major is untested. Unreadable versions get no verdict.

export interface VersionPolicy {
  /** The service name as clients report it (BackendError.service, ProbeResult.service). */
  service: string
  /** The supported range, as shown to users. */
  supported: string
  /** Lowest supported [major, minor, patch]. */
  min: [number, number, number]
  /** Highest major read in the real source; a newer one is untested. */
  maxMajor: number
  /** Why versions below the range are not supported (a clause). */
  whyOlder: string
}

export const VERSION_POLICIES: VersionPolicy[] = [
  { service: 'Jellyfin', supported: '10.9–10.11', min: [10, 9, 0], maxMajor: 10, whyOlder: 'before 10.9 API keys and the item routes behave differently' },
  { service: 'Sonarr', supported: 'v4', min: [4, 0, 0], maxMajor: 4, whyOlder: 'Sonarr v3 runs another web stack and is end of life' },
  { service: 'Radarr', supported: 'v5–v6', min: [5, 0, 0], maxMajor: 6, whyOlder: 'before v5 manual import treats movieId differently' },
  { service: 'Prowlarr', supported: 'v1–v2', min: [1, 0, 0], maxMajor: 2, whyOlder: 'Prowlarr before 1.0 was a development line' },
  { service: 'qBittorrent', supported: '4.5–5.x', min: [4, 5, 0], maxMajor: 5, whyOlder: 'older releases were not checked (4.3 and before have no torrents/addPeers)' },
  { service: 'Transmission', supported: '3.00–4.1', min: [3, 0, 0], maxMajor: 4, whyOlder: 'before 3.00 torrents have no labels (rpc 16), which stand for categories' },
  // --- deluge: the Web UI JSON-RPC as in deluge-2.0.3 (Debian 12) through 2.2.0; 1.3 runs on Python 2 with other method names.
  { service: 'Deluge', supported: '2.0–2.2', min: [2, 0, 0], maxMajor: 2, whyOlder: 'Deluge 1.3 was not checked (its web API differs from 2.x)' },
  { service: 'pyLoad', supported: 'pyLoad-ng 0.5', min: [0, 5, 0], maxMajor: 0, whyOlder: 'pyLoad 0.4 has no API-key access to /api' },
  { service: 'aria2', supported: '1.18.4 and later 1.x', min: [1, 18, 4], maxMajor: 1, whyOlder: 'before 1.18.4 aria2 has no RPC secret' },
  // --- usenet: NZBGet read at nzbget/nzbget v21.0 and run for real (Debian 12); SABnzbd read at 4.0.0 and 5.0.1.
  { service: 'NZBGet', supported: '21', min: [21, 0, 0], maxMajor: 21, whyOlder: 'older releases were not checked' },
  { service: 'SABnzbd', supported: '4.0–5.x', min: [4, 0, 0], maxMajor: 5, whyOlder: 'older releases were not checked' }
]

export type VersionVerdict =
  | { kind: 'supported' }
  | { kind: 'unsupported' | 'untested', warning: string }

/** Major, minor, patch of "v5.2.3", "4.0.19.2979", "0.5.0b3.dev89"…; undefined when the text holds no version. */
export function parseVersion (text: string): [number, number, number] | undefined {
  const m = /^v?(\d+)\.(\d+)(?:\.(\d+))?/.exec(text.trim())
  return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : undefined
}

function older (a: [number, number, number], b: [number, number, number]): boolean {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i]
  return false
}

export function policyFor (service: string): VersionPolicy | undefined {
  return VERSION_POLICIES.find(p => p.service.toLowerCase() === service.toLowerCase())
}

/** The verdict on a reported version; undefined when the service has no policy or the version is unreadable. */
export function versionVerdict (service: string, version: string | undefined): VersionVerdict | undefined {
  const policy = policyFor(service)
  const parsed = version === undefined ? undefined : parseVersion(version)
  if (!policy || !parsed) return undefined
  if (older(parsed, policy.min)) {
    return { kind: 'unsupported', warning: `${policy.service} ${version} is not supported (this server supports ${policy.supported}: ${policy.whyOlder}); some tools will fail or misbehave. Upgrade ${policy.service}.` }
  }
  if (parsed[0] > policy.maxMajor) {
    return { kind: 'untested', warning: `${policy.service} ${version} is newer than the versions this server was checked against (${policy.supported}); if a tool fails, this may be why.` }
  }
  return { kind: 'supported' }
}
