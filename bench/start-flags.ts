// The Node flags `npm start` (and the image's CMD, test/deploy/compose.test.ts) runs the server with, and the
// allocator settings the image sets, so the benches measure the server as it is deployed (--max-semi-space-size
// and MALLOC_ARENA_MAX, which bound RSS).
import { readFileSync } from 'node:fs'

export function startFlags (packageJson: URL): string[] {
  const start = (JSON.parse(readFileSync(packageJson, 'utf8')) as { scripts: { start: string } }).scripts.start
  return serverCommand(start).filter(a => a.startsWith('--'))
}

/** The node command of `npm start`: after the Node version check, without the .env flag (the image and the
 * benches set the environment themselves). */
export function serverCommand (start: string): string[] {
  return (start.split(' && ').at(-1) ?? '').split(' ').filter(a => !a.startsWith('--env-file'))
}

/**
 * The C allocator's settings (MALLOC_*) among the image's ENV lines: read by glibc when the process starts, so they
 * must be in a spawned server's environment, not set by the server itself.
 */
export function allocatorEnv (dockerfile: URL): Record<string, string> {
  const text = readFileSync(dockerfile, 'utf8')
  const pairs = [...text.matchAll(/^ENV (.+)$/gm)].flatMap(m => m[1].trim().split(/\s+/))
  return Object.fromEntries(pairs.map(p => p.split('=')).filter(([k, v]) => k.startsWith('MALLOC_') && v !== undefined))
}
