// The server's version as published in package.json, found from the source tree and from dist/.
import { readFileSync } from 'node:fs'

let cached: string | undefined

export function packageVersion (): string {
  if (cached) return cached
  for (const rel of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as { name?: string, version?: string }
      if (pkg.name === 'mediastack-mcp' && typeof pkg.version === 'string') return (cached = pkg.version)
    } catch {
      // not at this level; try the next one
    }
  }
  return '0.0.0'
}
