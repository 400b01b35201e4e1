// The Node flags `npm start` (and the image's CMD, test/deploy/compose.test.ts) runs the server with, so the
// benches measure the server as it is deployed (e.g. --max-semi-space-size, which bounds RSS).
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
