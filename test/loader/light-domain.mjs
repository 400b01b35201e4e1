// What tap's tests use of async-hook-domain, without its async hook (batch processes only: test/loader/hooks.mjs).
// The package tags every async resource, each promise included, with the domain (the test) that created it, and
// tracks each one's destruction, so that an error thrown or rejected later in that chain is reported by that test.
// Measured on the slowest files, the hook and its destroy tracking were about a sixth of a test process's CPU.
// Here an uncaught error goes to the innermost test that has started and not ended: the test running now, as a
// batch runs its files and their tests one after another. What is lost is attribution, never a failure: an error
// a test leaves behind after it ended is reported by the test running when it surfaces (its stack still says where
// it came from), and with no test running the process ends with it, as it would have without tap.
import { executionAsyncResource } from 'node:async_hooks'

const open = []
let listening = false

/** tap makes a test's domain inside the test's own async resource (TapWrap, which holds the test); the root's has none. */
const running = domain => domain.test === undefined || domain.test.start !== 0n

function surfaced (err, type) {
  const domain = open.findLast(running)
  if (domain === undefined) {
    process.stderr.write(`${type} with no test running: ${err?.stack ?? String(err)}\n`)
    process.exit(1)
  }
  try {
    domain.onerror(err, type)
  } catch (thrown) {
    // As the package: a domain whose handler throws is done, and the error goes to the next one out.
    domain.destroy()
    surfaced(thrown, 'uncaughtException')
  }
}

export class Domain {
  constructor (onerror) {
    if (typeof onerror !== 'function') throw new TypeError('onerror must be a function')
    this.onerror = onerror
    this.test = executionAsyncResource()?.test
    this.destroyed = false
    open.push(this)
    if (!listening) {
      listening = true
      process.on('uncaughtException', err => surfaced(err, 'uncaughtException'))
      process.on('unhandledRejection', err => surfaced(err, 'unhandledRejection'))
    }
  }

  destroy () {
    if (this.destroyed) return
    this.destroyed = true
    const at = open.lastIndexOf(this)
    if (at !== -1) open.splice(at, 1)
  }
}
