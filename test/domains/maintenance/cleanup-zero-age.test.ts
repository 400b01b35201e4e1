// cleanup_server takes 0 for olderThanHours and watchedDays: "now", not a schema refusal. A partial file written
// a moment ago is a temp target at 0 hours and not at the default 24.
import t from 'tap'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildTestApp } from '../../helpers/build.js'
import { toolContext } from '../../helpers/sim-app.js'

t.test('0 hours and 0 days are accepted and mean now', async t => {
  const { app, roots } = await buildTestApp(t)
  mkdirSync(join(roots.media, 'tv/Show/Season 01'), { recursive: true })
  writeFileSync(join(roots.media, 'tv/Show/Season 01/.Show - S01E01.mkv.0123456789ab.msmcp.tmp'), 'partial')
  const names = (r: Awaited<ReturnType<typeof app.tools.call>>) =>
    ((r.structuredContent as { confirmation?: { targets?: Array<{ name: string }> } }).confirmation?.targets ?? []).map(x => x.name)

  const now = await app.tools.call('cleanup_server', { categories: ['temp'], olderThanHours: 0 }, toolContext())
  t.notOk(now.isError, now.content[0].text)
  t.same(names(now), ['tv/Show/Season 01/.Show - S01E01.mkv.0123456789ab.msmcp.tmp'])
  const aDay = await app.tools.call('cleanup_server', { categories: ['temp'] }, toolContext())
  t.notOk(aDay.isError, aDay.content[0].text)
  t.same(names(aDay), [], 'too young for the default 24 hours')

  const watched = await app.tools.call('cleanup_server', { categories: ['watched'], watchedDays: 0 }, toolContext())
  t.notMatch(watched.content[0].text, /Invalid arguments/, watched.content[0].text)
})
