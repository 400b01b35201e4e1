// The server's version as published in package.json, found from both the source tree and dist/.
import { readFileSync } from 'node:fs'

export function packageVersion (): string {
  for (const rel of ['../../package.json', '../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as { name?: string, version?: string }
      if (pkg.name === 'mediastack-mcp' && typeof pkg.version === 'string') return pkg.version
    } catch {
      // not at this level; try the next one
    }
  }
  return '0.0.0'
}
