import { test } from 'tap'
import { readFileSync } from 'node:fs'
import { runProcess, ProcessError, startDaemon, findExecutable, RingBuffer, lineSplitter, childEnv } from '../../core/process/index.js'
import { until } from '../helpers/until.js'

/** Running and not a zombie (in a container nothing may reap an orphan, so kill(pid, 0) is not enough). */
function alive (pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return !/^\d+ \(.*\) [ZX]/.test(stat)
  } catch { return false }
}

test('runs with an argv array: shell metacharacters are plain arguments', async t => {
  const res = await runProcess('printf', ['%s|', '$(echo pwned)', '; rm -rf /', '`id`'])
  t.equal(res.stdout, '$(echo pwned)|; rm -rf /|`id`|')
  t.equal(res.exitCode, 0)
})

test('a missing program fails as not_found, naming the file', async t => {
  const err = await runProcess('/nonexistent/yt-dlp', ['--version'], { label: 'yt-dlp' }).catch(e => e)
  t.type(err, ProcessError)
  t.equal(err.reason, 'not_found')
  t.match(err.message, /yt-dlp could not be started: "\/nonexistent\/yt-dlp" was not found/)
  t.equal(await findExecutable('/nonexistent/yt-dlp'), undefined)
  t.ok(await findExecutable('sh'))
})

test('a non-zero exit rejects with the stderr tail', async t => {
  const err = await runProcess('sh', ['-c', 'echo first >&2; echo "ERROR: bad thing" >&2; exit 3'], { label: 'tool' }).catch(e => e)
  t.equal(err.reason, 'exit_code')
  t.equal(err.result.exitCode, 3)
  t.same(err.stderrLines(1), ['ERROR: bad thing'])
  const ok = await runProcess('sh', ['-c', 'exit 2'], { okExitCodes: [0, 2] })
  t.equal(ok.exitCode, 2)
})

test('timeout kills the whole process group, grandchildren included', async t => {
  const lines: string[] = []
  // The group never ends on its own (an hour, longer than any test may take): returning at all is the timeout's doing.
  const err = await runProcess('sh', ['-c', 'sleep 3600 & echo $!; wait'], {
    timeoutMs: 400, killGraceMs: 200, onLine: l => lines.push(l)
  }).catch(e => e)
  t.equal(err.reason, 'timeout', 'stopped by the timeout')
  const grandchild = Number(lines[0])
  t.ok(grandchild > 0)
  await until(() => !alive(grandchild))
  t.pass('the background sleep died with its group')
})

test('stall detection stops a silent process but not a chatty one', async t => {
  const err = await runProcess('sh', ['-c', 'echo start; sleep 3600'], { stallMs: 300 }).catch(e => e)
  t.equal(err.reason, 'stalled')
  t.equal(err.result.stdout, 'start\n')
  // Chatty: a line every 0.2 s for 1.2 s, against a stall limit of 30 s (a silent run that long would stall; the
  // margin leaves room for a loaded machine between two lines).
  const res = await runProcess('sh', ['-c', 'for i in 1 2 3 4 5 6; do echo $i; sleep 0.2; done'], { stallMs: 30_000 })
  t.equal(res.stdout.split('\n').filter(Boolean).length, 6)
})

test('progress lines arrive as they are printed, \\r-separated ones too', async t => {
  const seen: Array<[string, string]> = []
  await runProcess('sh', ['-c', 'printf "10%%\\r50%%\\r100%%\\n"; echo done >&2'], { onLine: (l, s) => seen.push([l, s]) })
  t.same(seen.filter(([, s]) => s === 'stdout').map(([l]) => l), ['10%', '50%', '100%'])
  t.same(seen.filter(([, s]) => s === 'stderr').map(([l]) => l), ['done'])
})

test('an AbortSignal cancels', async t => {
  const ac = new AbortController()
  setTimeout(() => ac.abort(), 150)
  const err = await runProcess('sleep', ['30'], { signal: ac.signal }).catch(e => e)
  t.equal(err.reason, 'aborted')
  const pre = await runProcess('sleep', ['30'], { signal: AbortSignal.abort() }).catch(e => e)
  t.equal(pre.reason, 'aborted')
})

test('stdout is bounded, stdin can be fed', async t => {
  const res = await runProcess('head', ['-c', '100000', '/dev/zero'], { maxStdoutBytes: 1000 })
  t.equal(res.stdout.length, 1000)
  t.equal(res.stdoutTruncated, true)
  const cat = await runProcess('cat', [], { input: 'hello' })
  t.equal(cat.stdout, 'hello')
})

test('ring buffer keeps the tail; splitter handles split chunks', async t => {
  const ring = new RingBuffer(10)
  ring.push('0123456789')
  ring.push('abcdef')
  t.equal(ring.text(), '6789abcdef')
  ring.push('x'.repeat(50))
  t.equal(ring.text(), 'x'.repeat(10))
  const lines: string[] = []
  const split = lineSplitter(l => lines.push(l))
  split.push('ab')
  split.push('c\nde')
  split.push('f\r\ng')
  split.flush()
  t.same(lines, ['abc', 'def', 'g'])
})

test('daemon: started in its own group and stopped with SIGTERM, then SIGKILL', async t => {
  const d = await startDaemon('sh', ['-c', 'trap "" TERM; echo ready; while true; do sleep 0.1; done'], { label: 'stubborn' })
  t.teardown(() => d.stop(100))
  await until(() => /ready/.test(d.outputTail()))
  t.ok(d.running)
  // It ignores SIGTERM and loops for ever: stop() returning at all is the SIGKILL after the grace.
  await d.stop(300)
  t.notOk(d.running)
  t.notOk(alive(d.pid))
  await t.rejects(startDaemon('/nonexistent/aria2c', []), /was not found/)
})

test('daemon: its output is all there once untilOutputClosed resolves, however soon after the exit', async t => {
  // A burst written right before exiting: the exit may be told first, the output is read by untilOutputClosed.
  const d = await startDaemon('sh', ['-c', 'i=0; while [ $i -lt 2000 ]; do echo "line $i"; i=$((i+1)); done; echo "Unable to bind" >&2; exit 3'], { label: 'quick' })
  await d.exited
  await d.untilOutputClosed(600_000) // as soon as the output closed: the bound is not what ends this wait
  t.notOk(d.running)
  t.match(d.outputTail(), /Unable to bind/, 'the last line written is in the tail')
})

test('daemon: the wait for its output is bounded when a process it left behind holds the output open', async t => {
  const d = await startDaemon('sh', ['-c', 'sleep 600 & echo "left one behind"; exit 0'], { label: 'leaver' })
  t.teardown(() => { try { process.kill(-d.pid, 'SIGKILL') } catch {} })
  await until(() => /left one behind/.test(d.outputTail()))
  await d.exited
  let closed = false
  d.untilOutputClosed(600_000).then(() => { closed = true }, () => {})
  await d.untilOutputClosed(100)
  t.notOk(closed, 'the wait ended while the output is still open (the sleep holds it)')
})

test('childEnv keeps only the allowlisted variables plus the extras given', async t => {
  const source = { PATH: '/bin', LANG: 'C.UTF-8', HOME: '/home/server', INTERNAL_API_KEY: 'k', http_proxy: 'http://p:1', NO_PROXY: '*' }
  t.same(childEnv({ HOME: '/state/tool', EMPTY: undefined }, source), { PATH: '/bin', LANG: 'C.UTF-8', HOME: '/state/tool' })
  t.same(childEnv({}, source), { PATH: '/bin', LANG: 'C.UTF-8' }, 'no HOME, no keys, no proxy settings unless given')
})
