// The node arguments that run a .ts entry point in a child process as the test processes themselves run
// (test/loader: esbuild, its output cached on disk across processes) rather than through tsx. Under load a tsx
// start of the app took twice the CPU (~4.5 s against ~2.5 s: tsx's hooks run on a worker the loading thread
// waits on, and it compiles again what the test loader has cached). test/entry-points.test.ts keeps tsx: it
// checks the entry points as the package scripts run them.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

export const TS_LOADER = ['--import', pathToFileURL(join(import.meta.dirname, '..', 'loader', 'register.mjs')).href]
