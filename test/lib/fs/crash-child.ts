// Child process for the crash test: moves one file (or tree) across a simulated filesystem boundary and
// kills itself with SIGKILL right before the requested step, exactly as a power cut or OOM kill would.
import { moveTree } from '../../../lib/fs/move-tree.js'

const [from, to, crashSpec, logFile] = process.argv.slice(2)
// "same:unlink-source" crashes on the same-filesystem path; anything else takes the copy path.
const sameFs = crashSpec.startsWith('same:')
const crashAt = crashSpec.replace(/^same:/, '')
const { writeFileSync } = await import('node:fs')
let seen = 0
await moveTree(from, to, {
  forceCopy: !sameFs,
  onPlanned: entry => { writeFileSync(logFile, JSON.stringify(entry)) },
  checkpoint: step => {
    // "copy#2" means: the second time the copy step is reached (second file of a tree).
    const [name, nth] = crashAt.split('#')
    if (step === name && ++seen === Number(nth ?? 1)) process.kill(process.pid, 'SIGKILL')
  }
})
