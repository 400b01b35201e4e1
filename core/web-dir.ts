// The dashboard's files (web/) beside the sources, or beside dist/ after a build. In core/ because both the
// dashboard routes and the MCP app views (a plugin) read from it, and a plugin may not import a route.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export function webDir (): string {
  for (const rel of ['../web', '../../web']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url))
    if (existsSync(join(dir, 'index.html'))) return dir
  }
  throw new Error('The dashboard files (web/index.html) were not found next to the server.')
}
