// The real server (server.ts) in a child process, with every fsync made slower by the milliseconds given as
// the first argument: a move copies file by file and fsyncs each copy, so a test can stop the server (SIGTERM
// or SIGKILL) part-way through a folder move. Nothing else differs from `npm start`.
// Arguments: the fsync delay (ms), then optionally "hold" (below).
import { open } from 'node:fs/promises'

const delayMs = Number(process.argv[2] ?? 0)
const probe = await open(process.execPath, 'r')
const proto = Object.getPrototypeOf(probe) as { sync: () => Promise<void> }
await probe.close()
const sync = proto.sync
proto.sync = async function (this: unknown) {
  await new Promise(resolve => setTimeout(resolve, delayMs))
  return await sync.call(this)
}
// "hold" (second argument): load the app's modules now, start the server only when a line arrives on stdin. A test
// that restarts the server loads the next one while the previous still runs (loading is most of a start).
if (process.argv[3] === 'hold') {
  await import('../../app.js')
  await new Promise(resolve => process.stdin.once('data', resolve))
  process.stdin.pause()
}
await import('../../server.js')
