// The tool server on the demo stack, as `npm run demo` builds it: the simulated stack (simulators/stack.ts) on
// temp roots, the demo's settings (scripts/demo-config.ts), and buildTestApp on those roots and settings.
//
//   const demo = await buildDemoApp(t, { tree: true, stack: { validate: true } })
//   await demo.call('download_status')          demo.stack.settings: the simulators' URLs and keys
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BuildOptions } from '../../app.js'
import { demoConfig } from '../../scripts/demo-config.js'
import { generateDemoTree, type DemoTreeResult } from '../../scripts/demo-tree.js'
import { startSimulatedStack, type SimulatedStack, type StackOptions } from '../../simulators/stack.js'
import { buildTestApp, TEST_INTERNAL_KEY, type TestApp, type TestRoots } from './build.js'

export interface DemoAppOptions {
  /** The demo tree in the roots first; 'no-ffmpeg': its sample without ffmpeg (a few bytes, not a real video). */
  tree?: boolean | 'no-ffmpeg'
  /** The simulated stack's options; a function gets the tree (the household's sample). */
  stack?: StackOptions | ((tree: DemoTreeResult | undefined, roots: TestRoots) => StackOptions)
  /** Settings on top of the demo's (a public URL, notice channels). */
  config?: Record<string, unknown> | ((stack: SimulatedStack) => Record<string, unknown>)
  /** buildApp options (plugin seams). */
  build?: BuildOptions
}

export type DemoApp = TestApp<{}> & { stack: SimulatedStack, tree?: DemoTreeResult, key: string }

/** Builds the demo stack and the tool server on it (background probes on, as the demo runs); all closed in teardown. */
export async function buildDemoApp (t: { teardown: (fn: () => unknown) => void }, opts: DemoAppOptions = {}): Promise<DemoApp> {
  const base = mkdtempSync(join(tmpdir(), 'msmcp-demo-'))
  const roots = { base, media: join(base, 'data'), downloads: join(base, 'downloads'), state: join(base, 'state') }
  for (const d of [roots.media, roots.downloads, roots.state]) mkdirSync(d, { recursive: true })
  // tap runs teardowns last in, first out: the app closes, then the stack, then the roots go.
  t.teardown(() => rmSync(base, { recursive: true, force: true }))
  const tree = opts.tree ? await generateDemoTree(roots.media, roots.downloads, ...(opts.tree === 'no-ffmpeg' ? [join(base, 'no-ffmpeg')] : [])) : undefined
  const stack = await startSimulatedStack(roots, typeof opts.stack === 'function' ? opts.stack(tree, roots) : opts.stack)
  t.teardown(() => stack.close())
  const settings = demoConfig({ LOG_LEVEL: 'silent' }, { port: 0, mediaRoot: roots.media, downloadsRoot: roots.downloads, stateDir: roots.state, internalKey: TEST_INTERNAL_KEY, stack: stack.settings })
  const built = await buildTestApp(t, {
    roots,
    settings,
    config: typeof opts.config === 'function' ? opts.config(stack) : opts.config,
    build: opts.build,
    probe: true
  })
  return { ...built, stack, ...(tree && { tree }), key: TEST_INTERNAL_KEY }
}
