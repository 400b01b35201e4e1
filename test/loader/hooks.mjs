// Loader hooks that run the .ts sources as they are, for the tests only (the server itself runs from `npm run build`
// or `tsx`). Why not the tap plugin's ts-node: it compiles the app's whole import graph with TypeScript in each of
// 300 test processes (~7.5 s each, most of the suite's time). Why not tsx: it minifies every module onto one line,
// and V8 coverage, which is line-based once mapped, then reports each file as one covered statement. esbuild here
// keeps the lines, so coverage maps line for line, and takes ~1 s for the same graph.
// Synchronous hooks (module.registerHooks) run on the loading thread: the asynchronous ones (module.register) run
// on a worker the loading thread waits for at every import, which cost a quarter more CPU for the app's ~600 files
// (importing app.ts: 4.1 s of CPU with module.register, 3.0 s with these, measured on a loaded 2-core machine).
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { transformSync } from 'esbuild'
import { transformCache } from './transform-cache.mjs'

const BATCH = Symbol.for('mediastack.test-batch')
const TAP_FOR_FILE = new URL('./tap-for-file.mjs', import.meta.url).href
const LIGHT_DOMAIN = new URL('./light-domain.mjs', import.meta.url).href

// NodeNext sources import './x.js' for './x.ts': try the .ts file when the .js one does not exist.
// In a process that runs several test files (scripts/test-batch.mjs), a test file's 'tap' is its own subtest, and
// tap's async-hook-domain is light-domain.mjs (why: there).
export function resolve (specifier, context, next) {
  if (globalThis[BATCH] !== undefined) {
    if (specifier === 'tap' && context.parentURL?.endsWith('.test.ts')) {
      return { url: `${TAP_FOR_FILE}?file=${encodeURIComponent(context.parentURL)}`, shortCircuit: true }
    }
    if (specifier === 'async-hook-domain') return { url: LIGHT_DOMAIN, shortCircuit: true }
  }
  if (specifier.endsWith('.js') && (specifier.startsWith('.') || specifier.startsWith('file:')) && context.parentURL?.startsWith('file:')) {
    const tsUrl = new URL(specifier.slice(0, -3) + '.ts', context.parentURL)
    if (!existsSync(new URL(specifier, context.parentURL)) && existsSync(tsUrl)) return next(tsUrl.href, context)
  }
  return next(specifier, context)
}

const OPTIONS = {
  loader: 'ts',
  format: 'esm',
  target: 'node24',
  sourcemap: 'inline',
  // As tsc with this project's tsconfig (target ES2023): class fields are defined, not assigned.
  tsconfigRaw: { compilerOptions: { useDefineForClassFields: true, verbatimModuleSyntax: false } }
}
const cache = transformCache(OPTIONS)

export function load (url, context, next) {
  if (!url.startsWith('file:') || !url.endsWith('.ts') || url.includes('/node_modules/')) return next(url, context)
  const path = fileURLToPath(url)
  const source = readFileSync(path, 'utf8')
  const code = cache.get(path, source, () => transformSync(source, { ...OPTIONS, sourcefile: path }).code)
  return { format: 'module', source: code, shortCircuit: true }
}
