// `npm run simulators`: the simulated stack alone (media server, series/movie/indexer managers, direct-download
// manager, Usenet client), over the demo's household and generated media tree, without the tool server. It
// prints each backend's URL and key and the settings that point a tool server at them, so a household can run
// one real program beside simulated ones (start the server with these settings and that program's own URL and
// key). Honours MEDIA_ROOT and DOWNLOADS_ROOT (fresh temp folders when unset) and removes them on Ctrl+C.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import closeWithGrace from 'close-with-grace'
import { startSimulatedStack } from '../simulators/stack.js'
import { generateDemoTree } from './demo-tree.js'
import { mediaServerArg, backendLines } from './stack-lines.js'

const env = process.env
const say = (line: string) => process.stdout.write(`${line}\n`)

const mediaServer = mediaServerArg('simulators')

const scratch = mkdtempSync(join(tmpdir(), 'mediastack-simulators-'))
const mediaRoot = env.MEDIA_ROOT ?? join(scratch, 'data')
const downloadsRoot = env.DOWNLOADS_ROOT ?? join(scratch, 'downloads')
const requests = env.DEMO_REQUESTS === '1'

say('Mediastack simulated stack')
say(`  media root:     ${mediaRoot}${env.MEDIA_ROOT ? '' : ' (fresh temp tree)'}`)
say(`  downloads root: ${downloadsRoot}${env.DOWNLOADS_ROOT ? '' : ' (fresh temp tree)'}`)
const tree = await generateDemoTree(mediaRoot, downloadsRoot)
const stack = await startSimulatedStack({ media: mediaRoot, downloads: downloadsRoot }, { household: { sample: tree.sample }, mediaServer, seerr: requests, usenet: true })

closeWithGrace({ delay: 10_000 }, async () => {
  await stack.close()
  if (!env.MEDIA_ROOT && !env.DOWNLOADS_ROOT) rmSync(scratch, { recursive: true, force: true })
})

say('  simulated backends (keys made for this run):')
for (const line of backendLines(stack.settings, { mediaServer, requests })) say(line)
say('')
say('Settings for a tool server on these backends (e.g. in .env, then npm start or npm run dev); replace any')
say('backend\'s URL and key with a real program\'s to try it beside the simulated ones:')
say(`MEDIA_ROOT=${mediaRoot}`)
say(`DOWNLOADS_ROOT=${downloadsRoot}`)
for (const [key, value] of Object.entries(stack.settings)) say(`${key}=${value}`)
say('')
say('Ready: simulated stack running (Ctrl+C to stop)')
