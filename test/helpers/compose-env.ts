// The tool server's environment as Compose builds it for a deployment mode: .env (from .env.example) via
// env_file, then the base file's environment, then the mode file's, with ${VAR} and ${VAR:-default}
// interpolated. Shared by the static compose checks and the tests that run a mode behind a real proxy.
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'

const root = new URL('../../', import.meta.url)
export const COMPOSE_BASE = 'compose/docker-compose.yml'

export const readRepoFile = (f: string) => readFileSync(new URL(f, root), 'utf8')
export const composeYaml = (f: string) => parse(readRepoFile(f), { merge: true })

export function modeEnvironment (modeFile: string): Record<string, string> {
  const dotenv = Object.fromEntries([...readRepoFile('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(m => [m[1], m[2]]))
  const interpolate = (v: unknown) => String(v).replace(/\$\{([A-Z0-9_]+)(?::?-([^}]*))?\}/g, (_, name: string, def?: string) => dotenv[name] || (def ?? ''))
  const env: Record<string, string> = { ...dotenv }
  for (const f of [COMPOSE_BASE, modeFile]) {
    for (const [k, v] of Object.entries<unknown>(composeYaml(f).services['mcp-server']?.environment ?? {})) env[k] = interpolate(v)
  }
  return env
}

/** The fixed address a mode gives its entry point (Caddy, the tunnel) on the private network. */
export const entryAddressOf = (modeFile: string, service: string) => composeYaml(modeFile).services[service].networks.internal.ipv4_address as string
