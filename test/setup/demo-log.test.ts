// The demo prints readable log lines, never raw JSON, between its own lines; secrets stay redacted.
import t from 'tap'
import { readableLogLine, readableLogStream } from '../../scripts/demo-log.js'
import { REDACT_PATHS, buildApp } from '../../app.js'
import { makeRoots, testConfig } from '../helpers/build.js'

t.test('a pino JSON line becomes one readable line', async t => {
  const line = readableLogLine(JSON.stringify({ level: 40, time: 1, pid: 7, hostname: 'h', msg: 'backend error', tool: 'series_grab', service: 'Sonarr', status: 409 }))
  t.equal(line, '  ! warn  backend error (tool=series_grab service=Sonarr status=409)')
  t.match(readableLogLine(JSON.stringify({ level: 50, msg: 'tool failed unexpectedly', err: { type: 'Error', message: 'boom', stack: 'Error: boom\n at x' } })), /^ {2}✗ error tool failed unexpectedly \(err="boom"\)$/)
  t.equal(readableLogLine('not json'), '  not json')
})

t.test('the app logs through it as the demo sets it up', async t => {
  const roots = makeRoots()
  t.teardown(roots.cleanup)
  const lines: string[] = []
  const config = testConfig(roots, { LOG_LEVEL: 'warn' })
  const app = await buildApp(config, { logger: { level: 'warn', redact: { paths: REDACT_PATHS, censor: '[redacted]' }, stream: readableLogStream(l => lines.push(l)) } })
  t.teardown(() => app.close())
  app.log.warn({ service: 'Sonarr', headers: { authorization: 'Bearer secret-value' } }, 'backend error')
  app.log.info('not shown at warn')
  t.ok(lines.length >= 1)
  t.notOk(lines.some(l => l.trim().startsWith('{')), 'no raw JSON')
  t.notOk(lines.some(l => l.includes('not shown')), 'the level applies')
  t.match(lines.find(l => l.includes('backend error')), /! warn {2}backend error \(service=Sonarr/)
  t.notOk(lines.join('\n').includes('secret-value'), 'redaction still applies')
})
