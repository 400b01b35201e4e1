// Runs before every entry point (npm run demo/start/dev/setup/bot): on a Node.js older than package.json's
// `engines` it prints one line (needed, found, how to get Node 24 LTS) instead of a stack from a module that
// older Node lacks (node:sqlite). Plain JavaScript with no imports beyond node:fs, so any Node can run it.
import { readFileSync } from 'node:fs'

/** The minimum from an `engines.node` range of the form ">=MAJOR.MINOR[.PATCH]". */
export function minimumFrom (range) {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(String(range).trim())
  if (!match) throw new Error(`package.json engines.node is "${range}"; expected ">=MAJOR.MINOR"`)
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)]
}

/** One line when `found` (e.g. "20.20.2") is older than `minimum`; undefined when it is new enough. */
export function nodeVersionProblem (found, minimum) {
  const have = found.split('.').map(Number)
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) > minimum[i]) return undefined
    if ((have[i] ?? 0) < minimum[i]) {
      return `Mediastack MCP needs Node.js ${minimum.slice(0, 2).join('.')} or later (Node 24 LTS recommended); this is Node.js ${found}. ` +
        'Install Node 24 LTS from https://nodejs.org/en/download (or `nvm install 24`), then run the command again.'
    }
  }
  return undefined
}

const invokedDirectly = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop())
if (invokedDirectly) {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
  const problem = nodeVersionProblem(process.versions.node, minimumFrom(pkg.engines.node))
  if (problem) {
    process.stderr.write(`${problem}\n`)
    process.exit(1)
  }
}
